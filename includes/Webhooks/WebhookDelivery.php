<?php
/**
 * What every webhook endpoint does with a delivery it has verified.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Webhooks;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * The part of a webhook endpoint that is the same for every provider once its delivery is
 * verified: the event is processed once (claimed in the WebhookEventLog; a failure releases the
 * claim so the provider's retry runs it again; an event whose object the provider no longer has is
 * acknowledged instead, see EventObjectGone), the provider's last event is recorded for the
 * settings screen, and every answer is JSON the provider shows in its dashboard, never cached.
 */
final class WebhookDelivery {

	/**
	 * Builds it.
	 *
	 * @param WebhookEventLog $events Events already taken.
	 * @param WebhookHealth   $health Last event and last refused delivery.
	 */
	public function __construct(
		private readonly WebhookEventLog $events,
		private readonly WebhookHealth $health
	) {
	}

	/**
	 * Registers a provider's webhook route (rest_api_init). It is public by design: providers
	 * cannot log in, so each endpoint verifies its deliveries itself.
	 *
	 * @param string                                       $namespace REST namespace.
	 * @param string                                       $route     Route, such as /<gateway id>/webhook.
	 * @param callable(\WP_REST_Request):\WP_REST_Response $receive   Handles one delivery.
	 * @phpstan-param non-falsy-string $namespace
	 * @phpstan-param non-falsy-string $route
	 * @phpstan-param callable(\WP_REST_Request<array<string, mixed>>):\WP_REST_Response $receive
	 */
	public static function register_route( string $namespace, string $route, callable $receive ): void {
		register_rest_route(
			$namespace,
			$route,
			array(
				'methods'             => \WP_REST_Server::CREATABLE,
				'callback'            => $receive,
				'permission_callback' => '__return_true',
			)
		);
	}

	/**
	 * Notes a verified event from a provider (webhook health).
	 *
	 * @param string $provider    The gateway's id.
	 * @param string $type        The event type.
	 * @param string $api_version The API version its payload was written in ('' when unknown).
	 */
	public function received( string $provider, string $type, string $api_version = '' ): void {
		$this->health->record_event( $provider, $type, null, $api_version );
	}

	/**
	 * Refuses a delivery, and records why for the settings screen.
	 *
	 * @param string $provider The gateway's id.
	 * @param int    $status   HTTP status.
	 * @param string $reason   Machine-readable reason, a colon, and the detail.
	 */
	public function refuse( string $provider, int $status, string $reason ): \WP_REST_Response {
		$this->health->record_failure( $provider, $reason );
		return self::answer( $status, array( 'error' => $reason ) );
	}

	/**
	 * Processes a verified event once.
	 *
	 * @param string            $provider    Provider name for the error log (the gateway's label).
	 * @param string            $event_id    Its id in the event log (unique across providers).
	 * @param string            $type        The event type.
	 * @param callable():string $handle      Processes it and says what happened.
	 * @param string            $api_version The API version its payload was written in.
	 */
	public function process_once( string $provider, string $event_id, string $type, callable $handle, string $api_version = '' ): \WP_REST_Response {
		if ( ! $this->events->claim( $event_id, $type, $api_version ) ) {
			return self::answer( 200, array( 'status' => 'duplicate' ) );
		}
		try {
			$outcome = $handle();
		} catch ( EventObjectGone $gone ) {
			// Acknowledged, or the provider retries for days what no retry can change; the admin
			// sees it in webhook health (every event gone at once means keys of another account).
			$detail  = wp_specialchars_decode( $gone->detail, ENT_QUOTES );
			$outcome = 'ignored: the object is gone at the provider: ' . $detail;
			$this->events->finish( $event_id, $outcome );
			$this->health->record_gone_object( $gone->provider, $type, $event_id, $detail );
			// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- an event nothing was recorded for must reach the site's error log.
			error_log( "Donation Widget: {$provider} event {$event_id} ({$type}) was acknowledged without being processed: {$detail}" );
			return self::answer(
				200,
				array(
					'status'  => 'object_gone',
					'outcome' => $outcome,
				)
			);
		} catch ( \Throwable $error ) {
			$this->events->release( $event_id );
			// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- a failed event must reach the site's error log.
			error_log( "Donation Widget: {$provider} event {$event_id} ({$type}) failed: " . get_class( $error ) . ': ' . $error->getMessage() );
			return self::answer( 500, array( 'error' => 'processing_failed' ) );
		}//end try
		$this->events->finish( $event_id, $outcome );
		return self::answer(
			200,
			array(
				'status'  => 'processed',
				'outcome' => $outcome,
			)
		);
	}

	/**
	 * A JSON answer the provider records in its dashboard.
	 *
	 * @param int                  $status HTTP status.
	 * @param array<string, mixed> $body   Body.
	 */
	public static function answer( int $status, array $body ): \WP_REST_Response {
		$response = new \WP_REST_Response( array( 'received' => $status < 300 ) + $body, $status );
		$response->header( 'Cache-Control', 'no-store' );
		return $response;
	}
}
