<?php
/**
 * POST /wp-json/donation-widget/v1/stripe/webhook: Stripe's events.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe\Webhooks;

use DonationWidget\Checkout\WebhookEventLog;
use DonationWidget\Checkout\WebhookHealth;
use DonationWidget\Settings\Settings;
use DonationWidget\Gateways\Stripe\Webhooks\Listeners\EventListener;

/**
 * Receives Stripe's webhook deliveries. The route is public (Stripe cannot log in): a delivery
 * is believed only when its Stripe-Signature matches the signing secret of the current mode.
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
	 * @param WebhookEventLog              $events    Events already taken.
	 * @param array<string, EventListener> $listeners Event type => listener.
	 * @param WebhookHealth                $health    Last event and last signature failure.
	 */
	public function __construct(
		private readonly Settings $settings,
		private readonly WebhookEventLog $events,
		private readonly array $listeners,
		private readonly WebhookHealth $health
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
		register_rest_route(
			self::NAMESPACE,
			self::ROUTE,
			array(
				'methods'             => \WP_REST_Server::CREATABLE,
				'callback'            => array( $this, 'receive' ),
				// Public by design: authenticity comes from the Stripe-Signature header.
				'permission_callback' => '__return_true',
			)
		);
	}

	/**
	 * Handles one delivery.
	 *
	 * @param \WP_REST_Request $request The delivery.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 */
	public function receive( \WP_REST_Request $request ): \WP_REST_Response {
		$secret = $this->settings->stripe_webhook_secret();
		if ( '' === $secret ) {
			// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- an admin must set the secret.
			error_log( 'Donation Widget: a Stripe webhook arrived but no webhook signing secret is set for the current Stripe mode.' );
			$this->health->record_failure( 'stripe', 'not_configured: no webhook signing secret for the current mode' );
			return $this->answer( 503, array( 'error' => 'not_configured' ) );
		}

		$payload = $request->get_body();
		$problem = StripeSignature::problem( $payload, (string) $request->get_header( 'stripe_signature' ), $secret );
		if ( null !== $problem ) {
			$this->health->record_failure( 'stripe', 'invalid_signature: ' . $problem );
			return $this->answer( 400, array( 'error' => 'invalid_signature: ' . $problem ) );
		}

		$event  = json_decode( $payload, true );
		$id     = is_array( $event ) && is_string( $event['id'] ?? null ) ? $event['id'] : '';
		$type   = is_array( $event ) && is_string( $event['type'] ?? null ) ? $event['type'] : '';
		$data   = is_array( $event ) && is_array( $event['data'] ?? null ) ? $event['data'] : array();
		$object = is_array( $data['object'] ?? null ) ? $data['object'] : null;
		if ( '' === $id || '' === $type || null === $object ) {
			return $this->answer( 400, array( 'error' => 'malformed_event' ) );
		}
		$this->health->record_event( 'stripe', $type );

		if ( is_array( $event ) && (bool) ( $event['livemode'] ?? false ) !== $this->settings->is_stripe_live() ) {
			return $this->answer( 200, array( 'status' => 'ignored: the other Stripe mode' ) );
		}
		$listener = $this->listeners[ $type ] ?? null;
		if ( null === $listener ) {
			return $this->answer( 200, array( 'status' => 'ignored: event type not handled' ) );
		}
		if ( ! $this->events->claim( $id, $type ) ) {
			return $this->answer( 200, array( 'status' => 'duplicate' ) );
		}

		try {
			$outcome = $listener->handle( $object );
		} catch ( \Throwable $error ) {
			$this->events->release( $id );
			// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- a failed event must reach the site's error log.
			error_log( "Donation Widget: Stripe event {$id} ({$type}) failed: " . get_class( $error ) . ': ' . $error->getMessage() );
			return $this->answer( 500, array( 'error' => 'processing_failed' ) );
		}
		$this->events->finish( $id, $outcome );
		return $this->answer(
			200,
			array(
				'status'  => 'processed',
				'outcome' => $outcome,
			)
		);
	}

	/**
	 * A JSON answer Stripe records in its dashboard.
	 *
	 * @param int                  $status HTTP status.
	 * @param array<string, mixed> $body   Body.
	 */
	private function answer( int $status, array $body ): \WP_REST_Response {
		$response = new \WP_REST_Response( array( 'received' => $status < 300 ) + $body, $status );
		$response->header( 'Cache-Control', 'no-store' );
		return $response;
	}
}
