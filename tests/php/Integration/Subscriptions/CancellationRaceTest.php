<?php
/**
 * Staff and the donor cancelling the same 4-weekly donation at the same moment, on two
 * servers, make one provider call and one cancellation email.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Subscriptions;

use DonationWidget\Database\Schema;
use DonationWidget\Donations\DonationTotals;
use DonationWidget\Donations\SubscriptionRepository;
use DonationWidget\Emails\MailQueue;
use DonationWidget\SelfService\SubscriptionChanges;
use DonationWidget\Settings\Settings;
use DonationWidget\Subscriptions\Cancellation;
use DonationWidget\Tests\Integration\CardUpdate\CardUpdateTestCase;
use DonationWidget\Tests\Integration\RacingServers;

final class CancellationRaceTest extends CardUpdateTestCase {

	use RacingServers;

	public function test_the_admin_and_the_donor_cancelling_at_once_make_one_provider_call_and_one_email(): void {
		global $wpdb;
		// The servers are other connections: they must see committed rows and settings. So this
		// test commits, and deletes its rows at the end.
		$wpdb->query( 'ROLLBACK' );
		// The settings as committed, not as this test's set-up left them in the cache: restored
		// at the end with autocommit on, so anything else would stay for the tests after it.
		wp_cache_flush();
		$saved   = get_option( Settings::OPTION );
		$options = array_filter( array( 'donation_widget_stripe_product_test' ), static fn ( string $option ): bool => false === get_option( $option ) );
		$donor   = null;
		try {
			$this->set_settings( array( 'self_service_cancel' => true ) );
			$donor = $this->recurring_donor();
			$sub   = $donor['subscription_id'];
			$this->assertSame( SubscriptionRepository::ACTIVE, $this->service( SubscriptionRepository::class )->find( $sub )['status'] );

			$results = $this->race(
				__DIR__ . '/concurrent-cancel.php',
				array(
					array( 'admin', $sub, $donor['email'] ),
					array( 'donor', $sub, $donor['email'] ),
				)
			);

			$outcomes = array_column( $results, 'outcome', 'who' );
			$this->assertContains(
				$outcomes,
				array(
					// The admin first: the donor then finds it ended.
					array(
						'admin' => Cancellation::CANCELLED,
						'donor' => SubscriptionChanges::NOT_FOUND,
					),
					// The donor first: the admin then finds it already cancelled.
					array(
						'admin' => Cancellation::ALREADY_CANCELLED,
						'donor' => SubscriptionChanges::CANCELLED,
					),
				),
				(string) wp_json_encode( $results )
			);
			$this->assertCount( 1, $this->provider_requests( 'stripe', '/v1/subscriptions/' . $sub, 'DELETE' ), 'one cancel reached the provider' );
			$this->assertSame( SubscriptionRepository::CANCELLED, $this->service( SubscriptionRepository::class )->find( $sub )['status'] );
			$emails = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM ' . Schema::table( 'mail_queue' ) . ' WHERE kind = %s AND subscription_id = %s', MailQueue::CANCELLATION, $sub ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
			$this->assertSame( 1, $emails, 'the donor is told once' );
		} finally {
			// phpcs:disable WordPress.DB.PreparedSQL.NotPrepared
			if ( null !== $donor ) {
				// Everything the committed donation and its cancellation wrote.
				foreach ( array( 'receipts', 'payment_references' ) as $table ) {
					$wpdb->query( $wpdb->prepare( 'DELETE FROM ' . Schema::table( $table ) . ' WHERE donation_id = %d', $donor['id'] ) );
				}
				foreach ( array( 'subscriptions', 'card_update_audit', 'self_service_audit', 'recurring_movements' ) as $table ) {
					$wpdb->query( $wpdb->prepare( 'DELETE FROM ' . Schema::table( $table ) . ' WHERE subscription_id = %s', $donor['subscription_id'] ) );
				}
				$wpdb->query( $wpdb->prepare( 'DELETE FROM ' . Schema::table( 'mail_queue' ) . ' WHERE recipient = %s AND created_at >= %s', $donor['email'], $donor['created_at'] ) );
				$wpdb->query( $wpdb->prepare( 'DELETE FROM ' . Schema::table( 'donor_last_gifts' ) . ' WHERE email_key = %s', strtolower( $donor['email'] ) ) );
				$wpdb->query( $wpdb->prepare( 'DELETE FROM ' . Schema::table( 'donations' ) . ' WHERE id = %d', $donor['id'] ) );
				$this->service( DonationTotals::class )->rederive( substr( $donor['created_at'], 0, 10 ), substr( $donor['created_at'], 0, 10 ) );
			}
			// The payment's rate counters too, as the other races do.
			$wpdb->query( 'DELETE FROM ' . Schema::table( 'rate_counters' ) );
			// phpcs:enable
			update_option( Settings::OPTION, $saved );
			// The donation product the payment remembered: the stand-ins forget it after this test.
			array_map( 'delete_option', $options );
			$wpdb->query( 'START TRANSACTION' );
		}
	}
}
