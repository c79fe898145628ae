<?php
/**
 * The providers' webhook APIs as the stand-ins answer them, for the Connect webhooks tests.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Admin;

use DonationWidget\Admin\WebhookConnectPanel;
use DonationWidget\Admin\WebhookSetupStatus;
use DonationWidget\Gateways\PayPal\Webhooks\PayPalWebhookController;
use DonationWidget\Gateways\Stripe\StripeClient;
use DonationWidget\Gateways\Stripe\Webhooks\StripeWebhookController;
use DonationWidget\Gateways\Stripe\Webhooks\StripeWebhookEndpoint;
use DonationWidget\Tests\Integration\StandIns;

/**
 * Sets webhooks up at the stand-ins directly (as an admin would in the providers' dashboards),
 * reads them back, and presses the settings screen's buttons.
 */
trait ProviderWebhooks {

	private const STRIPE_KEY = 'sk_test_localStandIn';

	/**
	 * A call to the Stripe stand-in's API with a secret key.
	 *
	 * @param array<string, mixed> $params Form parameters (lists as PHP arrays).
	 * @return array<string, mixed>
	 */
	protected function stripe_api( string $method, string $path, array $params = array(), string $key = self::STRIPE_KEY ): array {
		$query    = http_build_query( $params );
		$query    = (string) preg_replace( '/%5B\d+%5D=/', '%5B%5D=', $query );
		$response = wp_remote_request(
			StandIns::url() . '/stripe' . $path . ( 'GET' === $method && '' !== $query ? '?' . $query : '' ),
			array(
				'method'  => $method,
				'headers' => array(
					'Authorization'  => 'Bearer ' . $key,
					'Content-Type'   => 'application/x-www-form-urlencoded',
					'Stripe-Version' => StripeClient::API_VERSION,
				),
				'body'    => 'GET' === $method ? null : $query,
				'timeout' => 60,
			)
		);
		$this->assertIsArray( $response );
		$body = json_decode( wp_remote_retrieve_body( $response ), true );
		$this->assertIsArray( $body, "Stripe stand-in answered {$method} {$path} with no JSON." );
		return $body;
	}

	/**
	 * A call to the PayPal stand-in's Webhooks API with a token of its own.
	 *
	 * @param mixed $json Body.
	 * @return array<string, mixed>
	 */
	protected function paypal_api( string $method, string $path, mixed $json = null ): array {
		$token = wp_remote_post(
			StandIns::url() . '/paypal/v1/oauth2/token',
			array(
				'headers' => array( 'Authorization' => 'Basic ' . base64_encode( 'test-client:test-secret' ) ), // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- PayPal's OAuth.
				'body'    => 'grant_type=client_credentials',
			)
		);
		$this->assertIsArray( $token );
		$access   = json_decode( wp_remote_retrieve_body( $token ), true )['access_token'] ?? '';
		$response = wp_remote_request(
			StandIns::url() . '/paypal' . $path,
			array(
				'method'  => $method,
				'headers' => array(
					'Authorization' => 'Bearer ' . $access,
					'Content-Type'  => 'application/json',
				),
				'body'    => null === $json ? null : wp_json_encode( $json ),
				'timeout' => 60,
			)
		);
		$this->assertIsArray( $response );
		$body = json_decode( wp_remote_retrieve_body( $response ), true );
		return is_array( $body ) ? $body : array();
	}

	/**
	 * The plugin's Stripe event types.
	 *
	 * @return list<string>
	 */
	protected function stripe_events(): array {
		return $this->service( StripeWebhookController::class )->event_types();
	}

	/**
	 * The plugin's PayPal event types.
	 *
	 * @return list<string>
	 */
	protected function paypal_events(): array {
		return $this->service( PayPalWebhookController::class )->event_types();
	}

	/**
	 * Makes a Stripe endpoint for the site's URL as the dashboard would, and answers it with its
	 * secret.
	 *
	 * @param array<string, mixed> $params Overrides (api_version, enabled_events).
	 * @return array<string, mixed>
	 */
	protected function dashboard_endpoint( array $params = array(), string $key = self::STRIPE_KEY ): array {
		$endpoint = $this->stripe_api(
			'POST',
			'/v1/webhook_endpoints',
			array_merge(
				array(
					'url'            => StripeWebhookEndpoint::url(),
					'api_version'    => StripeClient::API_VERSION,
					'enabled_events' => $this->stripe_events(),
				),
				$params
			),
			$key
		);
		$this->assertStringStartsWith( 'we_', (string) ( $endpoint['id'] ?? '' ), (string) wp_json_encode( $endpoint ) );
		return $endpoint;
	}

	/**
	 * Every Stripe endpoint of a mode's account.
	 *
	 * @return list<array<string, mixed>>
	 */
	protected function stripe_endpoints( string $key = self::STRIPE_KEY ): array {
		return $this->stripe_api( 'GET', '/v1/webhook_endpoints', array( 'limit' => 100 ), $key )['data'];
	}

	/**
	 * Every PayPal webhook of the app.
	 *
	 * @return list<array<string, mixed>>
	 */
	protected function paypal_webhooks(): array {
		return $this->paypal_api( 'GET', '/v1/notifications/webhooks' )['webhooks'];
	}

	/**
	 * A webhook's event names, sorted.
	 *
	 * @param array<string, mixed> $webhook A PayPal webhook.
	 * @return list<string>
	 */
	protected static function names_of( array $webhook ): array {
		$names = array_column( $webhook['event_types'], 'name' );
		sort( $names );
		return $names;
	}

	/**
	 * "METHOD path status" of the plugin's calls to a provider's webhook API, in order.
	 *
	 * @return list<string>
	 */
	protected function webhook_calls( string $provider ): array {
		$calls = array();
		foreach ( StandIns::requests( $provider ) as $request ) {
			$path = (string) ( $request['provider_path'] ?? '' );
			if ( str_starts_with( $path, '/v1/webhook_endpoints' ) || str_starts_with( $path, '/v1/notifications/webhooks' ) ) {
				$calls[] = $request['method'] . ' ' . preg_replace( '#/(we_\w+|[A-Z0-9]{17})$#', '/{id}', $path ) . ' ' . $request['status'];
			}
		}
		return $calls;
	}

	/**
	 * Presses Connect webhooks (or Replace the endpoint) of a provider, as the settings form
	 * submits it to admin-post.php, and answers the notice it leaves. The stand-ins' request log
	 * then holds only what the press asked.
	 *
	 * @return array{type: string, message: string, redirect: string}
	 */
	protected function press_connect( string $provider, bool $replace = false ): array {
		$_GET = array_filter(
			array(
				'provider' => $provider,
				'replace'  => $replace ? '1' : null,
			)
		);
		StandIns::call( 'DELETE', '/__control/requests' );
		delete_transient( 'settings_errors' );
		global $wp_settings_errors;
		$wp_settings_errors = array(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- the notices of one press.
		$result             = $this->admin_post(
			WebhookConnectPanel::ACTION,
			array( 'donation_widget_connect_webhook_nonce_' . $provider => wp_create_nonce( WebhookConnectPanel::ACTION . '_' . $provider ) )
		);
		$args               = $this->redirected_to( $result );
		$this->assertSame( $provider, $args['section'] ?? '' );
		$notices            = get_transient( 'settings_errors' );
		$wp_settings_errors = array(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- none left for the next test.
		$this->assertIsArray( $notices );
		$this->assertCount( 1, $notices, (string) wp_json_encode( $notices ) );
		return array(
			'type'     => (string) $notices[0]['type'],
			'message'  => (string) $notices[0]['message'],
			'redirect' => (string) $result['stop']?->detail,
		);
	}

	/**
	 * Forgets the kept checks.
	 */
	protected function forget_checks(): void {
		$this->service( WebhookSetupStatus::class )->forget();
	}
}
