<?php
/**
 * POST /wp-json/donation-widget/v1/paypal/webhook: PayPal's capture events.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\PayPal\Webhooks;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Gateways\PayPal\PayPalSettings;
use DonationWidget\Webhooks\WebhookDelivery;
use DonationWidget\Gateways\PayPal\PayPalClient;
use DonationWidget\Gateways\PayPal\Webhooks\Listeners\CaptureListener;
use DonationWidget\Http\ProviderUnavailable;
use DonationWidget\Settings\Settings;

/**
 * Receives PayPal's webhook deliveries. The route is public (PayPal cannot log in): a delivery
 * is believed only when PayPal itself confirms it, through POST /v1/notifications/verify-webhook-
 * signature with the delivery's PAYPAL-* headers, the webhook id from the settings and the body
 * as received; only verification_status SUCCESS is accepted.
 *
 * Answers: 400 for missing headers, a body that is not an event, or a delivery PayPal does not
 * confirm; 200 for an event processed, already processed, of no interest, or whose capture PayPal
 * does not have (acknowledged, logged and shown in webhook health: EventObjectGone); 500 when
 * processing failed any other way, PayPal unreachable included (the claim is released and PayPal
 * retries); 503 when no webhook id is set,
 * or PayPal could not be asked (PayPal retries for up to three days).
 */
final class PayPalWebhookController {

	public const NAMESPACE = 'donation-widget/v1';

	public const ROUTE = '/paypal/webhook';

	/**
	 * Prefix of PayPal's event ids in the shared event log, apart from Stripe's evt_… ids.
	 */
	public const EVENT_ID_PREFIX = 'paypal:';

	/**
	 * The delivery headers PayPal signs with, by the name verify-webhook-signature gives them.
	 */
	private const TRANSMISSION_HEADERS = array(
		'auth_algo'         => 'paypal_auth_algo',
		'cert_url'          => 'paypal_cert_url',
		'transmission_id'   => 'paypal_transmission_id',
		'transmission_sig'  => 'paypal_transmission_sig',
		'transmission_time' => 'paypal_transmission_time',
	);

	/**
	 * Builds the controller.
	 *
	 * @param Settings                       $settings  The webhook id.
	 * @param PayPalClient                   $paypal    Verifies deliveries.
	 * @param WebhookDelivery                $delivery  Each event once, and webhook health.
	 * @param array<string, CaptureListener> $listeners Event type => listener.
	 */
	public function __construct(
		private readonly Settings $settings,
		private readonly PayPalClient $paypal,
		private readonly WebhookDelivery $delivery,
		private readonly array $listeners
	) {
	}

	/**
	 * The event types handled: what to tick when adding the webhook in PayPal's dashboard.
	 *
	 * @return list<string>
	 */
	public function event_types(): array {
		return array_keys( $this->listeners );
	}

	/**
	 * Registers the route (rest_api_init).
	 */
	public function register_routes(): void {
		WebhookDelivery::register_route( self::NAMESPACE, self::ROUTE, array( $this, 'receive' ) );
	}

	/**
	 * Handles one delivery.
	 *
	 * @param \WP_REST_Request $request The delivery.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 */
	public function receive( \WP_REST_Request $request ): \WP_REST_Response {
		$webhook_id = ( new PayPalSettings( $this->settings ) )->webhook_id();
		if ( '' === $webhook_id ) {
			// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- an admin must set the webhook id.
			error_log( 'Donation Widget: a PayPal webhook arrived but no PayPal webhook ID is set.' );
			return $this->refuse( 503, 'not_configured', 'no PayPal webhook ID is set' );
		}

		$transmission = array();
		foreach ( self::TRANSMISSION_HEADERS as $field => $header ) {
			$transmission[ $field ] = trim( (string) $request->get_header( $header ) );
		}
		if ( in_array( '', $transmission, true ) ) {
			return $this->refuse( 400, 'invalid_signature', 'missing PAYPAL-* headers' );
		}

		$payload  = $request->get_body();
		$event    = json_decode( $payload, true );
		$id       = is_array( $event ) && is_string( $event['id'] ?? null ) ? $event['id'] : '';
		$type     = is_array( $event ) && is_string( $event['event_type'] ?? null ) ? $event['event_type'] : '';
		$resource = is_array( $event ) && is_array( $event['resource'] ?? null ) ? $event['resource'] : null;
		if ( '' === $id || '' === $type || null === $resource || ! str_starts_with( ltrim( $payload ), '{' ) ) {
			return $this->refuse( 400, 'malformed_event', 'the body is not a PayPal event' );
		}

		try {
			$problem = $this->paypal->webhook_signature_problem( $transmission, $webhook_id, $payload );
		} catch ( ProviderUnavailable $error ) {
			return $this->refuse( 503, 'verification_unavailable', $error->getMessage() );
		}
		if ( null !== $problem ) {
			return $this->refuse( 400, 'invalid_signature', $problem );
		}
		$version = is_array( $event ) && is_string( $event['resource_version'] ?? null ) ? $event['resource_version'] : '';
		$this->delivery->received( 'paypal', $type, $version );

		$listener = $this->listeners[ $type ] ?? null;
		if ( null === $listener ) {
			return WebhookDelivery::answer( 200, array( 'status' => 'ignored: event type not handled' ) );
		}
		return $this->delivery->process_once( 'PayPal', self::EVENT_ID_PREFIX . $id, $type, static fn (): string => $listener->handle( $resource ), $version );
	}

	/**
	 * Refuses a delivery that could not be verified, and records why for the settings screen.
	 *
	 * @param int    $status HTTP status.
	 * @param string $error  Machine-readable reason.
	 * @param string $detail What exactly.
	 */
	private function refuse( int $status, string $error, string $detail ): \WP_REST_Response {
		return $this->delivery->refuse( 'paypal', $status, "{$error}: {$detail}" );
	}
}
