<?php
/**
 * No admin screen reads a whole table: every SELECT the Donations list, the 4-weekly list and
 * the dashboard widget run on the plugin's tables is EXPLAINed over a seeded table.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Admin;

use DonationWidget\Admin\Dashboard\DonationsSummaryWidget;
use DonationWidget\Admin\Donations\DonationsPage;
use DonationWidget\Admin\Subscriptions\SubscriptionsPage;
use DonationWidget\Cli\DonationSeeder;
use DonationWidget\Database\Schema;
use DonationWidget\Donations\DonationTotals;

final class AdminQueryPlanTest extends AdminTestCase {

	/**
	 * Donation rows seeded (inside the test's transaction, rolled back after).
	 */
	private const ROWS = 4000;

	/**
	 * A full table scan of more rows than this fails the test.
	 */
	private const SCAN_BOUND = 50;

	/**
	 * The totals table: one row per day and key, read whole for an all-time total by design (its
	 * size follows the days, not the donations).
	 */
	private static function totals_table(): string {
		return Schema::table( 'donation_totals' );
	}

	/**
	 * Runs a screen and answers the SELECTs it ran on the plugin's tables.
	 *
	 * @param callable $screen The screen.
	 * @return list<string>
	 */
	private function selects_of( callable $screen ): array {
		global $wpdb;
		$queries = array();
		$collect = static function ( $query ) use ( &$queries ) {
			$queries[] = (string) $query;
			return $query;
		};
		add_filter( 'query', $collect );
		try {
			$this->run_stoppable( $screen );
		} finally {
			remove_filter( 'query', $collect );
		}
		$prefix = $wpdb->prefix . 'donation_widget_';
		return array_values( array_filter( $queries, static fn ( string $sql ): bool => (bool) preg_match( '/^\s*SELECT\b/i', $sql ) && str_contains( $sql, $prefix ) ) );
	}

	/**
	 * The problems of one SELECT's plan: full scans of a table, or full index scans beyond what
	 * the page reads.
	 *
	 * @param string $sql       The SELECT.
	 * @param int    $max_index Most rows an index scan may read (the page's offset + limit).
	 * @return list<string>
	 */
	private function plan_problems( string $sql, int $max_index ): array {
		global $wpdb;
		$plan     = $wpdb->get_results( 'EXPLAIN ' . $sql, ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- a query the plugin itself just ran, prepared.
		$problems = array();
		$this->assertNotEmpty( $plan, "EXPLAIN failed: {$wpdb->last_error}\n{$sql}" );
		foreach ( $plan as $step ) {
			$table = (string) $step['table'];
			$rows  = (int) $step['rows'];
			if ( '' === $table || str_starts_with( $table, '<' ) || self::totals_table() === $table ) {
				// Derived tables and unions hold the few ids their indexed lookups found.
				continue;
			}
			if ( 'ALL' === $step['type'] && $rows > self::SCAN_BOUND ) {
				$problems[] = "full table scan of {$table} ({$rows} rows)";
			}
			if ( 'index' === $step['type'] && $rows > $max_index ) {
				$problems[] = "full index scan of {$table} on {$step['key']} ({$rows} rows)";
			}
		}
		return $problems;
	}

	/**
	 * Asserts a screen's SELECTs read no whole table.
	 *
	 * @param string   $name      Screen.
	 * @param callable $screen    The screen.
	 * @param int      $max_index Most rows an index scan may read.
	 */
	private function assertNoFullScan( string $name, callable $screen, int $max_index = 40 ): void {
		$selects = $this->selects_of( $screen );
		$this->assertNotEmpty( $selects, "{$name} ran no query on the plugin's tables." );
		$found = array();
		foreach ( $selects as $sql ) {
			foreach ( $this->plan_problems( $sql, $max_index ) as $problem ) {
				$found[] = $problem . ' in: ' . preg_replace( '/\s+/', ' ', $sql );
			}
		}
		$this->assertSame( array(), $found, "{$name} reads whole tables." );
	}

	private function donations_screen( array $query ): callable {
		return function () use ( $query ): void {
			$_GET = wp_slash( array( 'page' => DonationsPage::SLUG ) + $query );
			set_current_screen( 'donation-widget_page_' . DonationsPage::SLUG );
			$this->service( DonationsPage::class )->render();
		};
	}

	private function subscriptions_screen( array $query ): callable {
		return function () use ( $query ): void {
			$_GET = wp_slash( array( 'page' => SubscriptionsPage::SLUG ) + $query );
			set_current_screen( 'donation-widget_page_' . SubscriptionsPage::SLUG );
			$this->service( SubscriptionsPage::class )->render();
		};
	}

	public function test_no_admin_screen_reads_a_whole_table(): void {
		global $wpdb;
		$this->log_in_as( 'administrator' );
		$result = ( new DonationSeeder( new DonationTotals() ) )->seed( self::ROWS, 7 );
		$this->assertSame( self::ROWS, $result['donations'] );
		$table = Schema::table( 'donations' );

		$seeded = $wpdb->get_row( $wpdb->prepare( "SELECT id, email, provider_reference, receipt_seq, last_name FROM {$table} WHERE status = %s ORDER BY id DESC LIMIT 1", 'succeeded' ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		$count  = (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$table}" ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		$last   = (int) ceil( $count / 20 );
		$month  = gmdate( 'Y-m', strtotime( '-13 months' ) );

		$this->assertNoFullScan( 'The donations list', $this->donations_screen( array() ) );
		$this->assertNoFullScan( 'A search by email', $this->donations_screen( array( 's' => $seeded['email'] ) ) );
		$this->assertNoFullScan( 'A search by provider reference', $this->donations_screen( array( 's' => $seeded['provider_reference'] ) ) );
		$this->assertNoFullScan( 'A search by receipt number', $this->donations_screen( array( 's' => 'REC-' . str_pad( $seeded['receipt_seq'], 8, '0', STR_PAD_LEFT ) ) ) );
		$this->assertNoFullScan( 'A search by donation id', $this->donations_screen( array( 's' => '#' . $seeded['id'] ) ) );
		$this->assertNoFullScan( 'A search by name', $this->donations_screen( array( 's' => $seeded['last_name'] ) ) );
		$this->assertNoFullScan( 'The failed donations', $this->donations_screen( array( 'status' => 'failed' ) ) );
		$this->assertNoFullScan(
			'PayPal donations of one month',
			$this->donations_screen(
				array(
					'method'    => 'paypal',
					'date_from' => $month . '-01',
					'date_to'   => gmdate( 'Y-m-t', strtotime( $month . '-01' ) ),
				)
			)
		);
		$this->assertNoFullScan( 'The 4-weekly donations of the list', $this->donations_screen( array( 'frequency' => '4weekly' ) ) );
		$this->assertNoFullScan( 'Page 50', $this->donations_screen( array( 'paged' => '50' ) ), 50 * 20 + 40 );
		$this->assertNoFullScan( 'The last page', $this->donations_screen( array( 'paged' => (string) $last ) ) );
		$this->assertNoFullScan( 'The 4-weekly list', $this->subscriptions_screen( array() ) );
		$this->assertNoFullScan( 'The cancelled 4-weekly donations', $this->subscriptions_screen( array( 'status' => 'cancelled' ) ) );
		$this->assertNoFullScan( 'A 4-weekly donor found by email', $this->subscriptions_screen( array( 's' => $seeded['email'] ) ) );
		$this->assertNoFullScan( 'The dashboard widget', fn () => $this->service( DonationsSummaryWidget::class )->render() );
	}
}
