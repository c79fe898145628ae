<?php
/**
 * How each provider's webhook differs from what the plugin needs, in Site Health and beside the
 * webhook URLs on the settings screen, checked once and kept briefly.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Admin;

use DonationWidget\Admin\WebhookSetupStatus;
use DonationWidget\Admin\SettingsPage;
use DonationWidget\Webhooks\WebhookHealth;
use DonationWidget\Gateways\PayPal\Webhooks\PayPalWebhookRegistration;
use DonationWidget\Gateways\Stripe\StripeClient;
use DonationWidget\Gateways\Stripe\Webhooks\StripeWebhookController;
use DonationWidget\Gateways\Stripe\Webhooks\StripeWebhookEndpoint;
use DonationWidget\Tests\Integration\StandIns;

final class WebhookSetupCheckTest extends AdminTestCase {

	use ProviderWebhooks;

	public static function setUpBeforeClass(): void {
		parent::setUpBeforeClass();
		require_once ABSPATH . 'wp-admin/includes/class-wp-site-health.php';
	}

	protected function setUp(): void {
		parent::setUp();
		StandIns::reset();
		delete_option( StripeWebhookEndpoint::OPTION );
		$this->forget_checks();
		$this->service( WebhookHealth::class )->clear();
		$this->set_settings(
			array(
				'stripe_mode'              => 'test',
				'stripe_test_secret_key'   => self::STRIPE_KEY,
				'paypal_mode'              => 'sandbox',
				'paypal_sandbox_client_id' => 'local-stand-in-client',
				'paypal_sandbox_secret'    => 'local-stand-in-secret',
			)
		);
		$this->log_in_as( 'administrator' );
	}

	/**
	 * Both providers' webhooks as the plugin needs them, with what verifies them saved.
	 *
	 * @param array<string, mixed> $stripe Overrides of the Stripe endpoint.
	 * @param list<string>|null    $paypal The PayPal webhook's event names.
	 * @return array{stripe: array<string, mixed>, paypal: array<string, mixed>}
	 */
	private function set_up_webhooks( array $stripe = array(), ?array $paypal = null ): array {
		$endpoint = $this->dashboard_endpoint( $stripe );
		$webhook  = $this->paypal_api(
			'POST',
			'/v1/notifications/webhooks',
			array(
				'url'         => PayPalWebhookRegistration::url(),
				'event_types' => array_map( static fn ( string $name ): array => array( 'name' => $name ), $paypal ?? $this->paypal_events() ),
			)
		);
		$this->set_settings(
			array(
				'stripe_test_webhook_secret' => $endpoint['secret'],
				'paypal_webhook_id'          => $webhook['id'],
			)
		);
		StandIns::call( 'DELETE', '/__control/requests' );
		return array(
			'stripe' => $endpoint,
			'paypal' => $webhook,
		);
	}

	/**
	 * Runs the plugin's webhook setup test as Site Health does: found among every direct test.
	 *
	 * @return array<string, mixed>
	 */
	private function site_health(): array {
		$tests = \WP_Site_Health::get_tests();
		$this->assertArrayHasKey( 'donation_widget_webhook_setup', $tests['direct'] );
		$result = call_user_func( $tests['direct']['donation_widget_webhook_setup']['test'] );
		$this->assertIsArray( $result );
		$this->assertSame( 'donation_widget_webhook_setup', $result['test'] );
		return $result;
	}

	/**
	 * Site Health's description as plain lines.
	 *
	 * @param array<string, mixed> $result A result.
	 * @return list<string>
	 */
	private static function lines( array $result ): array {
		preg_match_all( '#<p>(.*?)</p>#s', (string) $result['description'], $matches );
		return array_map( static fn ( string $line ): string => html_entity_decode( $line, ENT_QUOTES ), $matches[1] );
	}

	private function settings_screen(): string {
		return $this->run_stoppable( fn () => $this->service( SettingsPage::class )->render() )['output'];
	}

	public function test_webhooks_set_up_as_needed_are_good(): void {
		$set = $this->set_up_webhooks();

		$result = $this->site_health();

		$this->assertSame( 'good', $result['status'] );
		$this->assertSame( 'Donation Widget webhooks are set up as the plugin needs', $result['label'] );
		$this->assertSame(
			array(
				'Stripe: Stripe endpoint ' . $set['stripe']['id'] . ' (test mode, API version ' . StripeClient::API_VERSION . ') sends to this site. It is set up as the plugin needs.',
				'PayPal: PayPal webhook ' . $set['paypal']['id'] . ' (sandbox app) sends to this site. It is set up as the plugin needs.',
			),
			self::lines( $result )
		);
	}

	public function test_a_stripe_endpoint_of_another_api_version_is_said(): void {
		$set = $this->set_up_webhooks( array( 'api_version' => '2024-06-20' ) );

		$result = $this->site_health();

		$this->assertSame( 'recommended', $result['status'] );
		$this->assertSame( 'Donation Widget webhooks differ from what the plugin needs', $result['label'] );
		$this->assertContains( 'Stripe: Endpoint ' . $set['stripe']['id'] . ' sends events in API version 2024-06-20, not ' . StripeClient::API_VERSION . ', which the plugin reads. They still work (the site reads each object again itself), but Stripe cannot change an endpoint\'s version: Connect webhooks replaces it with a new endpoint.', self::lines( $result ) );
		$this->assertStringContainsString( 'page=donation-widget', $result['actions'] );
	}

	public function test_missing_stripe_events_are_said_and_critical_in_live_mode(): void {
		$set = $this->set_up_webhooks( array( 'enabled_events' => array( 'payment_intent.succeeded', 'charge.refunded', 'customer.created' ) ) );

		$result = $this->site_health();
		$this->assertSame( 'recommended', $result['status'], 'Test mode takes no real money.' );
		// Every event the plugin handles but the endpoint does not send, in the plugin's order.
		$missing = array_diff( $this->service( StripeWebhookController::class )->event_types(), array( 'payment_intent.succeeded', 'charge.refunded' ) );
		$this->assertContains( 'payment_intent.payment_failed', $missing );
		$this->assertContains( 'Stripe: Endpoint ' . $set['stripe']['id'] . ' does not send ' . implode( ', ', $missing ) . ', which the plugin needs: press Connect webhooks.', self::lines( $result ) );
		$this->assertContains( 'Stripe: Endpoint ' . $set['stripe']['id'] . ' also sends customer.created, which the plugin ignores.', self::lines( $result ) );

		// The same account's live endpoint, in live mode.
		$live_key = self::STAND_IN_LIVE_SECRET_KEY;
		$live     = $this->dashboard_endpoint( array( 'enabled_events' => array( 'payment_intent.succeeded' ) ), $live_key );
		$this->set_settings(
			array(
				'stripe_mode'                => 'live',
				'stripe_live_secret_key'     => $live_key,
				'stripe_live_webhook_secret' => $live['secret'],
			)
		);
		$result = $this->site_health();
		$this->assertSame( 'critical', $result['status'] );
		$this->assertStringContainsString( 'Stripe endpoint ' . $live['id'] . ' (live mode', $result['description'] );
	}

	public function test_a_disabled_stripe_endpoint_is_said(): void {
		$set = $this->set_up_webhooks();
		$this->stripe_api( 'POST', '/v1/webhook_endpoints/' . $set['stripe']['id'], array( 'disabled' => 'true' ) );

		$result = $this->site_health();

		$this->assertSame( 'recommended', $result['status'] );
		$this->assertContains( 'Stripe: Endpoint ' . $set['stripe']['id'] . ' is disabled: Stripe sends it nothing. Press Connect webhooks to enable it.', self::lines( $result ) );
	}

	public function test_no_endpoint_or_no_saved_secret_is_said(): void {
		$this->set_settings( array( 'stripe_test_webhook_secret' => '' ) );
		$result = $this->site_health();
		$this->assertContains( 'Stripe: No Stripe webhook endpoint in test mode sends events to this site: press Connect webhooks to create one.', self::lines( $result ) );

		$this->forget_checks();
		$this->dashboard_endpoint();
		$result = $this->site_health();
		$this->assertContains( 'Stripe: This site has no Stripe test webhook signing secret, so it refuses the endpoint\'s deliveries. Stripe shows a secret only when it makes an endpoint: press Replace the endpoint to make a new one and save its secret (the old one is then deleted).', self::lines( $result ) );
	}

	public function test_the_last_event_in_another_api_version_is_said_though_the_endpoint_fits(): void {
		$this->set_up_webhooks();
		$this->service( WebhookHealth::class )->record_event( 'stripe', 'invoice.paid', strtotime( '2026-11-20 10:31:00' ), '2024-06-20' );

		$result = $this->site_health();

		$this->assertSame( 'recommended', $result['status'] );
		$this->assertContains(
			'Stripe: The last Stripe event (invoice.paid, ' . wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), (int) strtotime( '2026-11-20 10:31:00' ) ) . ') arrived in API version 2024-06-20, not ' . StripeClient::API_VERSION . '. That is harmless, since the site reads each object again at its own version, but the endpoint that sent it is not on the plugin\'s version.',
			self::lines( $result )
		);

		$this->service( WebhookHealth::class )->record_event( 'stripe', 'invoice.paid', null, StripeClient::API_VERSION );
		$this->assertSame( 'good', $this->site_health()['status'] );
	}

	public function test_paypal_event_types_and_a_wrong_webhook_id_are_said(): void {
		$set = $this->set_up_webhooks( array(), array( 'PAYMENT.CAPTURE.COMPLETED', 'CHECKOUT.ORDER.APPROVED' ) );
		$this->set_settings( array( 'paypal_webhook_id' => 'WHSOMEOTHERAPP01' ) );

		$result = $this->site_health();

		$this->assertSame( 'recommended', $result['status'] );
		$lines = self::lines( $result );
		$this->assertContains( 'PayPal: PayPal webhook ' . $set['paypal']['id'] . ' does not send PAYMENT.CAPTURE.DENIED, PAYMENT.CAPTURE.REFUNDED, PAYMENT.CAPTURE.REVERSED, which the plugin needs: press Connect webhooks.', $lines );
		$this->assertContains( 'PayPal: PayPal webhook ' . $set['paypal']['id'] . ' also sends CHECKOUT.ORDER.APPROVED, which the plugin ignores.', $lines );
		$this->assertContains( 'PayPal: The Webhook ID saved (WHSOMEOTHERAPP01) is not this webhook\'s (' . $set['paypal']['id'] . '), so PayPal does not confirm its deliveries: press Connect webhooks.', $lines );
	}

	public function test_a_provider_that_cannot_be_asked_is_said_and_rechecked_soon(): void {
		$this->set_up_webhooks();
		StandIns::next( 'stripe', 'server_error', array( 'times' => 3 ) );

		$result = $this->site_health();

		$this->assertSame( 'recommended', $result['status'] );
		$this->assertSame( 'Donation Widget could not check its webhooks', $result['label'] );
		$this->assertContains( 'Stripe: Could not reach Stripe (HTTP 500: An unknown error occurred. Please try again later.).', self::lines( $result ) );
		$expires = (int) get_option( '_transient_timeout_donation_widget_webhook_check_stripe' ) - time();
		$this->assertLessThanOrEqual( MINUTE_IN_SECONDS, $expires, 'A failed check is kept a minute, not ten.' );
		$this->assertGreaterThan( 0, $expires );
	}

	public function test_a_provider_that_hangs_costs_the_screen_seconds_not_a_minute(): void {
		$this->set_up_webhooks();
		$this->service( WebhookSetupStatus::class )->forget();
		StandIns::call( 'DELETE', '/__control/requests' );
		StandIns::next(
			'stripe',
			'timeout',
			array(
				// Stripe hangs for a minute: the check must give up long before, however busy
				// the machine (its own timeout is 5 s).
				'ms'    => 60000,
				'times' => 3,
			)
		);

		$started = microtime( true );
		$result  = $this->site_health();
		$waited  = microtime( true ) - $started;

		$this->assertSame( 'Donation Widget could not check its webhooks', $result['label'] );
		$this->assertLessThan( 30, $waited, 'The check gives up after its short timeout, and does not retry.' );
		$this->assertCount( 1, StandIns::requests( 'stripe' ), 'Asked once.' );
		$this->assertContains( 'Stripe: Stripe did not answer in time. Try again in a minute.', self::lines( $result ) );
	}

	public function test_the_check_is_kept_so_screens_ask_the_providers_once_and_connect_refreshes_it(): void {
		$set = $this->set_up_webhooks( array( 'enabled_events' => array( 'payment_intent.succeeded' ) ) );

		$this->site_health();
		$html = $this->settings_screen();
		$this->site_health();
		ob_start();
		do_action( 'admin_notices' ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own hook.
		ob_end_clean();
		$this->assertSame( array( 'GET /v1/webhook_endpoints 200' ), $this->webhook_calls( 'stripe' ), 'Stripe asked once for the two screens, and not by other admin pages.' );
		$this->assertSame( array( 'GET /v1/notifications/webhooks 200' ), $this->webhook_calls( 'paypal' ) );

		// Beside the Stripe webhook URL: what differs, and the button.
		$this->assertMatchesRegularExpression( '#<code>[^<]*/wp-json/donation-widget/v1/stripe/webhook</code></p><p class="donation-widget-webhook-health" data-provider="stripe">.*?</p><div class="donation-widget-webhook-setup" data-provider="stripe"><p class="donation-widget-webhook-check">Stripe endpoint ' . $set['stripe']['id'] . ' \(test mode, API version ' . preg_quote( StripeClient::API_VERSION, '#' ) . '\) sends to this site\. Checked [^<]+\.</p><div class="notice notice-error inline donation-widget-webhook-drift"><ul><li>Endpoint ' . $set['stripe']['id'] . ' does not send payment_intent\.payment_failed, #s', $html );
		$this->assertStringContainsString( 'formaction="' . esc_url( admin_url( 'admin-post.php?provider=stripe' ) ) . '"', $html );
		$this->assertStringContainsString( 'formaction="' . esc_url( admin_url( 'admin-post.php?provider=paypal' ) ) . '"', $html );
		$this->assertSame( 2, substr_count( $html, '>Connect webhooks</button>' ) );
		$this->assertStringContainsString( 'PayPal webhook ' . $set['paypal']['id'] . ' (sandbox app) sends to this site. It is set up as the plugin needs (checked ', $html );

		// Connect repairs the endpoint, and the kept check says so without another look.
		$this->press_connect( 'stripe' );
		StandIns::call( 'DELETE', '/__control/requests' );
		$this->assertSame( 'good', $this->site_health()['status'] );
		$this->assertSame( array(), $this->webhook_calls( 'stripe' ) );

		// New keys are a new account: asked again.
		$this->set_settings( array( 'stripe_test_secret_key' => 'sk_test_anotherAccount' ) );
		$this->site_health();
		$this->assertSame( array( 'GET /v1/webhook_endpoints 200' ), $this->webhook_calls( 'stripe' ) );
	}

	public function test_providers_without_keys_are_left_to_the_keys_test(): void {
		$this->set_settings(
			array(
				'stripe_test_secret_key' => '',
				'paypal_sandbox_secret'  => '',
			)
		);
		$result = $this->site_health();
		$this->assertSame( 'good', $result['status'] );
		$this->assertSame( 'Donation Widget has no webhook to check yet', $result['label'] );
		$this->assertSame( array(), StandIns::requests( 'stripe' ) );
		$this->assertStringContainsString( 'Save the Stripe test secret key to check the webhook endpoint.', $this->settings_screen() );
	}
}
