<?php
/**
 * Who a gift's details name.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Donors;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * An individual is their lower-cased email; an organisation (a gift made as one, with a name)
 * its lower-cased, trimmed name and email ("acme ltd <a@example.com>"). A gift with no email, or the address a privacy
 * erasure left on it, names nobody. The identity is computed in SQL only (key_sql()), by the
 * writes of one gift and the batches of the upgrade alike, so both lower-case and trim alike.
 */
final class DonorIdentity {

	public const INDIVIDUAL   = 'individual';
	public const ORGANISATION = 'organisation';

	/**
	 * Holds an identity as read through the SQL below.
	 *
	 * @param string $kind              INDIVIDUAL or ORGANISATION.
	 * @param string $hash              SHA-1 of its key.
	 * @param string $email             Lower-cased email.
	 * @param string $organisation_name Trimmed name ('' for an individual).
	 */
	public function __construct( public readonly string $kind, public readonly string $hash, public readonly string $email, public readonly string $organisation_name ) {
	}

	/**
	 * SQL of whether a donations row is made as an organisation. Fixed column names only.
	 *
	 * @param string $alias The donations table's alias.
	 */
	private static function is_organisation_sql( string $alias ): string {
		$a = self::alias( $alias );
		return "({$a}donate_as = '" . self::ORGANISATION . "' AND TRIM({$a}organisation_name) <> '')";
	}

	/**
	 * SQL of a donations row's kind.
	 *
	 * @param string $alias The donations table's alias.
	 */
	public static function kind_sql( string $alias ): string {
		return 'CASE WHEN ' . self::is_organisation_sql( $alias ) . " THEN '" . self::ORGANISATION . "' ELSE '" . self::INDIVIDUAL . "' END";
	}

	/**
	 * SQL of a donations row's identity hash (SHA-1 of its key).
	 *
	 * @param string $alias The donations table's alias.
	 */
	public static function hash_sql( string $alias ): string {
		$a = self::alias( $alias );
		return 'SHA1(CASE WHEN ' . self::is_organisation_sql( $alias ) . " THEN CONCAT(LOWER(TRIM({$a}organisation_name)), ' <', LOWER(TRIM({$a}email)), '>') ELSE LOWER(TRIM({$a}email)) END)";
	}

	/**
	 * SQL of a donations row's organisation name as its identity keeps it ('' for an individual).
	 *
	 * @param string $alias The donations table's alias.
	 */
	public static function organisation_sql( string $alias ): string {
		$a = self::alias( $alias );
		return 'CASE WHEN ' . self::is_organisation_sql( $alias ) . " THEN TRIM({$a}organisation_name) ELSE '' END";
	}

	/**
	 * SQL of the lower-cased email.
	 *
	 * @param string $alias The donations table's alias.
	 */
	public static function email_sql( string $alias ): string {
		return 'LOWER(TRIM(' . self::alias( $alias ) . 'email))';
	}

	/**
	 * SQL of whether a row names someone, with one %s placeholder for erased_email().
	 *
	 * @param string $alias The donations table's alias.
	 */
	public static function names_someone_sql( string $alias ): string {
		$a = self::alias( $alias );
		return "(TRIM({$a}email) <> '' AND " . self::email_sql( $alias ) . ' <> %s)';
	}

	/**
	 * The address a privacy erasure writes in place of an email.
	 */
	public static function erased_email(): string {
		return strtolower( (string) wp_privacy_anonymize_data( 'email', 'someone@example.com' ) );
	}

	/**
	 * The SQL columns that read an identity from a donations row (with one %s placeholder for
	 * erased_email()): identity_kind, identity_hash, identity_email, identity_organisation,
	 * names_someone.
	 *
	 * @param string $alias The donations table's alias.
	 */
	public static function columns_sql( string $alias ): string {
		return self::kind_sql( $alias ) . ' AS identity_kind, ' . self::hash_sql( $alias ) . ' AS identity_hash, ' . self::email_sql( $alias ) . ' AS identity_email, '
			. self::organisation_sql( $alias ) . ' AS identity_organisation, ' . self::names_someone_sql( $alias ) . ' AS names_someone';
	}

	/**
	 * The identity of a row read with columns_sql(), or null when it names nobody.
	 *
	 * @param array<string, mixed> $row The row.
	 */
	public static function of_row( array $row ): ?self {
		if ( 1 !== (int) ( $row['names_someone'] ?? 0 ) ) {
			return null;
		}
		return new self( (string) $row['identity_kind'], (string) $row['identity_hash'], (string) $row['identity_email'], (string) $row['identity_organisation'] );
	}

	/**
	 * The hash of an individual's identity (an email in any case), computed by the database as
	 * hash_sql() computes it.
	 *
	 * @param string $email The email.
	 */
	public static function individual_hash( string $email ): string {
		global $wpdb;
		return (string) $wpdb->get_var( $wpdb->prepare( 'SELECT SHA1(LOWER(TRIM(%s)))', $email ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- a computation, no table.
	}

	/**
	 * The hash of a statement's donor: an individual's for no organisation, else the
	 * organisation's (computed by the database as hash_sql() computes it).
	 *
	 * @param string $email        The email.
	 * @param string $organisation The organisation's name, '' for the donor's own.
	 */
	public static function statement_hash( string $email, string $organisation ): string {
		global $wpdb;
		if ( '' === trim( $organisation ) ) {
			return self::individual_hash( $email );
		}
		return (string) $wpdb->get_var( $wpdb->prepare( "SELECT SHA1(CONCAT(LOWER(TRIM(%s)), ' <', LOWER(TRIM(%s)), '>'))", $organisation, $email ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- a computation, no table.
	}

	/**
	 * A column prefix.
	 *
	 * @param string $alias Alias or ''.
	 */
	private static function alias( string $alias ): string {
		return '' === $alias ? '' : preg_replace( '/[^A-Za-z0-9_]/', '', $alias ) . '.';
	}
}
