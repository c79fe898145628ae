<?php
/**
 * Schema 12 → 13 on a site that already holds donations: the money columns are added without
 * locking the donations table, the reports' figures and the 4-weekly donors' movements are
 * derived from the rows, and the lists' net totals start from the gross they were.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Reports;

use DonationWidget\Database\Installer;
use DonationWidget\Database\Schema;
use DonationWidget\Donations\DonationTotals;
use DonationWidget\Donations\LocalDays;
use DonationWidget\Reports\ReportQuery;
use DonationWidget\Reports\ReportRequest;
use DonationWidget\Tests\Integration\Admin\AdminTestCase;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQL.NotPrepared -- the test puts the plugin's own tables back to schema 12.

final class ReportsMigrationTest extends AdminTestCase {

	private const NEW_TABLES = array( 'refunds', 'disputes', 'payouts', 'balance_transactions', 'report_totals', 'report_days', 'recurring_movements' );

	private const MONEY_COLUMNS = array( 'refunded_cents', 'fee_cents', 'net_cents', 'balance_transaction_id', 'payout_id', 'dispute_status', 'dispute_lost_cents', 'dispute_fee_cents' );

	/**
	 * Subscription ids this test wrote (DDL commits the test's transaction).
	 *
	 * @var list<string>
	 */
	private array $written = array();

	protected function tearDown(): void {
		global $wpdb;
		Installer::maybe_upgrade();
		$wpdb->query( $wpdb->prepare( 'DELETE FROM ' . Schema::table( 'donations' ) . ' WHERE email_domain = %s', $this->domain ) );
		foreach ( $this->written as $subscription_id ) {
			$wpdb->delete( Schema::table( 'subscriptions' ), array( 'subscription_id' => $subscription_id ) );
		}
		// The totals counted those rows when they were written.
		$totals = $this->service( DonationTotals::class );
		$totals->rederive( gmdate( 'Y-m-d', time() - 10 * DAY_IN_SECONDS ), gmdate( 'Y-m-d' ) );
		$totals->rebuild_reports();
		parent::tearDown();
	}

	/**
	 * The report by method over the last ten site days, or the same from a plain SQL.
	 *
	 * @return array{report: array<string, list<int>>, rows: array<string, list<int>>}
	 */
	private function by_method(): array {
		global $wpdb;
		$from    = gmdate( 'Y-m-d', strtotime( LocalDays::today() . ' -10 days' ) );
		$request = ReportRequest::from_params(
			array(
				'from'  => $from,
				'to'    => LocalDays::today(),
				'group' => 'method',
			)
		);
		$this->assertInstanceOf( ReportRequest::class, $request );
		$report = array();
		foreach ( $this->service( ReportQuery::class )->report( $request )['rows'] as $row ) {
			$report[ $row['key'] ] = array( $row['donations'], $row['gross_cents'], $row['refunded_cents'], $row['cover_cents'] );
		}
		$rows = array();
		foreach ( (array) $wpdb->get_results(
			$wpdb->prepare(
				// A partial refund of unrecorded amount (made before schema 13) counts as refunded in full.
				"SELECT method, COUNT(*) AS c, SUM(total_cents) AS g, SUM(IF(status = 'partially_refunded' AND refunded_cents = 0, total_cents, refunded_cents)) AS r, SUM(cover_cents) AS v FROM " . Schema::table( 'donations' ) . "
				WHERE status IN ('succeeded', 'partially_refunded', 'refunded') AND currency = 'AUD' AND created_at >= %s AND created_at < %s GROUP BY method",
				LocalDays::utc_start( $from ),
				LocalDays::utc_start( LocalDays::next( LocalDays::today() ) )
			),
			ARRAY_A
		) as $row ) {
			$rows[ $row['method'] ] = array( (int) $row['c'], (int) $row['g'], (int) $row['r'], (int) $row['v'] );
		}
		ksort( $report );
		ksort( $rows );
		return array(
			'report' => $report,
			'rows'   => $rows,
		);
	}

	public function test_an_upgrade_from_schema_12_adds_the_money_columns_online_and_derives_the_reports(): void {
		global $wpdb;
		update_option( 'timezone_string', 'Australia/Sydney' );
		$donations = Schema::table( 'donations' );
		$this->insert_donation( array( 'created_at' => self::days_ago( 2 ) ) );
		$this->insert_donation(
			array(
				'method'     => 'paypal',
				'status'     => 'partially_refunded',
				'created_at' => self::days_ago( 5 ),
			)
		);
		$this->insert_donation( array( 'status' => 'failed' ) );
		$first           = $this->insert_donation( array( 'frequency' => '4weekly' ) );
		$this->written[] = 'sub_migrate13' . wp_generate_password( 8, false );
		$this->insert_subscription( $this->written[0], $first, 'active', 1000 );

		// Back to schema 12: no money columns or their keys, none of the books' tables.
		$wpdb->query( "ALTER TABLE {$donations} DROP KEY payout_id, DROP KEY balance_transaction_id, DROP KEY dispute_created, DROP COLUMN " . implode( ', DROP COLUMN ', self::MONEY_COLUMNS ) );
		$wpdb->query( 'ALTER TABLE ' . Schema::table( 'donation_totals' ) . ' DROP COLUMN kept_cents' );
		foreach ( self::NEW_TABLES as $table ) {
			$wpdb->query( 'DROP TABLE ' . Schema::table( $table ) );
		}
		update_option( Schema::VERSION_OPTION, '12' );

		$statements = self::queries_of( array( Installer::class, 'maybe_upgrade' ) );

		$this->assertSame( Schema::version(), get_option( Schema::VERSION_OPTION ) );
		$this->assertSame( '', $wpdb->last_error );
		$alters = array_values( array_filter( $statements, static fn ( string $sql ): bool => (bool) preg_match( '/^\s*ALTER TABLE\s+' . preg_quote( $donations, '/' ) . '\s/i', $sql ) ) );
		// The columns come instantly (on MariaDB, once the key on the virtual email_domain is
		// out of the way); the keys are built online. Never dbDelta()'s plain ALTERs.
		$added = array_values( preg_grep( '/ADD COLUMN/', $alters ) );
		$this->assertLessThanOrEqual( 2, count( $added ), "the columns are added by one statement (tried again once on MariaDB):\n" . implode( "\n", $alters ) );
		foreach ( $added as $alter ) {
			$this->assertStringEndsWith( 'ALGORITHM=INSTANT', $alter, 'without copying the table' );
		}
		foreach ( array_diff( $alters, $added ) as $alter ) {
			$this->assertMatchesRegularExpression( '/ALGORITHM=(INPLACE|NOCOPY), LOCK=NONE$/', $alter, 'donations keep coming in while it runs' );
		}
		$this->assertStringContainsString( 'ADD KEY payout_id', end( $alters ) );
		$keys = array_column( (array) $wpdb->get_results( "SHOW INDEX FROM {$donations}", ARRAY_A ), 'Key_name' );
		foreach ( array( 'search_domain', 'payout_id', 'balance_transaction_id', 'dispute_created' ) as $key ) {
			$this->assertContains( $key, $keys );
		}
		foreach ( self::NEW_TABLES as $table ) {
			$this->assertSame( Schema::table( $table ), $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', Schema::table( $table ) ) ) );
		}

		// The reports say what the rows say; the lists' kept totals start at the gross.
		$figures = $this->by_method();
		$this->assertSame( $figures['rows'], $figures['report'] );
		$this->assertArrayHasKey( 'paypal', $figures['report'] );
		// Kept is the gross of succeeded gifts; nothing of a failed one, nor of one partly refunded by
		// an amount never recorded.
		$this->assertSame( '0', $wpdb->get_var( 'SELECT COUNT(*) FROM ' . Schema::table( 'donation_totals' ) . " WHERE kept_cents <> IF(status = 'succeeded', total_cents, 0)" ) );
		$this->assertSame( '1', $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM ' . Schema::table( 'recurring_movements' ) . ' WHERE movement = %s AND subscription_id = %s', 'new', $this->written[0] ) ), 'the 4-weekly donor counted as started' );

		// A second run (another server, or a retry) finds nothing left to do.
		$statements = self::queries_of( array( Installer::class, 'install' ) );
		$this->assertSame( array(), array_values( (array) preg_grep( '/^\s*ALTER TABLE/i', $statements ) ) );
	}
}
