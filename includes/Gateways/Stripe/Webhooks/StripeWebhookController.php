<?php
/**
 * POST /wp-json/donation-widget/v1/stripe/webhook: Stripe's events.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe\Webhooks;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Gateways\Stripe\StripeSettings;
use DonationWidget\Webhooks\WebhookDelivery;
use DonationWidget\Settings\Settings;
use DonationWidget\Gateways\Stripe\Webhooks\Listeners\EventListener;

/**
 * Receives Stripe's webhook deliveries. The route is public (Stripe cannot log in): a delivery
 * is believed only when its Stripe-Signature matches the signing secret of the current mode, and
 * even then only as a notice: each listener reads the object from Stripe itself (EventListener).
 *
 * Answers: 400 for a missing, malformed, stale or wrong signature or an unreadable event (Stripe
 * shows these in its dashboard); 200 for an event processed, already processed, or of no
 * interest; 500 when processing failed (the claim is released and Stripe retries later);
 * 503 when no signing secret is set (Stripe keeps retrying until one is).
 */
final class StripeWebhookController {

	public const NAMESPACE = 'donation-widget/v1';

	public const ROUTE = '/stripe/webhook';

	/**
	 * Builds the controller.
	 *
	 * @param Settings                     $settings  The signing secret and mode.
	 * @param WebhookDelivery              $delivery  Each event once, and webhook health.
	 * @param array<string, EventListener> $listeners Event type => listener.
	 */
	public function __construct(
		private readonly Settings $settings,
		private readonly WebhookDelivery $delivery,
		private readonly array $listeners
	) {
	}

	/**
	 * The event types handled: what to tick when adding the endpoint in Stripe's dashboard.
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
		$secret = ( new StripeSettings( $this->settings ) )->webhook_secret();
		if ( '' === $secret ) {
			// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- an admin must set the secret.
			error_log( 'Donation Widget: a Stripe webhook arrived but no webhook signing secret is set for the current Stripe mode.' );
			return $this->delivery->refuse( 'stripe', 503, 'not_configured: no webhook signing secret for the current mode' );
		}

		$payload = $request->get_body();
		$problem = StripeSignature::problem( $payload, (string) $request->get_header( 'stripe_signature' ), $secret );
		if ( null !== $problem ) {
			return $this->delivery->refuse( 'stripe', 400, 'invalid_signature: ' . $problem );
		}

		$event     = json_decode( $payload, true );
		$id        = is_array( $event ) && is_string( $event['id'] ?? null ) ? $event['id'] : '';
		$type      = is_array( $event ) && is_string( $event['type'] ?? null ) ? $event['type'] : '';
		$data      = is_array( $event ) && is_array( $event['data'] ?? null ) ? $event['data'] : array();
		$object_id = is_array( $data['object'] ?? null ) && is_string( $data['object']['id'] ?? null ) ? $data['object']['id'] : '';
		if ( '' === $id || '' === $type || '' === $object_id ) {
			return WebhookDelivery::answer( 400, array( 'error' => 'malformed_event' ) );
		}
		// The payload's shape is the endpoint's API version, which only matters to the health
		// screens: the listeners read the object again in the plugin's pinned version.
		$api_version = is_string( $event['api_version'] ?? null ) ? $event['api_version'] : '';
		$this->delivery->received( 'stripe', $type, $api_version );

		if ( is_array( $event ) && (bool) ( $event['livemode'] ?? false ) !== ( new StripeSettings( $this->settings ) )->is_live() ) {
			return WebhookDelivery::answer( 200, array( 'status' => 'ignored: the other Stripe mode' ) );
		}
		$listener = $this->listeners[ $type ] ?? null;
		if ( null === $listener ) {
			return WebhookDelivery::answer( 200, array( 'status' => 'ignored: event type not handled' ) );
		}
		return $this->delivery->process_once( 'Stripe', $id, $type, static fn (): string => $listener->handle( $object_id, $type ), $api_version );
	}
}
