<?php
/**
 * "Connect webhooks" in the Stripe section: the site's endpoint created, left alone, repaired
 * or replaced through Stripe's webhook endpoints API (the stand-in's), and its secret saved.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Admin;

use DonationWidget\Admin\SettingsPage;
use DonationWidget\Admin\WebhookConnectPanel;
use DonationWidget\Gateways\Stripe\StripeClient;
use DonationWidget\Gateways\Stripe\Webhooks\StripeWebhookEndpoint;
use DonationWidget\Settings\Settings;
use DonationWidget\Tests\Integration\StandIns;
use DonationWidget\Gateways\Stripe\StripeSettings;

final class StripeConnectWebhooksTest extends AdminTestCase {

	use ProviderWebhooks;

	/**
	 * The secrets in Stripe's answers to the plugin's endpoint creations, in order.
	 *
	 * @var list<string>
	 */
	private array $created_secrets = array();

	protected function setUp(): void {
		parent::setUp();
		StandIns::reset();
		delete_option( StripeWebhookEndpoint::OPTION );
		$this->forget_checks();
		$this->set_settings(
			array(
				'stripe_mode'                => 'test',
				'stripe_test_secret_key'     => self::STRIPE_KEY,
				'stripe_test_webhook_secret' => 'whsec_localStandIn',
			)
		);
		$this->created_secrets = array();
		add_filter( 'http_response', array( $this, 'note_created_secret' ), 10, 3 );
		$this->log_in_as( 'administrator' );
	}

	protected function tearDown(): void {
		remove_filter( 'http_response', array( $this, 'note_created_secret' ), 10 );
		parent::tearDown();
	}

	/**
	 * Keeps the signing secret of each endpoint the plugin creates: Stripe shows it only there.
	 *
	 * @param mixed $response The answer.
	 * @param array $args     The request.
	 * @return mixed
	 */
	public function note_created_secret( mixed $response, array $args, string $url ): mixed {
		if ( 'POST' === $args['method'] && str_ends_with( $url, '/stripe/v1/webhook_endpoints' ) && is_array( $response ) ) {
			$body = json_decode( wp_remote_retrieve_body( $response ), true );
			if ( is_string( $body['secret'] ?? null ) && isset( $args['headers']['Idempotency-Key'] ) ) {
				$this->created_secrets[] = $body['secret'];
			}
		}
		return $response;
	}

	private function stored_secret(): string {
		return $this->service( StripeSettings::class )->webhook_secret();
	}

	/**
	 * @param array<string, mixed> $endpoint An endpoint.
	 * @return list<string>
	 */
	private static function events_of( array $endpoint ): array {
		$events = $endpoint['enabled_events'];
		sort( $events );
		return $events;
	}

	/**
	 * @return list<string>
	 */
	private function sorted_plugin_events(): array {
		$events = $this->stripe_events();
		sort( $events );
		return $events;
	}

	public function test_with_no_endpoint_it_creates_one_on_the_pinned_version_with_exactly_the_plugins_events_and_saves_its_secret(): void {
		$notice = $this->press_connect( 'stripe' );
		$calls  = $this->webhook_calls( 'stripe' );

		$endpoints = $this->stripe_endpoints();
		$this->assertCount( 1, $endpoints );
		$endpoint = $endpoints[0];
		$this->assertSame( StripeWebhookEndpoint::url(), $endpoint['url'] );
		$this->assertStringEndsWith( '/wp-json/donation-widget/v1/stripe/webhook', $endpoint['url'] );
		$this->assertSame( StripeClient::API_VERSION, $endpoint['api_version'] );
		$this->assertSame( $this->sorted_plugin_events(), self::events_of( $endpoint ) );
		$this->assertSame( 'enabled', $endpoint['status'] );

		$this->assertCount( 1, $this->created_secrets );
		$this->assertStringStartsWith( 'whsec_', $this->created_secrets[0] );
		$this->assertSame( $this->created_secrets[0], $this->stored_secret(), 'The new endpoint\'s secret replaced the old one.' );
		$this->assertSame( $endpoint['id'], $this->service( StripeWebhookEndpoint::class )->stored_id() );

		$this->assertSame( 'success', $notice['type'] );
		$this->assertStringStartsWith( 'Connected: Stripe endpoint ' . $endpoint['id'] . ' (test mode, API version ' . StripeClient::API_VERSION . ') now sends payment_intent.succeeded,', $notice['message'] );
		$this->assertStringContainsString( 'its signing secret is saved', $notice['message'] );
		$this->assertStringContainsString( 'section=stripe', $notice['redirect'] );
		$this->assertSame( array( 'GET /v1/webhook_endpoints 200', 'POST /v1/webhook_endpoints 200', 'GET /v1/webhook_endpoints 200' ), $calls, 'One look, one creation, then the check kept for the screen.' );
	}

	public function test_an_endpoint_already_as_needed_is_left_alone_and_said_to_be_connected(): void {
		$other    = $this->stripe_api(
			'POST',
			'/v1/webhook_endpoints',
			array(
				'url'            => 'https://crm.example.org.au/stripe',
				'enabled_events' => array( 'customer.created' ),
			)
		);
		$endpoint = $this->dashboard_endpoint();
		$this->set_settings( array( 'stripe_test_webhook_secret' => $endpoint['secret'] ) );

		$notice = $this->press_connect( 'stripe' );

		$this->assertSame( 'success', $notice['type'] );
		$this->assertSame( 'Already connected: Stripe endpoint ' . $endpoint['id'] . ' (test mode, API version ' . StripeClient::API_VERSION . ') sends the events the plugin handles to this site.', $notice['message'] );
		$this->assertSame( array( 'GET /v1/webhook_endpoints 200', 'GET /v1/webhook_endpoints 200' ), $this->webhook_calls( 'stripe' ), 'Nothing created, changed or deleted.' );
		$this->assertSame( $endpoint['secret'], $this->stored_secret() );
		$this->assertSame( $endpoint['id'], $this->service( StripeWebhookEndpoint::class )->stored_id() );
		$this->assertCount( 2, $this->stripe_endpoints(), 'Another system\'s endpoint is not touched.' );
		$this->assertSame( array( 'customer.created' ), $this->stripe_api( 'GET', '/v1/webhook_endpoints/' . $other['id'] )['enabled_events'] );
	}

	public function test_an_endpoint_found_without_a_saved_secret_is_reported_and_replaced_on_request(): void {
		$old = $this->dashboard_endpoint();
		$this->set_settings( array( 'stripe_test_webhook_secret' => '' ) );

		$notice = $this->press_connect( 'stripe' );
		$this->assertSame( 'warning', $notice['type'] );
		$this->assertStringContainsString( 'This site has no Stripe test webhook signing secret', $notice['message'] );
		$this->assertStringContainsString( 'press Replace the endpoint', $notice['message'] );
		$this->assertCount( 1, $this->stripe_endpoints() );

		// The screen now offers the replacement beside Connect webhooks.
		$html = $this->run_stoppable( fn () => $this->service( SettingsPage::class )->render() )['output'];
		$this->assertMatchesRegularExpression( '#<button type="submit" class="button" name="action" value="' . WebhookConnectPanel::ACTION . '" formaction="[^"]+admin-post\.php\?provider=stripe&\#038;replace=1"[^>]*>Replace the endpoint</button>#', $html );

		$notice = $this->press_connect( 'stripe', true );
		$this->assertSame( 'success', $notice['type'], $notice['message'] );
		$endpoints = $this->stripe_endpoints();
		$this->assertCount( 1, $endpoints );
		$this->assertNotSame( $old['id'], $endpoints[0]['id'] );
		$this->assertSame( $this->created_secrets[0], $this->stored_secret() );
		$this->assertStringContainsString( 'The old endpoint ' . $old['id'] . ' was deleted.', $notice['message'] );
	}

	public function test_an_endpoint_with_other_events_is_set_to_exactly_the_plugins_events(): void {
		$endpoint = $this->dashboard_endpoint( array( 'enabled_events' => array( 'payment_intent.succeeded', 'charge.failed' ) ) );
		$this->set_settings( array( 'stripe_test_webhook_secret' => $endpoint['secret'] ) );

		$notice = $this->press_connect( 'stripe' );
		$calls  = $this->webhook_calls( 'stripe' );

		$after = $this->stripe_api( 'GET', '/v1/webhook_endpoints/' . $endpoint['id'] );
		$this->assertSame( $this->sorted_plugin_events(), self::events_of( $after ) );
		$this->assertSame( 'success', $notice['type'] );
		$this->assertStringStartsWith( 'Repaired Stripe endpoint ' . $endpoint['id'] . ': it now sends exactly payment_intent.succeeded,', $notice['message'] );
		$this->assertSame( $endpoint['secret'], $this->stored_secret(), 'The same endpoint, so the same secret.' );
		$this->assertSame( array( 'GET /v1/webhook_endpoints 200', 'POST /v1/webhook_endpoints/{id} 200', 'GET /v1/webhook_endpoints 200' ), $calls );
	}

	public function test_a_disabled_endpoint_is_enabled_again(): void {
		$endpoint = $this->dashboard_endpoint();
		$this->stripe_api( 'POST', '/v1/webhook_endpoints/' . $endpoint['id'], array( 'disabled' => 'true' ) );
		$this->set_settings( array( 'stripe_test_webhook_secret' => $endpoint['secret'] ) );

		$notice = $this->press_connect( 'stripe' );

		$this->assertSame( 'enabled', $this->stripe_api( 'GET', '/v1/webhook_endpoints/' . $endpoint['id'] )['status'] );
		$this->assertSame( 'success', $notice['type'] );
		$this->assertSame( 'Repaired Stripe endpoint ' . $endpoint['id'] . ': it was disabled and is enabled again.', $notice['message'] );
		$this->assertCount( 1, $this->stripe_endpoints() );
	}

	public function test_an_endpoint_of_another_version_is_replaced_the_new_secret_saved_before_the_old_endpoint_is_deleted(): void {
		$old = $this->dashboard_endpoint( array( 'api_version' => '2024-06-20' ) );
		$this->set_settings( array( 'stripe_test_webhook_secret' => $old['secret'] ) );
		update_option( StripeWebhookEndpoint::OPTION, array( 'test' => $old['id'] ) );
		$secret_when_deleting = null;
		$watch                = function ( $pre, array $args, string $url ) use ( &$secret_when_deleting ) {
			if ( 'DELETE' === $args['method'] && str_contains( $url, '/v1/webhook_endpoints/' ) ) {
				$secret_when_deleting = $this->stored_secret();
			}
			return $pre;
		};
		add_filter( 'pre_http_request', $watch, 10, 3 );
		try {
			$notice = $this->press_connect( 'stripe' );
		} finally {
			remove_filter( 'pre_http_request', $watch, 10 );
		}
		$calls = $this->webhook_calls( 'stripe' );

		$endpoints = $this->stripe_endpoints();
		$this->assertCount( 1, $endpoints, 'The old endpoint is gone.' );
		$new = $endpoints[0];
		$this->assertNotSame( $old['id'], $new['id'] );
		$this->assertSame( StripeClient::API_VERSION, $new['api_version'] );
		$this->assertSame( $this->sorted_plugin_events(), self::events_of( $new ) );
		$this->assertSame( 'resource_missing', $this->stripe_api( 'GET', '/v1/webhook_endpoints/' . $old['id'] )['error']['code'] );
		$this->assertSame( $this->created_secrets[0], $this->stored_secret() );
		$this->assertNotSame( $old['secret'], $this->stored_secret() );
		$this->assertSame( $this->created_secrets[0], $secret_when_deleting, 'The new secret was saved before the old endpoint was deleted.' );
		$this->assertSame( $new['id'], $this->service( StripeWebhookEndpoint::class )->stored_id() );
		$this->assertSame(
			array( 'GET /v1/webhook_endpoints 200', 'POST /v1/webhook_endpoints 200', 'DELETE /v1/webhook_endpoints/{id} 200', 'GET /v1/webhook_endpoints 200' ),
			$calls,
			'Created first, deleted last.'
		);
		$this->assertSame( 'success', $notice['type'] );
		$this->assertSame(
			'Connected: endpoint ' . $old['id'] . ' was on API version 2024-06-20, which Stripe cannot change, so new endpoint ' . $new['id'] . ' on ' . StripeClient::API_VERSION . ' replaces it, and its signing secret is saved. The old endpoint ' . $old['id'] . ' was deleted.',
			$notice['message']
		);
	}

	public function test_the_stored_endpoint_is_preferred_among_several_for_the_url(): void {
		$first  = $this->dashboard_endpoint( array( 'enabled_events' => array( 'charge.failed' ) ) );
		$second = $this->dashboard_endpoint( array( 'enabled_events' => array( 'charge.failed' ) ) );
		update_option( StripeWebhookEndpoint::OPTION, array( 'test' => $second['id'] ) );
		$this->set_settings( array( 'stripe_test_webhook_secret' => $second['secret'] ) );

		$notice = $this->press_connect( 'stripe' );

		$this->assertStringStartsWith( 'Repaired Stripe endpoint ' . $second['id'], $notice['message'] );
		$this->assertSame( array( 'charge.failed' ), $this->stripe_api( 'GET', '/v1/webhook_endpoints/' . $first['id'] )['enabled_events'] );
		$check = $this->service( \DonationWidget\Admin\WebhookSetupStatus::class )->kept( $this->service( StripeWebhookEndpoint::class ) );
		$this->assertNotNull( $check );
		$this->assertSame( array( '1 more endpoint sends to this URL (' . $first['id'] . '); its deliveries fail the signature check. Delete it in the Stripe dashboard.' ), array_column( $check->problems, 'text' ) );
	}

	public function test_a_stripe_refusal_and_missing_keys_are_said_in_words(): void {
		$this->set_settings( array( 'stripe_test_secret_key' => 'sk_test_invalid' ) );
		$notice = $this->press_connect( 'stripe' );
		$this->assertSame( 'error', $notice['type'] );
		$this->assertStringStartsWith( 'Stripe refused the test secret key: Invalid API Key provided', $notice['message'] );

		$this->set_settings( array( 'stripe_test_secret_key' => '' ) );
		$notice = $this->press_connect( 'stripe' );
		$this->assertSame( array( 'error', 'Enter and save the Stripe test secret key first.' ), array( $notice['type'], $notice['message'] ) );
	}

	public function test_the_buttons_need_the_nonce_and_an_administrator(): void {
		$_GET = array( 'provider' => 'stripe' );
		$this->assertDied( 403, $this->admin_post( WebhookConnectPanel::ACTION, array( 'donation_widget_connect_webhook_nonce_stripe' => 'wrong' ) ) );
		// The PayPal button's nonce does not press Stripe's.
		$this->assertDied( 403, $this->admin_post( WebhookConnectPanel::ACTION, array( 'donation_widget_connect_webhook_nonce_stripe' => wp_create_nonce( WebhookConnectPanel::ACTION . '_paypal' ) ) ) );

		$this->log_in_as( 'editor' );
		$this->assertDied( 403, $this->admin_post( WebhookConnectPanel::ACTION, array( 'donation_widget_connect_webhook_nonce_stripe' => wp_create_nonce( WebhookConnectPanel::ACTION . '_stripe' ) ) ) );
		$this->assertSame( array(), $this->webhook_calls( 'stripe' ) );
		$this->assertSame( array(), $this->stripe_endpoints() );
	}

	/**
	 * A signing secret in wp-config.php cannot be overwritten: nothing is created, and the admin is told.
	 * In a process of its own: a constant, once defined, would stay for every later test.
	 *
	 * @runInSeparateProcess
	 * @preserveGlobalState disabled
	 */
	public function test_a_signing_secret_set_in_wp_config_is_never_replaced(): void {
		define( 'DONATION_WIDGET_STRIPE_LIVE_WEBHOOK_SECRET', 'whsec_fromconfig' );
		$live_key = self::STAND_IN_LIVE_SECRET_KEY;
		$this->set_settings(
			array(
				'stripe_mode'            => 'live',
				'stripe_live_secret_key' => $live_key,
			)
		);

		$notice = $this->press_connect( 'stripe' );
		$this->assertSame( 'warning', $notice['type'] );
		$this->assertSame(
			'The Stripe live webhook signing secret is set by DONATION_WIDGET_STRIPE_LIVE_WEBHOOK_SECRET in wp-config.php, so Connect webhooks cannot save a new one. No endpoint sends to this site yet: create one in the Stripe dashboard and put its signing secret in wp-config.php, or remove the constant and press Connect webhooks again.',
			$notice['message']
		);
		$this->assertSame( array(), $this->stripe_endpoints( $live_key ), 'No endpoint whose secret the site could not keep.' );

		$old    = $this->dashboard_endpoint( array( 'api_version' => '2024-06-20' ), $live_key );
		$notice = $this->press_connect( 'stripe' );
		$this->assertSame( 'warning', $notice['type'] );
		$this->assertStringContainsString( 'Endpoint ' . $old['id'] . ' stays on API version 2024-06-20 and keeps working', $notice['message'] );
		$this->assertSame( array( $old['id'] ), array_column( $this->stripe_endpoints( $live_key ), 'id' ), 'The old endpoint is kept: its secret is the one in wp-config.php.' );
		$this->assertSame( 'whsec_fromconfig', $this->stored_secret() );

		// A repair needs no new secret, so it still happens.
		$this->stripe_api( 'POST', '/v1/webhook_endpoints/' . $old['id'], array( 'disabled' => 'true' ), $live_key );
		$current = $this->dashboard_endpoint( array(), $live_key );
		$this->stripe_api( 'DELETE', '/v1/webhook_endpoints/' . $old['id'], array(), $live_key );
		$this->stripe_api( 'POST', '/v1/webhook_endpoints/' . $current['id'], array( 'disabled' => 'true' ), $live_key );
		$notice = $this->press_connect( 'stripe' );
		$this->assertSame( 'Repaired Stripe endpoint ' . $current['id'] . ': it was disabled and is enabled again.', $notice['message'] );
	}
}
