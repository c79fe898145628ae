<?php
/**
 * Reads the gifts behind statements from the donations table.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Statements;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Receipts\DonationFormat;
use DonationWidget\Receipts\ReceiptLog;
use DonationWidget\Receipts\ReceiptNumber;
use DonationWidget\Settings\Settings;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders -- statements read the shared donations table (never a cache, so every server agrees); the only interpolated names are the plugin's own tables from Schema::table() and placeholders built for a list, every value goes through $wpdb->prepare().

/**
 * A gift counts when its money was received and kept: status succeeded. Refunded gifts are left
 * out, and so are partly refunded ones, because the table does not keep how much of them was
 * refunded and a statement must never claim more than the donor gave.
 *
 * Every query reads the donations index statement_donor (status, email, donate_as,
 * organisation_name, created_at, total_cents): one donor's gifts are a short range of it, and a
 * year's donors are walked email by email in pages (keyset on email), so no query reads the
 * whole table, however many donations it holds.
 */
final class StatementQuery {

	/**
	 * Builds the query.
	 *
	 * @param Settings $settings Receipt number prefix.
	 */
	public function __construct( private readonly Settings $settings ) {
	}

	/**
	 * The statement key of a gift: the organisation's name for a gift made as an organisation,
	 * otherwise '' (the donor's own).
	 *
	 * @param string $donate_as         individual or organisation.
	 * @param string $organisation_name As entered.
	 */
	public static function organisation_of( string $donate_as, string $organisation_name ): string {
		return 'organisation' === $donate_as ? trim( $organisation_name ) : '';
	}

	/**
	 * Every statement of one email address in a year (its own, and one per organisation), with
	 * gifts below the threshold left out.
	 *
	 * @param string        $email The donor's address.
	 * @param FinancialYear $year  The year.
	 * @return list<Statement>
	 */
	public function statements_of( string $email, FinancialYear $year ): array {
		global $wpdb;
		$table   = Schema::table( 'donations' );
		$sent    = ReceiptLog::sent_number_column( 'd' );
		$rows    = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT d.id, d.created_at, d.total_cents, d.method, d.receipt_seq, d.donate_as, d.organisation_name, d.first_name, d.last_name, {$sent} FROM {$table} d WHERE d.status = %s AND d.email = %s AND d.created_at >= %s AND d.created_at < %s ORDER BY d.created_at ASC, d.id ASC", // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- the sent-number column is a fixed subquery over the plugin's table.
				DonationStatus::SUCCEEDED,
				$email,
				$year->starts_utc(),
				$year->ends_utc()
			),
			ARRAY_A
		);
		$prefix  = $this->settings->string( 'receipt_number_prefix' );
		$grouped = array();
		$names   = array();
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$organisation               = self::organisation_of( (string) $row['donate_as'], (string) $row['organisation_name'] );
			$sequence                   = (int) $row['receipt_seq'];
			$grouped[ $organisation ][] = array(
				'id'             => (int) $row['id'],
				'date'           => (string) $row['created_at'],
				'amount_cents'   => (int) $row['total_cents'],
				'receipt_number' => '' !== (string) $row[ ReceiptLog::SENT_NUMBER ] ? (string) $row[ ReceiptLog::SENT_NUMBER ] : ( $sequence > 0 ? ReceiptNumber::format( $sequence, $prefix ) : '' ),
				'method'         => DonationFormat::method( (string) $row['method'] ),
			);
			// The latest name the donor gave (rows are oldest first).
			$names[ $organisation ] = '' !== $organisation ? $organisation : trim( $row['first_name'] . ' ' . $row['last_name'] );
		}
		$statements = array();
		foreach ( $grouped as $organisation => $gifts ) {
			$statement = new Statement( $year, $email, (string) $organisation, $names[ $organisation ], $gifts );
			if ( $statement->is_due() ) {
				$statements[] = $statement;
			}
		}
		usort( $statements, static fn ( Statement $a, Statement $b ): int => strcmp( $a->organisation, $b->organisation ) );
		return $statements;
	}

	/**
	 * One statement of an address in a year.
	 *
	 * @param string        $email        The donor's address.
	 * @param string        $organisation '' for the donor's own.
	 * @param FinancialYear $year         The year.
	 */
	public function statement( string $email, string $organisation, FinancialYear $year ): ?Statement {
		foreach ( $this->statements_of( $email, $year ) as $statement ) {
			if ( 0 === strcasecmp( $statement->organisation, $organisation ) ) {
				return $statement;
			}
		}
		return null;
	}

	/**
	 * The years (ended by now) and organisations an address has a statement for, latest first.
	 *
	 * @param string $email The donor's address.
	 * @return list<array{year: FinancialYear, organisation: string}>
	 */
	public function years_of( string $email ): array {
		global $wpdb;
		$rows   = $wpdb->get_results(
			$wpdb->prepare(
				'SELECT donate_as, organisation_name, created_at, total_cents FROM ' . Schema::table( 'donations' ) . ' WHERE status = %s AND email = %s',
				DonationStatus::SUCCEEDED,
				$email
			),
			ARRAY_A
		);
		$totals = array();
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$year = FinancialYear::of( (string) $row['created_at'] );
			if ( ! $year->has_ended() ) {
				continue;
			}
			$key            = $year->ending . '|' . self::organisation_of( (string) $row['donate_as'], (string) $row['organisation_name'] );
			$totals[ $key ] = ( $totals[ $key ] ?? 0 ) + (int) $row['total_cents'];
		}
		$found = array();
		foreach ( $totals as $key => $cents ) {
			if ( $cents >= Statement::THRESHOLD_CENTS ) {
				list( $ending, $organisation ) = explode( '|', (string) $key, 2 );
				$found[]                       = array(
					'year'         => new FinancialYear( (int) $ending ),
					'organisation' => $organisation,
				);
			}
		}
		usort( $found, static fn ( array $a, array $b ): int => array( $b['year']->ending, $a['organisation'] ) <=> array( $a['year']->ending, $b['organisation'] ) );
		return $found;
	}

	/**
	 * The next page of donors with a gift in any year: their addresses after $after, in order.
	 * The statement_donor index serves it as a short range read (status, then email), named
	 * because MariaDB, going by a table's statistics, sometimes prefers an index on status alone
	 * and then sorts every paid gift's address for each page.
	 *
	 * @param string $after The last address of the previous page ('' for the first).
	 * @param int    $limit Page size.
	 * @return list<string>
	 */
	public function donor_page( string $after, int $limit ): array {
		global $wpdb;
		$emails = $wpdb->get_col(
			$wpdb->prepare(
				'SELECT DISTINCT email FROM ' . Schema::table( 'donations' ) . ' FORCE INDEX (statement_donor) WHERE status = %s AND email > %s ORDER BY email ASC LIMIT %d',
				DonationStatus::SUCCEEDED,
				$after,
				$limit
			)
		);
		return array_values( array_map( 'strval', $emails ) );
	}

	/**
	 * How many statements a year has: donor and organisation pairs whose gifts reach the
	 * threshold, grouped as totals_of() groups them (the table's collation ignores case). One
	 * grouped read of the statement_donor index, for the count "Send all" asks to confirm.
	 *
	 * @param FinancialYear $year The year.
	 */
	public function count_of( FinancialYear $year ): int {
		global $wpdb;
		$table = Schema::table( 'donations' );
		return (int) $wpdb->get_var(
			$wpdb->prepare(
				"SELECT COUNT(*) FROM (SELECT 1 FROM {$table} FORCE INDEX (statement_donor) WHERE status = %s AND created_at >= %s AND created_at < %s GROUP BY email, CASE WHEN donate_as = 'organisation' THEN TRIM(organisation_name) ELSE '' END HAVING SUM(total_cents) >= %d) AS statements",
				DonationStatus::SUCCEEDED,
				$year->starts_utc(),
				$year->ends_utc(),
				Statement::THRESHOLD_CENTS
			)
		);
	}

	/**
	 * The year's totals of some donors, one row per donor and organisation reaching the
	 * threshold, in email order: covered by the statement_donor index, then the donor's name is
	 * read for just those rows by primary key (a deferred join).
	 *
	 * @param string[]      $emails Donor addresses (one page).
	 * @param FinancialYear $year   The year.
	 * @return list<array{email: string, organisation: string, name: string, gifts: int, total_cents: int}>
	 */
	public function totals_of( array $emails, FinancialYear $year ): array {
		global $wpdb;
		if ( array() === $emails ) {
			return array();
		}
		$table  = Schema::table( 'donations' );
		$in     = implode( ', ', array_fill( 0, count( $emails ), '%s' ) );
		$rows   = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT email, donate_as, organisation_name, COUNT(*) AS gifts, SUM(total_cents) AS total_cents, MAX(id) AS latest_id FROM {$table} WHERE status = %s AND email IN ({$in}) AND created_at >= %s AND created_at < %s GROUP BY email, donate_as, organisation_name ORDER BY email ASC", // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- a %s placeholder per email.
				array_merge( array( DonationStatus::SUCCEEDED ), $emails, array( $year->starts_utc(), $year->ends_utc() ) )
			),
			ARRAY_A
		);
		$groups = array();
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$organisation          = self::organisation_of( (string) $row['donate_as'], (string) $row['organisation_name'] );
			$key                   = strtolower( (string) $row['email'] ) . '|' . strtolower( $organisation );
			$group                 = $groups[ $key ] ?? array(
				'email'        => (string) $row['email'],
				'organisation' => $organisation,
				'gifts'        => 0,
				'total_cents'  => 0,
				'latest_id'    => 0,
			);
			$group['gifts']       += (int) $row['gifts'];
			$group['total_cents'] += (int) $row['total_cents'];
			$group['latest_id']    = max( $group['latest_id'], (int) $row['latest_id'] );
			$groups[ $key ]        = $group;
		}
		$groups = array_filter( $groups, static fn ( array $group ): bool => $group['total_cents'] >= Statement::THRESHOLD_CENTS );
		$names  = $this->names_of( array_column( $groups, 'latest_id' ) );
		$totals = array();
		foreach ( $groups as $group ) {
			$totals[] = array(
				'email'        => $group['email'],
				'organisation' => $group['organisation'],
				'name'         => '' !== $group['organisation'] ? $group['organisation'] : ( $names[ $group['latest_id'] ] ?? '' ),
				'gifts'        => $group['gifts'],
				'total_cents'  => $group['total_cents'],
			);
		}
		return $totals;
	}

	/**
	 * Donors' names by donation id, read by primary key.
	 *
	 * @param array<int> $ids Donation ids.
	 * @return array<int, string>
	 */
	private function names_of( array $ids ): array {
		global $wpdb;
		$ids = array_values( array_unique( array_filter( array_map( 'intval', $ids ) ) ) );
		if ( array() === $ids ) {
			return array();
		}
		$in    = implode( ', ', array_fill( 0, count( $ids ), '%d' ) );
		$rows  = $wpdb->get_results( $wpdb->prepare( 'SELECT id, first_name, last_name FROM ' . Schema::table( 'donations' ) . " WHERE id IN ({$in})", $ids ), ARRAY_A ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- a %d placeholder per id.
		$names = array();
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$names[ (int) $row['id'] ] = trim( $row['first_name'] . ' ' . $row['last_name'] );
		}
		return $names;
	}
}
