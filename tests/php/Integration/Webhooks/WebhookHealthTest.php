<?php
/**
 * Webhook health: what each route records, what staff see, and when the admin notice appears.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Webhooks;

use DonationWidget\Admin\Dashboard\DonationsSummaryWidget;
use DonationWidget\Admin\SettingsPage;
use DonationWidget\Admin\WebhookHealthReport;
use DonationWidget\Webhooks\WebhookHealth;
use DonationWidget\Gateways\Stripe\Webhooks\StripeSignature;
use DonationWidget\Tests\Integration\Admin\DonationFixtures;
use DonationWidget\Tests\Integration\PaymentTestCase;

final class WebhookHealthTest extends PaymentTestCase {

	use DonationFixtures;

	/**
	 * A moment far from any other test's rows, so the notice's window sees this test's only.
	 */
	private int $now = 0;

	public static function setUpBeforeClass(): void {
		parent::setUpBeforeClass();
		require_once ABSPATH . 'wp-admin/includes/admin.php';
	}

	protected function setUp(): void {
		parent::setUp();
		$this->set_up_fixtures();
		$this->service( WebhookHealth::class )->clear();
		WebhookHealthReport::forget();
		$this->now = time() + 800 * DAY_IN_SECONDS + wp_rand( 0, 1000 ) * HOUR_IN_SECONDS;
		$this->set_settings(
			array(
				'stripe_mode' => 'live',
				'paypal_mode' => 'live',
			)
		);
	}

	private function health(): WebhookHealth {
		return $this->service( WebhookHealth::class );
	}

	private function report(): WebhookHealthReport {
		return $this->service( WebhookHealthReport::class );
	}

	/**
	 * A paid donation made some seconds before $this->now.
	 */
	private function donation_ago( int $seconds, string $provider = 'stripe', string $status = 'succeeded' ): void {
		$this->insert_donation(
			array(
				'provider'   => $provider,
				'status'     => $status,
				'created_at' => gmdate( 'Y-m-d H:i:s', $this->now - $seconds ),
			)
		);
	}

	private function stripe_event(): array {
		return array(
			'id'       => 'evt_' . wp_generate_password( 24, false ),
			'object'   => 'event',
			'type'     => 'customer.created',
			'livemode' => false,
			'data'     => array( 'object' => array( 'id' => 'cus_x' ) ),
		);
	}

	public function test_the_stripe_route_records_its_last_event_and_its_last_refusal(): void {
		$this->set_settings( array( 'stripe_mode' => 'test' ) );

		$this->assertSame( 200, $this->deliver( $this->stripe_event() )->get_status() );
		$event = $this->health()->last_event( 'stripe' );
		$this->assertSame( 'customer.created', $event['type'] );
		$this->assertEqualsWithDelta( time(), $event['time'], 5 );
		$this->assertNull( $this->health()->last_failure() );

		$forged = $this->stripe_event();
		$this->assertSame( 400, $this->deliver( $forged, StripeSignature::sign( (string) wp_json_encode( $forged ), 'whsec_forged' ) )->get_status() );
		$failure = $this->health()->last_failure();
		$this->assertSame( 'stripe', $failure['provider'] );
		$this->assertSame( 'invalid_signature: mismatch', $failure['reason'] );
	}

	public function test_the_settings_screen_shows_each_providers_last_event_and_its_refusal(): void {
		$this->health()->record_event( 'stripe', 'payment_intent.succeeded', time() - 300 );
		$this->health()->record_failure( 'paypal', 'invalid_signature: verification_status FAILURE', time() - 120 );
		$this->log_in_as( 'administrator' );

		ob_start();
		$this->service( SettingsPage::class )->render();
		$html = (string) ob_get_clean();

		$this->assertMatchesRegularExpression( '#data-provider="stripe">Last event received: payment_intent.succeeded, 5 minutes ago \(#', $html );
		$this->assertMatchesRegularExpression( '#data-provider="paypal">Last event received: none yet.<br /><span class="donation-widget-webhook-failure">Last refused webhook: PayPal, 2 minutes ago \([^)]+\): invalid_signature: verification_status FAILURE</span>#', $html );
		$this->assertStringContainsString( '<code>' . rest_url( 'donation-widget/v1/paypal/webhook' ) . '</code>', $html );
		$this->assertStringContainsString( 'PAYMENT.CAPTURE.COMPLETED, PAYMENT.CAPTURE.DENIED, PAYMENT.CAPTURE.REFUNDED, PAYMENT.CAPTURE.REVERSED', $html );
		$this->assertStringContainsString( 'name="donation_widget_settings[paypal_webhook_id]"', $html );
	}

	public function test_the_dashboard_widget_shows_the_last_events_and_refusal(): void {
		$this->health()->record_event( 'paypal', 'PAYMENT.CAPTURE.COMPLETED', time() - 3600 );
		$this->health()->record_failure( 'stripe', 'invalid_signature: stale', time() - 60 );

		ob_start();
		$this->service( DonationsSummaryWidget::class )->render();
		$html = (string) ob_get_clean();

		$this->assertStringContainsString( '<li>Stripe webhooks: Last event received: none yet.</li>', $html );
		$this->assertStringContainsString( '<li>PayPal webhooks: Last event received: PAYMENT.CAPTURE.COMPLETED, 1 hour ago (', $html );
		$this->assertStringContainsString( 'Last refused webhook: Stripe, 1 minute ago (', $html );
		$this->assertStringContainsString( '): invalid_signature: stale</li>', $html );
	}

	public function test_the_settings_screen_and_dashboard_show_the_last_event_whose_object_was_gone(): void {
		$this->health()->record_gone_object( 'paypal', 'PAYMENT.CAPTURE.COMPLETED', 'paypal:WH-GONE1', 'PayPal has no capture CAPGONE1 for this account', time() - 120 );
		$this->log_in_as( 'administrator' );

		ob_start();
		$this->service( SettingsPage::class )->render();
		$settings = (string) ob_get_clean();
		ob_start();
		$this->service( DonationsSummaryWidget::class )->render();
		$dashboard = (string) ob_get_clean();

		$line = 'Last webhook whose object was gone: PayPal, \d+ minutes ago \([^)]+\): PAYMENT.CAPTURE.COMPLETED paypal:WH-GONE1: PayPal has no capture CAPGONE1 for this account. It was acknowledged';
		$this->assertMatchesRegularExpression( '#data-provider="paypal">Last event received: none yet.<br /><span class="donation-widget-webhook-gone">' . $line . '#', $settings );
		$this->assertDoesNotMatchRegularExpression( '#data-provider="stripe">[^<]*<br /><span class="donation-widget-webhook-gone">#', $settings, 'Shown in its own provider\'s section only.' );
		$this->assertMatchesRegularExpression( '#<li>' . $line . '#', $dashboard );
	}

	public function test_a_live_site_paid_over_an_hour_ago_with_no_event_since_is_silent(): void {
		$this->donation_ago( 2 * HOUR_IN_SECONDS );
		$this->donation_ago( 3 * HOUR_IN_SECONDS );
		$this->health()->record_event( 'stripe', 'payment_intent.succeeded', $this->now - 4 * HOUR_IN_SECONDS );

		$this->assertSame( array( 'stripe' => gmdate( 'Y-m-d H:i:s', $this->now - 3 * HOUR_IN_SECONDS ) ), $this->report()->silent_providers( $this->now ) );
	}

	public function test_an_event_after_the_oldest_donation_means_webhooks_arrive(): void {
		$this->donation_ago( 3 * HOUR_IN_SECONDS );
		$this->health()->record_event( 'stripe', 'payment_intent.succeeded', $this->now - 3 * HOUR_IN_SECONDS + 5 );

		$this->assertSame( array(), $this->report()->silent_providers( $this->now ) );
	}

	public function test_the_notice_waits_an_hour_and_forgets_after_a_day(): void {
		$this->donation_ago( 50 * MINUTE_IN_SECONDS );
		$this->donation_ago( 25 * HOUR_IN_SECONDS );

		$this->assertSame( array(), $this->report()->silent_providers( $this->now ) );
	}

	public function test_only_money_received_in_live_mode_counts_per_provider(): void {
		$this->donation_ago( 2 * HOUR_IN_SECONDS, 'stripe', 'failed' );
		$this->donation_ago( 2 * HOUR_IN_SECONDS, 'stripe', 'pending' );
		$this->donation_ago( 2 * HOUR_IN_SECONDS, 'paypal', 'refunded' );
		$this->health()->record_event( 'stripe', 'payment_intent.succeeded', $this->now );

		$this->assertSame( array( 'paypal' ), array_keys( $this->report()->silent_providers( $this->now ) ) );

		WebhookHealthReport::forget();
		$this->set_settings( array( 'paypal_mode' => 'sandbox' ) );
		$this->assertSame( array(), $this->report()->silent_providers( $this->now ), 'Sandbox donations raise no alarm.' );
	}

	public function test_the_condition_is_one_query_cached_briefly(): void {
		$this->donation_ago( 2 * HOUR_IN_SECONDS );
		$queries = 0;
		$count   = static function ( string $sql ) use ( &$queries ): string {
			if ( str_contains( $sql, 'MIN(created_at)' ) ) {
				++$queries;
			}
			return $sql;
		};
		add_filter( 'query', $count );
		$first  = $this->report()->silent_providers( $this->now );
		$second = $this->report()->silent_providers( $this->now + 60 );
		remove_filter( 'query', $count );

		$this->assertSame( 1, $queries );
		$this->assertSame( $first, $second );
		global $wpdb;
		$plan = $wpdb->get_row( $wpdb->prepare( 'EXPLAIN SELECT provider, MIN(created_at) FROM ' . \DonationWidget\Database\Schema::table( 'donations' ) . " WHERE created_at >= %s AND created_at <= %s AND status IN ('succeeded') GROUP BY provider", gmdate( 'Y-m-d H:i:s', $this->now - DAY_IN_SECONDS ), gmdate( 'Y-m-d H:i:s', $this->now - HOUR_IN_SECONDS ) ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		$this->assertNotEmpty( $plan['key'], 'The window is read through an index.' );
	}

	public function test_the_notice_explains_and_links_for_admins_only(): void {
		$this->donation_ago( 2 * HOUR_IN_SECONDS, 'paypal' );
		$report = $this->report();
		$report->silent_providers( $this->now ); // Fills the cache for this moment.

		$this->log_in_as( 'editor' );
		ob_start();
		$report->print_notice();
		$this->assertSame( '', ob_get_clean() );
	}

	public function test_the_notice_says_what_to_check_and_links_to_the_settings(): void {
		// The notice reads the cached window of the moment it is shown: fill it for now.
		$this->now = time();
		$this->donation_ago( 2 * HOUR_IN_SECONDS, 'paypal' );
		$this->health()->record_event( 'stripe', 'payment_intent.succeeded', time() );
		WebhookHealthReport::forget();
		$this->report()->silent_providers( $this->now );
		$this->log_in_as( 'administrator' );

		ob_start();
		$this->report()->print_notice();
		$html = (string) ob_get_clean();

		$this->assertStringContainsString( 'data-provider="paypal"', $html );
		$this->assertStringNotContainsString( 'data-provider="stripe"', $html );
		$this->assertStringContainsString( 'PayPal is in live mode and has taken donations since ', $html );
		$this->assertStringContainsString( 'but no PayPal webhook has reached this site since then.', $html );
		$this->assertStringContainsString( rest_url( 'donation-widget/v1/paypal/webhook' ), $html );
		$this->assertStringContainsString( 'admin.php?page=donation-widget#donation-widget-section-paypal', $html );
	}
}
