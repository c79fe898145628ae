<?php
/**
 * "Connect webhooks" in the PayPal section: the site's webhook created, its event types
 * replaced, a webhook made meanwhile repaired, and its id saved as the Webhook ID; and the
 * Webhook ID field taking only what PayPal's verify-webhook-signature takes.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Admin;

use DonationWidget\Gateways\PayPal\Webhooks\PayPalWebhookRegistration;
use DonationWidget\Settings\Settings;
use DonationWidget\Settings\SettingsSanitizer;
use DonationWidget\Tests\Integration\StandIns;
use DonationWidget\Gateways\PayPal\PayPalSettings;

final class PayPalConnectWebhooksTest extends AdminTestCase {

	use ProviderWebhooks;

	protected function setUp(): void {
		parent::setUp();
		StandIns::reset();
		$this->forget_checks();
		$this->set_settings(
			array(
				'paypal_mode'              => 'sandbox',
				'paypal_sandbox_client_id' => 'local-stand-in-client',
				'paypal_sandbox_secret'    => 'local-stand-in-secret',
				'paypal_webhook_id'        => '',
			)
		);
		$this->log_in_as( 'administrator' );
	}

	private function saved_id(): string {
		return $this->service( PayPalSettings::class )->webhook_id();
	}

	/**
	 * @return list<string>
	 */
	private function sorted_plugin_events(): array {
		$events = $this->paypal_events();
		sort( $events );
		return $events;
	}

	/**
	 * @param list<string> $names Event names.
	 * @return array<string, mixed>
	 */
	private function dashboard_webhook( array $names ): array {
		$webhook = $this->paypal_api(
			'POST',
			'/v1/notifications/webhooks',
			array(
				'url'         => PayPalWebhookRegistration::url(),
				'event_types' => array_map( static fn ( string $name ): array => array( 'name' => $name ), $names ),
			)
		);
		$this->assertArrayHasKey( 'id', $webhook, (string) wp_json_encode( $webhook ) );
		return $webhook;
	}

	public function test_with_no_webhook_it_creates_one_with_exactly_the_plugins_events_and_saves_its_id(): void {
		$this->paypal_api(
			'POST',
			'/v1/notifications/webhooks',
			array(
				'url'         => 'https://crm.example.org.au/paypal',
				'event_types' => array( array( 'name' => 'CHECKOUT.ORDER.APPROVED' ) ),
			)
		);

		$notice = $this->press_connect( 'paypal' );
		$calls  = $this->webhook_calls( 'paypal' );

		$ours = array_values( array_filter( $this->paypal_webhooks(), static fn ( array $webhook ): bool => PayPalWebhookRegistration::url() === $webhook['url'] ) );
		$this->assertCount( 1, $ours );
		$this->assertStringEndsWith( '/wp-json/donation-widget/v1/paypal/webhook', $ours[0]['url'] );
		$this->assertSame( $this->sorted_plugin_events(), self::names_of( $ours[0] ) );
		$this->assertSame( $ours[0]['id'], $this->saved_id() );
		$this->assertMatchesRegularExpression( '/^[A-Za-z0-9]{1,50}$/', $this->saved_id() );
		$this->assertSame( 'success', $notice['type'] );
		$this->assertSame(
			'Connected: PayPal webhook ' . $ours[0]['id'] . ' (sandbox app) now sends PAYMENT.CAPTURE.COMPLETED, PAYMENT.CAPTURE.DENIED, PAYMENT.CAPTURE.REFUNDED, PAYMENT.CAPTURE.REVERSED to this site. Its ID ' . $ours[0]['id'] . ' is saved as the Webhook ID.',
			$notice['message']
		);
		$this->assertSame( array( 'GET /v1/notifications/webhooks 200', 'POST /v1/notifications/webhooks 201', 'GET /v1/notifications/webhooks 200' ), $calls );
	}

	public function test_a_webhook_with_other_event_types_has_them_replaced_by_exactly_the_plugins(): void {
		$webhook = $this->dashboard_webhook( array( 'PAYMENT.CAPTURE.COMPLETED', 'CHECKOUT.ORDER.APPROVED' ) );

		$notice = $this->press_connect( 'paypal' );
		$calls  = $this->webhook_calls( 'paypal' );

		$this->assertSame( array( 'GET /v1/notifications/webhooks 200', 'PATCH /v1/notifications/webhooks/{id} 200', 'GET /v1/notifications/webhooks 200' ), $calls );
		$patch = array_values( array_filter( StandIns::requests( 'paypal' ), static fn ( array $request ): bool => 'PATCH' === $request['method'] ) );
		$this->assertSame( 'replace', $patch[0]['body'][0]['op'] );
		$this->assertSame( '/event_types', $patch[0]['body'][0]['path'] );
		$this->assertSame( $this->sorted_plugin_events(), self::names_of( $this->paypal_api( 'GET', '/v1/notifications/webhooks/' . $webhook['id'] ) ) );
		$this->assertSame( $webhook['id'], $this->saved_id() );
		$this->assertSame( 'success', $notice['type'] );
		$this->assertStringStartsWith( 'Repaired PayPal webhook ' . $webhook['id'] . ': it now sends exactly PAYMENT.CAPTURE.COMPLETED, ', $notice['message'] );
	}

	public function test_a_webhook_as_needed_with_its_id_saved_is_left_alone(): void {
		$webhook = $this->dashboard_webhook( $this->paypal_events() );
		$this->set_settings( array( 'paypal_webhook_id' => $webhook['id'] ) );

		$notice = $this->press_connect( 'paypal' );

		$this->assertSame( array( 'GET /v1/notifications/webhooks 200', 'GET /v1/notifications/webhooks 200' ), $this->webhook_calls( 'paypal' ) );
		$this->assertSame( 'success', $notice['type'] );
		$this->assertSame( 'Already connected: PayPal webhook ' . $webhook['id'] . ' (sandbox app) sends PAYMENT.CAPTURE.COMPLETED, PAYMENT.CAPTURE.DENIED, PAYMENT.CAPTURE.REFUNDED, PAYMENT.CAPTURE.REVERSED to this site.', $notice['message'] );
	}

	public function test_a_webhook_made_after_the_list_was_read_is_found_through_url_already_exists_and_repaired(): void {
		// Another admin's press (or another server) creates the webhook, with other events,
		// right after this press read the list.
		$made = null;
		$race = function ( $response, array $args, string $url ) use ( &$made ) {
			if ( null === $made && 'GET' === $args['method'] && str_ends_with( $url, '/paypal/v1/notifications/webhooks' ) && str_contains( (string) ( $args['user-agent'] ?? '' ), 'DonationWidget' ) ) {
				$made = $this->dashboard_webhook( array( 'PAYMENT.CAPTURE.COMPLETED' ) );
			}
			return $response;
		};
		add_filter( 'http_response', $race, 10, 3 );
		try {
			$notice = $this->press_connect( 'paypal' );
		} finally {
			remove_filter( 'http_response', $race, 10 );
		}

		$this->assertNotNull( $made );
		$this->assertContains( 'POST /v1/notifications/webhooks 400', $this->webhook_calls( 'paypal' ) );
		$refused = array_values( array_filter( StandIns::requests( 'paypal' ), static fn ( array $request ): bool => 400 === $request['status'] ) );
		$this->assertCount( 1, $refused );
		$this->assertSame(
			array( 'GET /v1/notifications/webhooks 200', 'POST /v1/notifications/webhooks 400', 'GET /v1/notifications/webhooks 200', 'PATCH /v1/notifications/webhooks/{id} 200', 'GET /v1/notifications/webhooks 200' ),
			array_values( array_diff( $this->webhook_calls( 'paypal' ), array( 'POST /v1/notifications/webhooks 201' ) ) )
		);
		$this->assertCount( 1, $this->paypal_webhooks(), 'Still one webhook for the URL.' );
		$this->assertSame( $this->sorted_plugin_events(), self::names_of( $this->paypal_webhooks()[0] ) );
		$this->assertSame( $made['id'], $this->saved_id() );
		$this->assertSame( 'success', $notice['type'] );
		$this->assertStringStartsWith( 'Repaired PayPal webhook ' . $made['id'], $notice['message'] );
	}

	public function test_a_paypal_refusal_and_missing_credentials_are_said_in_words(): void {
		$this->set_settings( array( 'paypal_sandbox_secret' => 'invalid-secret' ) );
		$notice = $this->press_connect( 'paypal' );
		$this->assertSame( 'error', $notice['type'] );
		$this->assertStringStartsWith( 'PayPal refused the sandbox client ID or secret (HTTP 401', $notice['message'] );

		$this->set_settings( array( 'paypal_sandbox_secret' => '' ) );
		$notice = $this->press_connect( 'paypal' );
		$this->assertSame( array( 'error', 'Enter and save the PayPal sandbox client ID and secret first.' ), array( $notice['type'], $notice['message'] ) );
		$this->assertSame( '', $this->saved_id() );
	}

	/**
	 * A Webhook ID set in wp-config.php is not overwritten, and a different one is pointed out.
	 * In a process of its own: the constant would stay for every later PayPal test.
	 *
	 * @runInSeparateProcess
	 * @preserveGlobalState disabled
	 */
	public function test_a_webhook_id_set_in_wp_config_is_never_overwritten(): void {
		define( 'DONATION_WIDGET_PAYPAL_WEBHOOK_ID', 'WHFROMCONFIG01' );

		$notice  = $this->press_connect( 'paypal' );
		$webhook = $this->paypal_webhooks()[0];
		$this->assertSame( 'warning', $notice['type'] );
		$this->assertStringEndsWith( 'But the Webhook ID is set by DONATION_WIDGET_PAYPAL_WEBHOOK_ID in wp-config.php (WHFROMCONFIG01), which Connect webhooks cannot change: set it to ' . $webhook['id'] . ' there, or PayPal will not confirm the deliveries.', $notice['message'] );
		$this->assertSame( 'WHFROMCONFIG01', $this->saved_id() );
		$this->assertArrayNotHasKey( 'paypal_webhook_id', array_filter( $this->service( Settings::class )->stored() ) );
	}

	/**
	 * @return array<string, array{string, bool}>
	 */
	public static function webhook_ids(): array {
		return array(
			'PayPal\'s own shape'       => array( '8PT597110X687430LKGECATA', true ),
			'one character'             => array( 'W', true ),
			'50 characters'             => array( str_repeat( 'A1', 25 ), true ),
			'51 characters'             => array( str_repeat( 'A1', 25 ) . 'B', false ),
			'a hyphen'                  => array( 'WH-8PT597110X687430', false ),
			'an underscore'             => array( 'WH_8PT597110X687430', false ),
			'a UUID, as pasted wrongly' => array( '0f8d5ce3-2cbb-4d1b-9c8e-0cf6e0d0a1b2', false ),
		);
	}

	/**
	 * @dataProvider webhook_ids
	 */
	public function test_the_webhook_id_field_takes_what_verify_webhook_signature_takes( string $id, bool $accepted ): void {
		$sanitizer = new SettingsSanitizer( $this->service( Settings::class ) );
		$values    = $sanitizer->sanitise( array( 'paypal_webhook_id' => $id ) );
		if ( $accepted ) {
			$this->assertSame( $id, $values['paypal_webhook_id'] );
			$this->assertSame( array(), $sanitizer->errors() );
			return;
		}
		$this->assertSame( '', $values['paypal_webhook_id'], 'The stored value is kept.' );
		$this->assertSame( array( 'Webhook ID: paste the Webhook ID exactly as PayPal shows it: letters and digits only, at most 50, such as 8PT597110X687430LKGECATA.' ), array_values( array_filter( $sanitizer->errors(), static fn ( string $error ): bool => str_starts_with( $error, 'Webhook ID' ) ) ) );
	}
}
