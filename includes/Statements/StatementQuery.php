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

use DonationWidget\Books\Disputes\Dispute;
use DonationWidget\Database\Schema;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Donations\GiftFigures;
use DonationWidget\Donations\GiftOrigin;
use DonationWidget\Donations\ImportedGift;
use DonationWidget\Receipts\DonationFormat;
use DonationWidget\Receipts\ReceiptLog;
use DonationWidget\Receipts\ReceiptNumber;
use DonationWidget\Settings\Settings;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders -- statements read the shared donations table (never a cache, so every server agrees); the only interpolated names are the plugin's own tables from Schema::table() and placeholders built for a list, every value goes through $wpdb->prepare().

/**
 * A gift counts for the money the charity received and kept: a succeeded gift in full, a partly
 * refunded one at its kept amount (total less refunded_cents and any lost dispute, which
 * Books\Refunds keeps exact), and a fully refunded one not at all, so a statement never claims
 * more than the donor gave, nor leaves out what they did give. A gift partly refunded before
 * the amounts were kept (refunded_cents 0) still counts nothing: what it kept is unknown.
 *
 * Every query reads the donations index statement_donor (status, email, donate_as,
 * organisation_name, created_at, total_cents): one donor's gifts are a short range of it, and a
 * year's donors are walked email by email in pages (keyset on email), so no query reads the
 * whole table, however many donations it holds. The index does not hold dispute_lost_cents, so
 * the totals read a succeeded gift at its total from the index alone and subtract a short
 * correction read over the dispute_created key (dispute_status 'lost', the year's dates): lost
 * chargebacks are rare, so the counts and totals agree with statements_of() without reading
 * every row.
 */
final class StatementQuery {

	/**
	 * The filter that says which addresses' gifts make one donor's statements, and which
	 * address receives them (another domain, such as Donors after a merge, answers it; this one
	 * knows nothing of it). Given array( lower-cased address => array( address ) ) and the
	 * addresses asked, it answers for each address the list of addresses whose gifts make its
	 * donor's statements, the recipient first; an address whose recipient is another has no
	 * statements of its own.
	 */
	public const EMAILS_FILTER = 'donation_widget_statement_emails';

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
	 * For each address, the addresses whose gifts make its donor's statements, the recipient
	 * first (EMAILS_FILTER; each address alone unless a listener says otherwise).
	 *
	 * @param string[] $emails Addresses.
	 * @return array<string, list<string>> Keyed by lower-cased address.
	 */
	public function statement_emails( array $emails ): array {
		$groups = array();
		foreach ( $emails as $email ) {
			$groups[ strtolower( $email ) ] = array( $email );
		}
		if ( array() === $groups ) {
			return array();
		}
		/**
		 * Which addresses' gifts make one donor's statements, and which address receives them.
		 *
		 * @param array<string, list<string>> $groups Lower-cased address => addresses, recipient first.
		 * @param list<string>                $emails The addresses asked.
		 */
		$answered = apply_filters( 'donation_widget_statement_emails', $groups, array_values( $emails ) );
		foreach ( array_keys( $groups ) as $key ) {
			$answer = is_array( $answered ) && isset( $answered[ $key ] ) && is_array( $answered[ $key ] ) ? array_values( array_filter( $answered[ $key ], 'is_string' ) ) : array();
			if ( array() !== $answer ) {
				$groups[ $key ] = $answer;
			}
		}
		return $groups;
	}

	/**
	 * The address that receives the statements an address's gifts are on (itself unless merged
	 * into another donor).
	 *
	 * @param string $email The address.
	 */
	public function recipient_of( string $email ): string {
		return $this->statement_emails( array( $email ) )[ strtolower( $email ) ][0] ?? $email;
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
		return array_values( array_filter( $this->all_statements_of( $email, $year ), static fn ( Statement $statement ): bool => $statement->is_due() ) );
	}

	/**
	 * One statement of an address in a year as its gifts are now, even when refunds took it
	 * below the threshold or to no gift at all (what an amended statement says).
	 *
	 * @param string        $email        The donor's address.
	 * @param string        $organisation '' for the donor's own.
	 * @param FinancialYear $year         The year.
	 */
	public function as_now( string $email, string $organisation, FinancialYear $year ): Statement {
		foreach ( $this->all_statements_of( $email, $year ) as $statement ) {
			if ( 0 === strcasecmp( $statement->organisation, $organisation ) ) {
				return $statement;
			}
		}
		return new Statement( $year, $email, $organisation, '', array() );
	}

	/**
	 * Whose statement a donation is on: its address, organisation key and financial year.
	 *
	 * @param int $donation_id Donation row id.
	 * @return array{email: string, organisation: string, year: FinancialYear}|null
	 */
	public function statement_key_of( int $donation_id ): ?array {
		global $wpdb;
		$row = $wpdb->get_row( $wpdb->prepare( 'SELECT email, donate_as, organisation_name, created_at FROM ' . Schema::table( 'donations' ) . ' WHERE id = %d', $donation_id ), ARRAY_A );
		if ( ! is_array( $row ) || '' === (string) $row['email'] ) {
			return null;
		}
		return array(
			'email'        => $this->recipient_of( (string) $row['email'] ),
			'organisation' => self::organisation_of( (string) $row['donate_as'], (string) $row['organisation_name'] ),
			'year'         => FinancialYear::of( (string) $row['created_at'] ),
		);
	}

	/**
	 * Every statement of an address in a year, whatever its total, by organisation.
	 *
	 * @param string        $email The donor's address.
	 * @param FinancialYear $year  The year.
	 * @return list<Statement>
	 */
	private function all_statements_of( string $email, FinancialYear $year ): array {
		global $wpdb;
		$emails = $this->statement_emails( array( $email ) )[ strtolower( $email ) ] ?? array( $email );
		if ( 0 !== strcasecmp( $emails[0], $email ) ) {
			// Its gifts are on the statements of the address it was merged with.
			return array();
		}
		$table   = Schema::table( 'donations' );
		$sent    = ReceiptLog::sent_number_column( 'd' );
		$in      = implode( ', ', array_fill( 0, count( $emails ), '%s' ) );
		$rows    = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT d.id, d.status, d.created_at, d.total_cents, d.refunded_cents, d.dispute_lost_cents, d.method, d.receipt_seq, d.provider, d.provider_reference, d.donate_as, d.organisation_name, d.first_name, d.last_name, {$sent} FROM {$table} d WHERE d.status IN (%s, %s) AND d.email IN ({$in}) AND d.created_at >= %s AND d.created_at < %s ORDER BY d.created_at ASC, d.id ASC", // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- the sent-number column is a fixed subquery over the plugin's table; a %s placeholder per address.
				array_merge( array( DonationStatus::SUCCEEDED, DonationStatus::PARTIALLY_REFUNDED ), $emails, array( $year->starts_utc(), $year->ends_utc() ) )
			),
			ARRAY_A
		);
		$prefix  = $this->settings->string( 'receipt_number_prefix' );
		$grouped = array();
		$names   = array();
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$kept = self::kept( $row );
			if ( $kept <= 0 ) {
				continue;
			}
			$organisation               = self::organisation_of( (string) $row['donate_as'], (string) $row['organisation_name'] );
			$sequence                   = (int) $row['receipt_seq'];
			$grouped[ $organisation ][] = array(
				'id'             => (int) $row['id'],
				'date'           => (string) $row['created_at'],
				'amount_cents'   => $kept,
				'receipt_number' => self::receipt_number( $row, $sequence, $prefix ),
				'method'         => DonationFormat::method( (string) $row['method'] ),
			);
			// The latest name the donor gave (rows are oldest first).
			$names[ $organisation ] = '' !== $organisation ? $organisation : trim( $row['first_name'] . ' ' . $row['last_name'] );
		}
		$statements = array();
		foreach ( $grouped as $organisation => $gifts ) {
			$statements[] = new Statement( $year, $email, (string) $organisation, $names[ $organisation ], $gifts );
		}
		usort( $statements, static fn ( Statement $a, Statement $b ): int => strcmp( $a->organisation, $b->organisation ) );
		return $statements;
	}

	/**
	 * The receipt number a statement prints for a gift: the one sent, or its number; an imported
	 * gift (never receipted here) shows its source's number, or "imported".
	 *
	 * @param array<string, mixed> $row      The gift's row.
	 * @param int                  $sequence Its receipt_seq (0 for none).
	 * @param string               $prefix   The receipt numbers' prefix.
	 */
	private static function receipt_number( array $row, int $sequence, string $prefix ): string {
		if ( '' !== (string) $row[ ReceiptLog::SENT_NUMBER ] ) {
			return (string) $row[ ReceiptLog::SENT_NUMBER ];
		}
		if ( $sequence > 0 ) {
			return ReceiptNumber::format( $sequence, $prefix );
		}
		return GiftOrigin::IMPORTED === (string) $row['provider'] ? ImportedGift::receipt_number( (string) $row['provider_reference'] ) : '';
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
		$emails = $this->statement_emails( array( $email ) )[ strtolower( $email ) ] ?? array( $email );
		if ( 0 !== strcasecmp( $emails[0], $email ) ) {
			return array();
		}
		$in     = implode( ', ', array_fill( 0, count( $emails ), '%s' ) );
		$rows   = $wpdb->get_results(
			$wpdb->prepare(
				'SELECT status, donate_as, organisation_name, created_at, total_cents, refunded_cents, dispute_lost_cents FROM ' . Schema::table( 'donations' ) . " WHERE status IN (%s, %s) AND email IN ({$in})", // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- a %s placeholder per address.
				array_merge( array( DonationStatus::SUCCEEDED, DonationStatus::PARTIALLY_REFUNDED ), $emails )
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
			$totals[ $key ] = ( $totals[ $key ] ?? 0 ) + max( 0, self::kept( $row ) );
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
	 * and then sorts every paid gift's address for each page. Donors of partly refunded gifts are
	 * a second, short range of the same index, read up to the page's last address so the page
	 * stays one keyset range in the table's own collation; its last address is the cursor.
	 *
	 * @param string $after The last address of the previous page ('' for the first).
	 * @param int    $limit Page size.
	 * @return list<string> The addresses; at least $limit of them unless this is the last page.
	 */
	public function donor_page( string $after, int $limit ): array {
		global $wpdb;
		$table   = Schema::table( 'donations' );
		$page    = fn ( string $status, string $upto, int $most ): array => $this->emails_after( $status, $after, $upto, $most );
		$paid    = $page( DonationStatus::SUCCEEDED, '', $limit );
		$partial = array();
		$last    = '';
		if ( count( $paid ) >= $limit ) {
			$last    = (string) end( $paid );
			$partial = $page( DonationStatus::PARTIALLY_REFUNDED, $last, 0 );
		} else {
			$partial = $page( DonationStatus::PARTIALLY_REFUNDED, '', $limit );
			if ( count( $partial ) >= $limit ) {
				$last = (string) end( $partial );
				$paid = $page( DonationStatus::SUCCEEDED, $last, 0 );
			} elseif ( array() !== $paid && array() !== $partial ) {
				// Both ranges ended: the cursor is whichever of their last addresses sorts later.
				$last = (string) $wpdb->get_var( $wpdb->prepare( "SELECT email FROM {$table} FORCE INDEX (statement_donor) WHERE status IN (%s, %s) AND email IN (%s, %s) ORDER BY email DESC LIMIT 1", DonationStatus::SUCCEEDED, DonationStatus::PARTIALLY_REFUNDED, end( $paid ), end( $partial ) ) );
			}
		}
		$emails = array();
		foreach ( array_merge( $paid, $partial ) as $email ) {
			$emails[ strtolower( $email ) ] = $email;
		}
		if ( '' !== $last ) {
			// The cursor goes last.
			unset( $emails[ strtolower( $last ) ] );
			$emails[ strtolower( $last ) ] = $last;
		}
		return array_values( $emails );
	}

	/**
	 * Addresses of one status after $after, in the index's order: up to $upto (inclusive) when
	 * given, else the first $most.
	 *
	 * @param string $status A donation status.
	 * @param string $after  Exclusive lower bound.
	 * @param string $upto   Inclusive upper bound, or ''.
	 * @param int    $most   Most addresses, when there is no upper bound.
	 * @return list<string>
	 */
	private function emails_after( string $status, string $after, string $upto, int $most ): array {
		global $wpdb;
		$table = Schema::table( 'donations' );
		if ( '' !== $upto ) {
			$emails = $wpdb->get_col( $wpdb->prepare( "SELECT DISTINCT email FROM {$table} FORCE INDEX (statement_donor) WHERE status = %s AND email > %s AND email <= %s ORDER BY email ASC", $status, $after, $upto ) );
		} else {
			$emails = $wpdb->get_col( $wpdb->prepare( "SELECT DISTINCT email FROM {$table} FORCE INDEX (statement_donor) WHERE status = %s AND email > %s ORDER BY email ASC LIMIT %d", $status, $after, $most ) );
		}
		return array_values( array_map( 'strval', $emails ) );
	}

	/**
	 * How many statements a year has: donor and organisation pairs whose gifts reach the
	 * threshold, grouped as totals_of() groups them (the table's collation ignores case). A
	 * grouped read of the statement_donor index (succeeded gifts, from the index alone) and of the
	 * year's few partly refunded gifts at their kept amounts, less the year's few succeeded gifts
	 * lost to a chargeback (the dispute_created key), for the count "Send all" asks to confirm.
	 *
	 * @param FinancialYear $year The year.
	 */
	public function count_of( FinancialYear $year ): int {
		global $wpdb;
		$table = Schema::table( 'donations' );
		return (int) $wpdb->get_var(
			$wpdb->prepare(
				"SELECT COUNT(*) FROM (SELECT 1 FROM (SELECT email, donate_as, organisation_name, total_cents AS kept FROM {$table} FORCE INDEX (statement_donor) WHERE status = %s AND created_at >= %s AND created_at < %s UNION ALL SELECT email, donate_as, organisation_name, CAST(total_cents AS SIGNED) - refunded_cents - dispute_lost_cents AS kept FROM {$table} FORCE INDEX (statement_donor) WHERE status = %s AND created_at >= %s AND created_at < %s AND refunded_cents > 0 UNION ALL SELECT email, donate_as, organisation_name, -CAST(LEAST(dispute_lost_cents, total_cents) AS SIGNED) AS kept FROM {$table} FORCE INDEX (dispute_created) WHERE dispute_status = %s AND created_at >= %s AND created_at < %s AND status = %s AND dispute_lost_cents > 0) AS gifts GROUP BY email, CASE WHEN donate_as = 'organisation' THEN TRIM(organisation_name) ELSE '' END HAVING SUM(kept) >= %d) AS statements",
				DonationStatus::SUCCEEDED,
				$year->starts_utc(),
				$year->ends_utc(),
				DonationStatus::PARTIALLY_REFUNDED,
				$year->starts_utc(),
				$year->ends_utc(),
				Dispute::LOST,
				$year->starts_utc(),
				$year->ends_utc(),
				DonationStatus::SUCCEEDED,
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
		// A merged donor's statement counts the gifts of every address it holds, whichever page
		// they fall on: the page's addresses and those they share a statement with are read, and
		// each gift is counted for the address that receives the statement.
		$recipient = array();
		foreach ( $this->statement_emails( $emails ) as $group ) {
			foreach ( $group as $member ) {
				$recipient[ strtolower( $member ) ] = $group[0];
			}
		}
		$emails = array_values( array_unique( array_merge( array_map( 'strval', $emails ), array_keys( $recipient ) ) ) );
		$table  = Schema::table( 'donations' );
		$in     = implode( ', ', array_fill( 0, count( $emails ), '%s' ) );
		$rows   = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT email, donate_as, organisation_name, COUNT(*) AS gifts, SUM(total_cents) AS total_cents, MAX(id) AS latest_id FROM {$table} WHERE status = %s AND email IN ({$in}) AND created_at >= %s AND created_at < %s GROUP BY email, donate_as, organisation_name ORDER BY email ASC", // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- a %s placeholder per email.
				array_merge( array( DonationStatus::SUCCEEDED ), $emails, array( $year->starts_utc(), $year->ends_utc() ) )
			),
			ARRAY_A
		);
		// The page's partly refunded gifts, at their kept amounts: a short range of the same index.
		$partial = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT email, donate_as, organisation_name, COUNT(*) AS gifts, SUM(CAST(total_cents AS SIGNED) - refunded_cents - dispute_lost_cents) AS total_cents, MAX(id) AS latest_id FROM {$table} WHERE status = %s AND email IN ({$in}) AND created_at >= %s AND created_at < %s AND refunded_cents > 0 AND total_cents > refunded_cents + dispute_lost_cents GROUP BY email, donate_as, organisation_name", // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- a %s placeholder per email.
				array_merge( array( DonationStatus::PARTIALLY_REFUNDED ), $emails, array( $year->starts_utc(), $year->ends_utc() ) )
			),
			ARRAY_A
		);
		// The page's succeeded gifts lost to a chargeback, taken back out of the index's totals (a
		// gift lost in full leaves the count too, as statements_of() leaves it out).
		$lost   = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT email, donate_as, organisation_name, -SUM(dispute_lost_cents >= total_cents) AS gifts, -SUM(LEAST(dispute_lost_cents, total_cents)) AS total_cents, 0 AS latest_id FROM {$table} FORCE INDEX (dispute_created) WHERE dispute_status = %s AND created_at >= %s AND created_at < %s AND status = %s AND dispute_lost_cents > 0 AND email IN ({$in}) GROUP BY email, donate_as, organisation_name", // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- a %s placeholder per email.
				array_merge( array( Dispute::LOST, $year->starts_utc(), $year->ends_utc(), DonationStatus::SUCCEEDED ), $emails )
			),
			ARRAY_A
		);
		$rows   = array_merge( is_array( $rows ) ? $rows : array(), is_array( $partial ) ? $partial : array(), is_array( $lost ) ? $lost : array() );
		$groups = array();
		foreach ( $rows as $row ) {
			$row['email']          = $recipient[ strtolower( (string) $row['email'] ) ] ?? (string) $row['email'];
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
	 * What the charity kept of a gift, in cents, as Donations\GiftFigures defines it: its total
	 * less what was refunded and any dispute lost. A gift partly refunded before the amounts were
	 * kept (schema 13) says refunded_cents 0: how much it kept is unknown, so it counts nothing.
	 *
	 * @param array<string, mixed> $row A donations row with those columns and its status.
	 */
	private static function kept( array $row ): int {
		// The one definition every screen uses (an unrecorded partial refund counts whole there too).
		return GiftFigures::of_row( $row )->kept_cents();
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
