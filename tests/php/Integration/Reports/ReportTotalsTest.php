<?php
/**
 * The reports' figures kept on write say what a plain SQL over the rows says: after inserts,
 * status moves, fees, partial and full refunds, lost disputes and method changes; and the
 * safety net repairs them.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Reports;

use DonationWidget\Admin\Dashboard\DonationsSummaryWidget;
use DonationWidget\Admin\Donations\DonationFilters;
use DonationWidget\Admin\Donations\DonationQuery;
use DonationWidget\Database\Schema;
use DonationWidget\Donations\DonationForm;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Donations\DonationTotals;
use DonationWidget\Donations\LocalDays;
use DonationWidget\Donations\ReportTotals;
use DonationWidget\Reports\ReportQuery;
use DonationWidget\Reports\ReportRequest;
use DonationWidget\Reports\ReportsServiceProvider;
use DonationWidget\Tests\Integration\PaymentTestCase;

final class ReportTotalsTest extends PaymentTestCase {

	private const FIGURES = array( 'donations', 'gross_cents', 'cover_cents', 'refunded_cents', 'fee_cents', 'dispute_lost_cents' );

	private const COLUMNS = array(
		'period'       => 'day',
		'campaign'     => 'iteration_id',
		'utm_source'   => 'utm_source',
		'utm_campaign' => 'utm_campaign',
		'method'       => 'method',
		'frequency'    => 'frequency',
	);

	private string $from = '';

	private string $to = '';

	protected function setUp(): void {
		parent::setUp();
		update_option( 'timezone_string', 'Australia/Sydney' );
		$this->from = gmdate( 'Y-m-d', strtotime( LocalDays::today() . ' -3 days' ) );
		$this->to   = LocalDays::today();
	}

	/**
	 * What the rows say, by a grouping: a plain SQL over the donations of the period's site days.
	 *
	 * @param string $group A key of COLUMNS.
	 * @return array<string, array<string, int>> Key => figures.
	 */
	private function from_rows( string $group ): array {
		global $wpdb;
		$column = 'period' === $group ? 'created_at' : self::COLUMNS[ $group ];
		$table  = Schema::table( 'donations' );
		$sql    = "SELECT {$column} AS grouped, COUNT(*) AS donations, SUM(total_cents) AS gross_cents, SUM(cover_cents) AS cover_cents,
				SUM(refunded_cents) AS refunded_cents, COALESCE(SUM(fee_cents), 0) AS fee_cents, SUM(dispute_lost_cents) AS dispute_lost_cents
			FROM {$table} WHERE status IN ('succeeded', 'partially_refunded', 'refunded') AND currency = 'AUD'
			AND created_at >= %s AND created_at < %s GROUP BY {$column}";
		$rows   = $wpdb->get_results( $wpdb->prepare( $sql, LocalDays::utc_start( $this->from ), LocalDays::utc_start( LocalDays::next( $this->to ) ) ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- a column of COLUMNS.
		$found  = array();
		foreach ( $rows as $row ) {
			// By period: each row's site day, worked out in PHP, not by the code under test.
			$key = 'period' === $group ? ( new \DateTimeImmutable( $row['grouped'], new \DateTimeZone( 'UTC' ) ) )->setTimezone( new \DateTimeZone( (string) get_option( 'timezone_string' ) ) )->format( 'Y-m-d' ) : (string) $row['grouped'];
			foreach ( self::FIGURES as $figure ) {
				$found[ $key ][ $figure ] = ( $found[ $key ][ $figure ] ?? 0 ) + (int) $row[ $figure ];
			}
		}
		return $found;
	}

	/**
	 * What the report says, by a grouping.
	 *
	 * @param string $group A key of COLUMNS.
	 * @return array<string, array<string, int>> Key => figures (rows with no donations left out).
	 */
	private function from_report( string $group ): array {
		$request = ReportRequest::from_params(
			array(
				'from'     => $this->from,
				'to'       => $this->to,
				'interval' => 'day',
				'group'    => $group,
			)
		);
		$this->assertInstanceOf( ReportRequest::class, $request );
		$found = array();
		foreach ( $this->service( ReportQuery::class )->report( $request )['rows'] as $row ) {
			if ( 0 === $row['donations'] && 0 === $row['gross_cents'] ) {
				continue;
			}
			foreach ( self::FIGURES as $figure ) {
				$found[ (string) $row['key'] ][ $figure ] = (int) $row[ $figure ];
			}
			$this->assertSame( $row['gross_cents'] - $row['refunded_cents'] - $row['fee_cents'] - $row['dispute_lost_cents'], $row['net_cents'] );
		}
		return $found;
	}

	/**
	 * Every grouping's report equals the rows.
	 *
	 * @param string $context What just happened.
	 */
	private function assertReportsFollowRows( string $context ): void {
		foreach ( array_keys( self::COLUMNS ) as $group ) {
			$rows   = $this->from_rows( $group );
			$report = $this->from_report( $group );
			ksort( $rows );
			ksort( $report );
			$this->assertSame( $rows, $report, "{$context}: the report by {$group} differs from the rows." );
		}
	}

	private function create( array $form = array(), string $method = 'card' ): \DonationWidget\Donations\Donation {
		$donation = $this->service( DonationRepository::class )->create( wp_generate_uuid4(), DonationForm::from_json( $this->form_data( $form ) ), 'stripe', $method, 'http://127.0.0.1:8891/donate/' );
		$this->assertNotNull( $donation );
		return $donation;
	}

	public function test_inserts_moves_fees_refunds_and_lost_disputes_keep_the_figures_exact(): void {
		$repository = $this->service( DonationRepository::class );
		$this->assertReportsFollowRows( 'at the start' );

		$paid   = $this->create(
			array(
				'utm_source'   => 'newsletter',
				'utm_campaign' => 'winter',
			)
		);
		$wallet = $this->create( array( 'utm_source' => 'facebook' ), '' );
		$failed = $this->create();
		$this->assertReportsFollowRows( 'three attempts' );

		$this->assertTrue( $repository->move( $paid->id(), DonationStatus::SUCCEEDED ) );
		$this->assertTrue( $repository->move( $paid->id(), DonationStatus::SUCCEEDED ), 'reported twice' );
		$this->assertTrue( $repository->move( $wallet->id(), DonationStatus::SUCCEEDED, array( 'method' => 'google_pay' ) ) );
		$this->assertTrue( $repository->move( $failed->id(), DonationStatus::FAILED ) );
		$this->assertReportsFollowRows( 'paid, paid by wallet, failed' );
		$this->assertSame( 1, $this->from_report( 'method' )['google_pay']['donations'] ?? 0, 'the wallet counts under its method' );

		// The provider's fee, learnt later; then told again (no change).
		$this->assertNotNull(
			$repository->record_amounts(
				$paid->id(),
				array(
					'fee_cents' => 205,
					'net_cents' => $paid->total_cents() - 205,
				)
			)
		);
		$this->assertNull(
			$repository->record_amounts(
				$paid->id(),
				array(
					'fee_cents' => 205,
					'net_cents' => $paid->total_cents() - 205,
				)
			)
		);
		$this->assertNotNull( $repository->record_amounts( $wallet->id(), array( 'fee_cents' => 90 ) ) );
		$this->assertReportsFollowRows( 'fees' );

		// Part refunded, then the rest.
		$this->assertTrue( $repository->move( $paid->id(), DonationStatus::PARTIALLY_REFUNDED ) );
		$this->assertNotNull( $repository->record_amounts( $paid->id(), array( 'refunded_cents' => 1000 ) ) );
		$this->assertReportsFollowRows( 'a partial refund' );
		$this->assertTrue( $repository->move( $paid->id(), DonationStatus::REFUNDED ) );
		$this->assertNotNull( $repository->record_amounts( $paid->id(), array( 'refunded_cents' => $paid->total_cents() ) ) );
		$this->assertReportsFollowRows( 'the rest refunded' );

		// A chargeback lost on the wallet gift; the wallet then corrected.
		$this->assertNotNull(
			$repository->record_amounts(
				$wallet->id(),
				array(
					'dispute_status'     => 'lost',
					'dispute_lost_cents' => $wallet->total_cents(),
				)
			)
		);
		$repository->update( $wallet->id(), array( 'method' => 'apple_pay' ) );
		$this->assertReportsFollowRows( 'a lost dispute and a corrected method' );

		$totals = $this->from_report( 'utm_source' );
		$this->assertSame( $paid->total_cents(), $totals['newsletter']['refunded_cents'] );
		$this->assertSame( $wallet->total_cents(), $totals['facebook']['dispute_lost_cents'] );
	}

	public function test_the_safety_net_repairs_figures_a_crash_left_wrong_and_days_are_the_sites(): void {
		global $wpdb;
		$repository = $this->service( DonationRepository::class );
		$donation   = $this->create( array( 'utm_source' => 'google' ) );
		// Paid at 23:30 UTC yesterday: already today in Sydney (UTC+10 or +11).
		$late = gmdate( 'Y-m-d', time() - DAY_IN_SECONDS ) . ' 23:30:00';
		$wpdb->update( Schema::table( 'donations' ), array( 'created_at' => $late ), array( 'id' => $donation->id() ) );
		$this->assertTrue( $repository->move( $donation->id(), DonationStatus::SUCCEEDED ) );
		$this->assertReportsFollowRows( 'a donation made late in the UTC day' );
		$this->assertSame( 1, $this->from_report( 'period' )[ LocalDays::day_of( $late ) ]['donations'] ?? 0, 'counted on the site day' );

		// A request that died between its two writes: the row moved, the figures did not.
		$wpdb->update( Schema::table( 'donations' ), array( 'refunded_cents' => 500 ), array( 'id' => $donation->id() ) );
		$this->assertNotSame( $this->from_rows( 'utm_source' ), $this->from_report( 'utm_source' ) );
		$this->service( DonationTotals::class )->rederive_recent();
		$this->assertReportsFollowRows( 'after the safety net' );
	}

	public function test_the_dashboard_and_the_list_totals_are_net_of_refunds_and_lost_disputes(): void {
		$repository = $this->service( DonationRepository::class );
		$widget     = $this->service( DonationsSummaryWidget::class );
		$list       = fn (): array => $this->service( DonationQuery::class )->totals( new DonationFilters() );
		$before     = $widget->numbers();
		$listed     = $list();

		$kept     = $this->create();
		$refunded = $this->create();
		$disputed = $this->create();
		foreach ( array( $kept, $refunded, $disputed ) as $donation ) {
			$this->assertTrue( $repository->move( $donation->id(), DonationStatus::SUCCEEDED ) );
			$this->assertNotNull( $repository->record_amounts( $donation->id(), array( 'fee_cents' => 100 ) ) );
		}
		$this->assertTrue( $repository->move( $refunded->id(), DonationStatus::PARTIALLY_REFUNDED ) );
		$this->assertNotNull( $repository->record_amounts( $refunded->id(), array( 'refunded_cents' => 2000 ) ) );
		$this->assertNotNull(
			$repository->record_amounts(
				$disputed->id(),
				array(
					'dispute_status'     => 'lost',
					'dispute_lost_cents' => $disputed->total_cents(),
				)
			)
		);

		$gross = $kept->total_cents() + $refunded->total_cents() + $disputed->total_cents();
		$after = $widget->numbers();
		$this->assertSame( $gross - 2000 - $disputed->total_cents(), $after['month_cents'] - $before['month_cents'], 'the month raised, net (fees are not refunds)' );
		$this->assertSame( 3, $after['month_count'] - $before['month_count'] );
		$this->assertSame( $gross - 2000 - $disputed->total_cents(), $list()['succeeded_cents'] - $listed['succeeded_cents'] );
	}

	public function test_a_new_time_zone_moves_the_figures_to_the_new_site_days(): void {
		global $wpdb;
		$repository = $this->service( DonationRepository::class );
		$donation   = $this->create( array( 'utm_source' => 'tz-test' ) );
		// 12:30 UTC yesterday: today in Kiritimati (UTC+14), yesterday in Sydney (UTC+10 or +11).
		$at = gmdate( 'Y-m-d', time() - DAY_IN_SECONDS ) . ' 12:30:00';
		$wpdb->update( Schema::table( 'donations' ), array( 'created_at' => $at ), array( 'id' => $donation->id() ) );
		$this->assertTrue( $repository->move( $donation->id(), DonationStatus::SUCCEEDED ) );
		$sydney = LocalDays::day_of( $at );

		wp_clear_scheduled_hook( ReportsServiceProvider::REBUILD_HOOK );
		update_option( 'timezone_string', 'Pacific/Kiritimati' );
		$this->assertNotFalse( wp_next_scheduled( ReportsServiceProvider::REBUILD_HOOK ), 'the days are derived again in the background' );
		$this->assertNotSame( $sydney, LocalDays::day_of( $at ) );
		do_action( ReportsServiceProvider::REBUILD_HOOK ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- the plugin's own donation_widget_rebuild_reports.
		wp_clear_scheduled_hook( ReportsServiceProvider::REBUILD_HOOK );
		$this->from = gmdate( 'Y-m-d', strtotime( $sydney . ' -1 day' ) );
		$this->to   = gmdate( 'Y-m-d', strtotime( $sydney . ' +2 days' ) );
		$this->assertReportsFollowRows( 'after the time zone changed' );
		$this->assertSame( 1, $this->from_report( 'period' )[ LocalDays::day_of( $at ) ]['donations'] ?? 0 );
	}

	public function test_days_across_a_daylight_saving_change_are_the_sites_to_the_minute(): void {
		global $wpdb;
		$repository = $this->service( DonationRepository::class );
		// Sydney went from UTC+10 to UTC+11 at 2026-10-03 16:00 UTC (3 am local on 4 October).
		$times = array( '2026-10-02 13:59:00', '2026-10-02 14:00:00', '2026-10-03 12:59:00', '2026-10-03 13:00:00', '2026-10-03 15:59:00', '2026-10-03 16:00:00', '2026-10-04 12:59:00', '2026-10-04 13:00:00' );
		foreach ( $times as $at ) {
			$donation = $this->create( array( 'utm_source' => 'dst' ) );
			$wpdb->update( Schema::table( 'donations' ), array( 'created_at' => $at ), array( 'id' => $donation->id() ) );
			$this->assertTrue( $repository->move( $donation->id(), DonationStatus::SUCCEEDED ) );
		}
		$this->from = '2026-10-01';
		$this->to   = '2026-10-06';
		$this->assertReportsFollowRows( 'kept on write across the change' );
		$days = $this->from_report( 'period' );
		// 13:59 UTC on the 2nd is 23:59 on the 2nd; 13:00 UTC on the 4th is midnight on the 5th.
		$this->assertGreaterThanOrEqual( 1, $days['2026-10-02']['donations'] ?? 0 );
		$this->assertGreaterThanOrEqual( 1, $days['2026-10-05']['donations'] ?? 0 );

		// Derived again from the rows, piece by piece of constant offset: the same.
		$wpdb->query( 'UPDATE ' . Schema::table( 'report_totals' ) . " SET donations = donations + 5 WHERE day BETWEEN '2026-10-01' AND '2026-10-06'" ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.NotPrepared
		$this->service( ReportTotals::class )->rederive( '2026-10-01', '2026-10-06' );
		$this->assertReportsFollowRows( 'derived again across the change' );
	}
}
