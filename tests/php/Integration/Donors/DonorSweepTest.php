<?php
/**
 * The hourly sweep catches donations whose listener never ran.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Donors;

use DonationWidget\Database\Schema;
use DonationWidget\Donors\DonorSweep;

final class DonorSweepTest extends DonorsTestCase {

	public function test_a_donation_written_by_a_request_killed_before_its_listener_is_counted_by_the_next_sweep(): void {
		global $wpdb;
		$sweep = $this->service( DonorSweep::class );
		update_option( DonorSweep::MARK_OPTION, gmdate( 'Y-m-d H:i:s', time() - HOUR_IN_SECONDS ), false );
		$counted = $this->recorded_gift(
			array(
				'email'       => $this->email( 'kim' ),
				'total_cents' => 4000,
			)
		);
		// Written, and the process died before donation_widget_donation_changed: a raw insert,
		// and a refund written to the row with no action.
		$this->insert_donation(
			array(
				'email'       => $this->email( 'kim' ),
				'total_cents' => 6000,
			)
		);
		$wpdb->update(
			Schema::table( 'donations' ),
			array(
				'status'         => 'refunded',
				'refunded_cents' => 4000,
				'updated_at'     => current_time(
					'mysql',
					true
				),
			),
			array( 'id' => $counted )
		); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
		$kim = array(
			array(
				'email'        => $this->email( 'kim' ),
				'organisation' => '',
			),
		);
		$this->assertSame( 1, $this->directory()->find_by_email( $this->email( 'kim' ) )->gifts(), 'stale before the sweep' );

		$this->assertGreaterThanOrEqual( 2, $sweep->run() );

		$this->assert_donor_matches( $kim, 'the sweep' );
		$this->assertSame( 2, $this->directory()->find_by_email( $this->email( 'kim' ) )->gifts() );
		$this->assertSame( 6000, $this->directory()->find_by_email( $this->email( 'kim' ) )->kept_cents() );
		$this->assertGreaterThanOrEqual( gmdate( 'Y-m-d H:i:s', time() - MINUTE_IN_SECONDS ), get_option( DonorSweep::MARK_OPTION ), 'the mark moved on' );
	}

	public function test_a_subscription_ended_without_its_listener_leaves_the_running_count_at_the_next_sweep(): void {
		global $wpdb;
		$first = $this->recorded_gift( array( 'email' => $this->email( 'sam' ) ) );
		$this->insert_subscription( 'sub_' . $this->domain, $first );
		$this->totals()->donation_changed( $first );
		$this->assertSame( 1, $this->directory()->find_by_email( $this->email( 'sam' ) )->active_recurring() );
		update_option( DonorSweep::MARK_OPTION, current_time( 'mysql', true ), false );
		$wpdb->update(
			Schema::table( 'subscriptions' ),
			array(
				'status'     => 'cancelled',
				'updated_at' => current_time(
					'mysql',
					true
				),
			),
			array( 'subscription_id' => 'sub_' . $this->domain )
		); // phpcs:ignore WordPress.DB.DirectDatabaseQuery

		$this->service( DonorSweep::class )->run();

		$this->assertSame( 0, $this->directory()->find_by_email( $this->email( 'sam' ) )->active_recurring() );
	}
}
