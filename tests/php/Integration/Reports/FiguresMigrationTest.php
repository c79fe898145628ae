<?php
/**
 * Schema 13 → 14 on a site that already holds disputed and partly refunded gifts: the disputes'
 * fees come onto their donations and into the reports' fees, a partly refunded donor counts again
 * this month, and the totals of gifts whose money never came keep nothing.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Reports;

use DonationWidget\Database\Installer;
use DonationWidget\Database\Schema;
use DonationWidget\Donations\DonationTotals;
use DonationWidget\Donations\DonorLastGifts;
use DonationWidget\Donations\LocalDays;
use DonationWidget\Reports\ReportQuery;
use DonationWidget\Tests\Integration\Admin\AdminTestCase;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQL.NotPrepared -- the test puts the plugin's own tables back to schema 13.

final class FiguresMigrationTest extends AdminTestCase {

	/**
	 * Dispute ids this test wrote (DDL commits the test's transaction).
	 *
	 * @var list<string>
	 */
	private array $disputes = array();

	protected function tearDown(): void {
		global $wpdb;
		Installer::maybe_upgrade();
		$wpdb->query( $wpdb->prepare( 'DELETE FROM ' . Schema::table( 'donations' ) . ' WHERE email_domain = %s', $this->domain ) );
		foreach ( $this->disputes as $dispute ) {
			$wpdb->delete( Schema::table( 'disputes' ), array( 'provider_dispute_id' => $dispute ) );
		}
		$wpdb->query( $wpdb->prepare( 'DELETE FROM ' . Schema::table( 'donor_last_gifts' ) . ' WHERE email_key LIKE %s', '%@' . $wpdb->esc_like( $this->domain ) ) );
		// The totals counted those rows when they were written.
		$this->service( DonationTotals::class )->rederive( gmdate( 'Y-m-d', time() - DAY_IN_SECONDS ), gmdate( 'Y-m-d' ) );
		parent::tearDown();
	}

	public function test_an_upgrade_from_schema_13_counts_dispute_fees_partly_refunded_donors_and_nothing_unpaid(): void {
		global $wpdb;
		$donations = Schema::table( 'donations' );
		$today     = LocalDays::today();
		$month     = get_gmt_from_date( substr( $today, 0, 8 ) . '01 00:00:00' );
		$disputed  = $this->insert_donation(
			array(
				'fee_cents'          => 119,
				'dispute_status'     => 'lost',
				'dispute_lost_cents' => 5250,
			)
		);
		$partly    = $this->email( 'partly' );
		$this->insert_donation(
			array(
				'email'          => $partly,
				'status'         => 'partially_refunded',
				'refunded_cents' => 1250,
			)
		);
		$failed           = $this->insert_donation( array( 'status' => 'failed' ) );
		$this->disputes[] = 'dp_migrate14' . wp_generate_password( 10, false );
		$now              = current_time( 'mysql', true );
		$this->assertSame(
			1,
			$wpdb->insert(
				Schema::table( 'disputes' ),
				array(
					'donation_id'         => $disputed,
					'provider'            => 'stripe',
					'provider_dispute_id' => $this->disputes[0],
					'amount_cents'        => 5250,
					'fee_cents'           => 2500,
					'status'              => 'lost',
					'outcome'             => 'lost',
					'created_at'          => $now,
					'updated_at'          => $now,
				)
			)
		);

		// Back to schema 13 as it left these rows: no dispute fees on donations, the partly
		// refunded donor without a last gift, a failed gift's total counted as kept.
		$wpdb->query( "ALTER TABLE {$donations} DROP COLUMN dispute_fee_cents" );
		$wpdb->query( $wpdb->prepare( 'UPDATE ' . Schema::table( 'donor_last_gifts' ) . ' SET last_gift_at = NULL WHERE email_key = %s', strtolower( $partly ) ) );
		$wpdb->query( $wpdb->prepare( 'UPDATE ' . Schema::table( 'donation_totals' ) . ' SET kept_cents = total_cents WHERE status = %s AND day = %s', 'failed', gmdate( 'Y-m-d' ) ) );
		update_option( Schema::VERSION_OPTION, '13' );
		$fees   = $this->service( ReportQuery::class )->period_figures( $today, $today )->fee_cents;
		$donors = $this->service( DonorLastGifts::class )->donors_since( $month );

		Installer::maybe_upgrade();

		$this->assertSame( Schema::version(), get_option( Schema::VERSION_OPTION ) );
		$this->assertSame( '', $wpdb->last_error );
		$this->assertSame( '2500', $wpdb->get_var( $wpdb->prepare( "SELECT dispute_fee_cents FROM {$donations} WHERE id = %d", $disputed ) ) );
		$this->assertSame( $fees + 2500, $this->service( ReportQuery::class )->period_figures( $today, $today )->fee_cents, 'The reports\' fees take in the dispute fee.' );
		$this->assertSame( $donors + 1, $this->service( DonorLastGifts::class )->donors_since( $month ), 'A partly refunded gift is still given.' );
		$this->assertSame( '0', $wpdb->get_var( $wpdb->prepare( 'SELECT COALESCE(SUM(kept_cents), 0) FROM ' . Schema::table( 'donation_totals' ) . ' WHERE status = %s AND day = %s', 'failed', gmdate( 'Y-m-d' ) ) ) );
		unset( $failed );
	}
}
