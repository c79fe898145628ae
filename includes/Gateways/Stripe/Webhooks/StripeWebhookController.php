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

use DonationWidget\Gateways\Stripe\StripeGateway;
use DonationWidget\Gateways\Stripe\StripeRequestError;
use DonationWidget\Gateways\Stripe\StripeSettings;
use DonationWidget\Webhooks\EventObjectGone;
use DonationWidget\Webhooks\WebhookDelivery;
use DonationWidget\Settings\Settings;
use DonationWidget\Gateways\Stripe\Webhooks\Listeners\EventListener;

/**
 * Receives Stripe's webhook deliveries. The route is public (Stripe cannot log in): a delivery
 * is believed only when its Stripe-Signature matches the signing secret of the current mode, and
 * even then only as a notice: each listener reads the object from Stripe itself (EventListener).
 *
 * Answers: 400 for a missing, malformed, stale or wrong signature or an unreadable event (Stripe
 * shows these in its dashboard); 200 for an event processed, already processed, of no interest,
 * or whose object Stripe no longer has (404 resource_missing on reading it back: acknowledged,
 * logged and shown in webhook health, since no retry can change it); 500 when processing failed
 * any other way, Stripe unreachable included (the claim is released and Stripe retries later);
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
		return $this->delivery->process_once( 'Stripe', $id, $type, static fn (): string => self::handle( $listener, $object_id, $type ), $api_version );
	}

	/**
	 * Runs the listener. Stripe answering 404 resource_missing when the object is read back
	 * means it is gone (deleted, or never this account's): no retry can change that, so the
	 * event is acknowledged (EventObjectGone). Any other failure lets the delivery fail, and
	 * Stripe redelivers it.
	 *
	 * @param EventListener $listener  The event type's listener.
	 * @param string        $object_id The event's data.object id.
	 * @param string        $type      The event type.
	 * @throws EventObjectGone    When Stripe no longer has the object.
	 * @throws StripeRequestError When Stripe refuses the read another way (the delivery fails).
	 */
	private static function handle( EventListener $listener, string $object_id, string $type ): string {
		try {
			return $listener->handle( $object_id, $type );
		} catch ( StripeRequestError $error ) {
			if ( 404 === $error->status && $error->is_missing_resource() ) {
				throw new EventObjectGone( esc_html( StripeGateway::ID ), esc_html( $error->stripe_message ) );
			}
			throw $error;
		}
	}
}
