<?php
/**
 * Two admins refunding the same gift at the same moment, on two servers, make one refund.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Books;

use DonationWidget\Books\Refunds\RefundOutcome;
use DonationWidget\Database\Schema;
use DonationWidget\Donations\DonationTotals;
use DonationWidget\Settings\Settings;
use DonationWidget\Tests\Integration\PaymentTestCase;
use DonationWidget\Tests\Integration\RacingServers;

final class RefundRaceTest extends PaymentTestCase {

	use RacingServers;

	public function test_two_admins_refunding_at_once_make_one_refund(): void {
		global $wpdb;
		// The servers are other connections: they must see committed rows and settings. So this
		// test commits, and deletes its rows at the end.
		$wpdb->query( 'ROLLBACK' );
		// The settings as committed, not as this test's set-up left them in the cache: restored
		// at the end with autocommit on, so anything else would stay for the tests after it.
		wp_cache_flush();
		$saved = get_option( Settings::OPTION );
		$row   = null;
		try {
			$this->set_settings(
				array(
					'stripe_mode'            => 'test',
					'stripe_test_secret_key' => self::SECRET_KEY,
				)
			);
			$request = $this->card_request();
			$this->assertAnswer( 200, '', $this->payment_call( 'process_payment_method', $request ) );
			$row     = $this->donation_row( $request['attemptId'] );
			$admins  = array( $this->log_in_as( 'administrator' ), $this->log_in_as( 'administrator' ) );
			$servers = array();
			foreach ( $admins as $admin ) {
				$servers[] = array( $row['id'], '1000', '0', (string) $admin );
			}

			$results = $this->race( __DIR__ . '/concurrent-refund.php', $servers );

			$kinds = array_column( $results, 'kind' );
			sort( $kinds );
			$this->assertSame( array( RefundOutcome::ALREADY, RefundOutcome::REFUNDED ), $kinds, (string) wp_json_encode( $results ) );
			$this->assertSame( $results[0]['refund'], $results[1]['refund'], 'both name the one refund' );
			$this->assertCount( 1, $this->stripe_posts( '/v1/refunds' ) );
			$listed = $this->stripe( 'GET', '/v1/refunds', array( 'charge' => $row['provider_reference'] ), self::SECRET_KEY );
			$this->assertSame( array( 1000 ), array_column( $listed['data'], 'amount' ) );
			$this->assertSame( '1', (string) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM ' . Schema::table( 'refunds' ) . ' WHERE donation_id = %d', $row['id'] ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
			$this->assertSame( '1000', $this->donation_row( $request['attemptId'] )['refunded_cents'] );
		} finally {
			// phpcs:disable WordPress.DB.PreparedSQL.NotPrepared
			if ( null !== $row ) {
				// Everything the committed payment wrote: its receipt, queued email and claimed charge too.
				foreach ( array( 'refunds', 'receipts', 'payment_references' ) as $table ) {
					$wpdb->query( $wpdb->prepare( 'DELETE FROM ' . Schema::table( $table ) . ' WHERE donation_id = %d', $row['id'] ) );
				}
				$wpdb->query( $wpdb->prepare( 'DELETE FROM ' . Schema::table( 'mail_queue' ) . ' WHERE recipient = %s AND created_at >= %s', $row['email'], $row['created_at'] ) );
				$wpdb->query( $wpdb->prepare( 'DELETE FROM ' . Schema::table( 'donations' ) . ' WHERE id = %d', $row['id'] ) );
				$this->service( DonationTotals::class )->rederive( substr( $row['created_at'], 0, 10 ), substr( $row['created_at'], 0, 10 ) );
			}
			// The payment's rate counters too, as PayPalPaymentTest's race does.
			$wpdb->query( 'DELETE FROM ' . Schema::table( 'rate_counters' ) );
			// phpcs:enable
			update_option( Settings::OPTION, $saved );
			$wpdb->query( 'START TRANSACTION' );
		}
	}
}
