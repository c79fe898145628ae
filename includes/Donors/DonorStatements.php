<?php
/**
 * The statements' questions the Donors domain answers.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Donors;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders -- the donors' tables, read fresh (a statement run on another server must see a merge at once); the only interpolated names are the plugin's own tables from Schema::table() and a %s or %d placeholder per value of a list.

/**
 * A merged donor's statements are one: the Statements domain asks, through the
 * donation_widget_statement_emails filter, which addresses' gifts make an address's statements
 * and who receives them, and this answers from the donors' identities (the kept donor's primary
 * email first). It also keeps each donor's last statement from donation_widget_statement_sent.
 */
final class DonorStatements {

	/**
	 * The donation_widget_statement_emails filter: for each address held by a donor with more
	 * than one email, that donor's emails, its primary first.
	 *
	 * @param mixed $groups Lower-cased address => addresses (recipient first).
	 * @param mixed $emails The addresses asked.
	 * @return array<string, list<string>>
	 */
	public function statement_emails( mixed $groups, mixed $emails ): array {
		global $wpdb;
		$groups = is_array( $groups ) ? $groups : array();
		$asked  = array_values( array_unique( array_map( static fn ( $email ): string => strtolower( trim( (string) $email ) ), array_filter( is_array( $emails ) ? $emails : array(), 'is_string' ) ) ) );
		if ( array() === $asked ) {
			return $groups;
		}
		$identities = Schema::table( 'donor_identities' );
		$in         = implode( ', ', array_fill( 0, count( $asked ), '%s' ) );
		$held       = self::oldest_first( $wpdb->get_results( $wpdb->prepare( "SELECT id, email, kind, donor_id FROM {$identities} FORCE INDEX (email) WHERE email IN ({$in})", $asked ), ARRAY_A ) ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- a placeholder per value.
		// Each address's donor: the person's own first, else the earliest organisation's.
		$donor_of = array();
		foreach ( $held as $identity ) {
			$email = strtolower( (string) $identity['email'] );
			if ( ! isset( $donor_of[ $email ] ) || ( DonorIdentity::INDIVIDUAL === $identity['kind'] && DonorIdentity::INDIVIDUAL !== $donor_of[ $email ]['kind'] ) ) {
				$donor_of[ $email ] = array(
					'kind'     => (string) $identity['kind'],
					'donor_id' => (int) $identity['donor_id'],
				);
			}
		}
		$donor_ids = array_values( array_unique( array_column( $donor_of, 'donor_id' ) ) );
		if ( array() === $donor_ids ) {
			return $groups;
		}
		$in   = implode( ', ', array_fill( 0, count( $donor_ids ), '%d' ) );
		$rows = self::oldest_first( $wpdb->get_results( $wpdb->prepare( "SELECT i.id, i.donor_id, i.email, dn.email AS primary_email FROM {$identities} i FORCE INDEX (donor_id) INNER JOIN " . Schema::table( 'donors' ) . " dn ON dn.id = i.donor_id WHERE i.donor_id IN ({$in})", $donor_ids ), ARRAY_A ) ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- a placeholder per value.
		$held = array();
		foreach ( $rows as $row ) {
			$id            = (int) $row['donor_id'];
			$held[ $id ] ??= array( strtolower( (string) $row['primary_email'] ) => true );
			$held[ $id ][ strtolower( (string) $row['email'] ) ] = true;
		}
		foreach ( $donor_of as $email => $donor ) {
			$all = array_keys( $held[ $donor['donor_id'] ] ?? array() );
			if ( count( $all ) > 1 ) {
				$groups[ $email ] = array_map( 'strval', $all );
			}
		}
		return $groups;
	}

	/**
	 * Identity rows oldest first, sorted here: an ORDER BY id would let the database walk the
	 * primary key instead of the email and donor_id keys (named in the queries, as
	 * StatementQuery names its own: a page of 200 addresses of a small table may otherwise be
	 * read by a whole-table scan).
	 *
	 * @param mixed $rows Rows with an id.
	 * @return list<array<string, mixed>>
	 */
	private static function oldest_first( mixed $rows ): array {
		$rows = is_array( $rows ) ? array_values( $rows ) : array();
		usort( $rows, static fn ( array $a, array $b ): int => (int) $a['id'] <=> (int) $b['id'] );
		return $rows;
	}

	/**
	 * The donation_widget_statement_sent action: the donor it went to sent a statement now.
	 *
	 * @param mixed $email        The address.
	 * @param mixed $organisation '' for the donor's own.
	 */
	public function statement_sent( mixed $email, mixed $organisation = '' ): void {
		global $wpdb;
		if ( ! is_string( $email ) || '' === $email ) {
			return;
		}
		$donor_id = $wpdb->get_var( $wpdb->prepare( 'SELECT donor_id FROM ' . Schema::table( 'donor_identities' ) . ' WHERE identity_hash = %s', DonorIdentity::statement_hash( $email, is_string( $organisation ) ? $organisation : '' ) ) );
		$row      = null === $donor_id ? null : ( new DonorDirectory() )->live_row( (int) $donor_id );
		if ( null === $row ) {
			return;
		}
		$now = current_time( 'mysql', true );
		$wpdb->query( $wpdb->prepare( 'UPDATE ' . Schema::table( 'donors' ) . ' SET last_statement_at = %s, updated_at = %s WHERE id = %d', $now, $now, (int) $row['id'] ) );
	}
}
