<?php
/**
 * Stripe's REST API, over WordPress's HTTP API.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Http\ConnectionResult;
use DonationWidget\Http\HttpClient;
use DonationWidget\Http\HttpResponse;
use DonationWidget\Http\ProviderEndpoints;
use DonationWidget\Http\ProviderUnavailable;
use DonationWidget\Settings\Settings;

/**
 * A small Stripe client of our own (no bundled stripe-php, so no clash with other plugins that
 * bundle another version). The secret key of the current mode is read on each call and only
 * ever sent from here, in the Authorization header.
 *
 * Every POST carries an Idempotency-Key, so a retried request (a double click, a network retry,
 * two servers) makes at most one charge. When Stripe's answer is lost (the connection drops, the
 * request times out, Stripe answers 409 for a request of the same key still running, or asks to
 * be retried), the very same request is sent again, with the same key, before anyone is told:
 * Stripe then answers with what it did the first time, so a lost answer never turns into a
 * second charge or a donor told "try again" after paying.
 *
 * When no answer says what Stripe did (every try lost, or Stripe still working on the key when
 * the retries or the caller's time budget run out), the client says so: ProviderUnavailable,
 * whose reason is "rate_limited" or "rejected" only when Stripe certainly did nothing. The
 * checkout then keeps the attempt open and tells the donor it cannot tell yet, never "declined"
 * or "not charged" (a Try Again of the same attempt then finds what Stripe did).
 *
 * The API version is pinned (docs/stripe-api-version.md says how to move it), so neither the
 * account's default version nor the webhook endpoint's can change the shapes this plugin reads.
 */
final class StripeClient {

	/**
	 * The Stripe API version every request asks for: the one the `stripe` SDK 23.1.0 targets and
	 * the browser's Stripe.js (the endive line) speaks. The only place it is written.
	 */
	public const API_VERSION = '2026-10-28.endive';

	private const PROVIDER = 'stripe';

	/**
	 * Its key among the provider hosts (ProviderEndpoints), and its default host.
	 */
	public const API_HOST = 'stripe';

	public const API_DEFAULT = 'https://api.stripe.com';

	/**
	 * Stripe.js: the release that @stripe/stripe-js (in package.json) is built against.
	 */
	public const SCRIPT_URL = 'https://js.stripe.com/endive/stripe.js';

	private const TIMEOUT = 30;

	/** Times a request whose answer was lost is sent again. */
	private const RETRIES = 2;

	/** No retry starts once this many seconds have passed since the first try: the donor is waiting. */
	private const RETRY_BUDGET_SECONDS = 40;

	/** Seconds an admin screen waits for Stripe (for_screen()). */
	private const SCREEN_TIMEOUT = 5;

	/**
	 * Seconds a request may take.
	 *
	 * @var int
	 */
	private int $timeout = self::TIMEOUT;

	/**
	 * Times a request whose answer was lost is sent again.
	 *
	 * @var int
	 */
	private int $retries = self::RETRIES;

	/**
	 * Builds the client.
	 *
	 * @param HttpClient $http     Transport.
	 * @param Settings   $settings Where the secret key is kept.
	 */
	public function __construct( private readonly HttpClient $http, private readonly Settings $settings ) {
	}

	/**
	 * The same client for a check an admin screen makes while the admin waits (the webhook
	 * setup check): a short timeout and no retries, so a Stripe that hangs costs the page
	 * seconds, not a minute. Never for payments, whose lost answers must be retried.
	 */
	public function for_screen(): self {
		$quick          = clone $this;
		$quick->timeout = self::SCREEN_TIMEOUT;
		$quick->retries = 0;
		return $quick;
	}

	/**
	 * Whether a secret key is configured for the current mode.
	 */
	public function is_configured(): bool {
		return '' !== ( new StripeSettings( $this->settings ) )->secret_key();
	}

	/**
	 * The current mode, in words for the admin: test or live.
	 */
	public function mode_name(): string {
		return ( new StripeSettings( $this->settings ) )->is_live() ? __( 'live', 'donation-widget' ) : __( 'test', 'donation-widget' );
	}

	/**
	 * What the admin must do before any check can reach Stripe.
	 */
	public function unconfigured_text(): string {
		/* translators: %s: test or live. */
		return sprintf( __( 'Enter and save the Stripe %s secret key first.', 'donation-widget' ), $this->mode_name() );
	}

	/**
	 * A failure of this client, for an admin's check: the secret key refused, in Stripe's own
	 * words, or Stripe unreachable.
	 *
	 * @param ProviderUnavailable $error What failed.
	 */
	public function failed_check( ProviderUnavailable $error ): ConnectionResult {
		if ( 'rejected' === $error->reason ) {
			/* translators: 1: test or live, 2: Stripe's own message. */
			return ConnectionResult::failed( sprintf( __( 'Stripe refused the %1$s secret key: %2$s', 'donation-widget' ), $this->mode_name(), (string) preg_replace( '/^HTTP \d+: /', '', ConnectionResult::detail( $error ) ) ) );
		}
		return ConnectionResult::unreachable( 'Stripe', $error );
	}

	/**
	 * Creates a PaymentIntent.
	 *
	 * @param array<string, mixed> $params          Parameters.
	 * @param string               $idempotency_key Idempotency-Key.
	 * @return array<string, mixed>
	 * @throws StripeCardError     When the card is declined (the error carries the PaymentIntent).
	 * @throws StripeRequestError  When Stripe refuses the request.
	 * @throws ProviderUnavailable When Stripe cannot be reached or fails.
	 */
	public function create_payment_intent( array $params, string $idempotency_key ): array {
		return $this->post( '/v1/payment_intents', $params, $idempotency_key );
	}

	/**
	 * Reads a PaymentIntent.
	 *
	 * @param string   $id     The pi_… id.
	 * @param string[] $expand Paths to expand, such as latest_charge.
	 * @return array<string, mixed>
	 * @throws StripeRequestError  When it does not exist.
	 * @throws ProviderUnavailable When Stripe cannot be reached or fails.
	 */
	public function retrieve_payment_intent( string $id, array $expand = array() ): array {
		return $this->get( '/v1/payment_intents/' . rawurlencode( $id ), array() === $expand ? array() : array( 'expand' => $expand ) );
	}

	/**
	 * Creates a Customer.
	 *
	 * @param array<string, mixed> $params          Parameters.
	 * @param string               $idempotency_key Idempotency-Key.
	 * @return array<string, mixed>
	 * @throws StripeCardError     When the card cannot be attached.
	 * @throws StripeRequestError  When Stripe refuses the request.
	 * @throws ProviderUnavailable When Stripe cannot be reached or fails.
	 */
	public function create_customer( array $params, string $idempotency_key ): array {
		return $this->post( '/v1/customers', $params, $idempotency_key );
	}

	/**
	 * Creates a Product.
	 *
	 * @param array<string, mixed> $params          Parameters.
	 * @param string               $idempotency_key Idempotency-Key.
	 * @return array<string, mixed>
	 * @throws StripeRequestError  When Stripe refuses the request (resource_already_exists for a taken id).
	 * @throws ProviderUnavailable When Stripe cannot be reached or fails.
	 */
	public function create_product( array $params, string $idempotency_key ): array {
		return $this->post( '/v1/products', $params, $idempotency_key );
	}

	/**
	 * Creates a Subscription.
	 *
	 * @param array<string, mixed> $params          Parameters.
	 * @param string               $idempotency_key Idempotency-Key.
	 * @return array<string, mixed>
	 * @throws StripeCardError     When the first payment is declined and Stripe answers with an error.
	 * @throws StripeRequestError  When Stripe refuses the request.
	 * @throws ProviderUnavailable When Stripe cannot be reached or fails.
	 */
	public function create_subscription( array $params, string $idempotency_key ): array {
		return $this->post( '/v1/subscriptions', $params, $idempotency_key );
	}

	/**
	 * Cancels a Subscription at once.
	 *
	 * @param string               $id     sub_… id.
	 * @param array<string, mixed> $params Optional parameters, such as cancellation_details.
	 * @return array<string, mixed>
	 * @throws StripeRequestError  When it does not exist or is already cancelled.
	 * @throws ProviderUnavailable When Stripe cannot be reached or fails.
	 */
	public function cancel_subscription( string $id, array $params = array() ): array {
		return $this->request( 'DELETE', '/v1/subscriptions/' . rawurlencode( $id ), $params, null );
	}

	/**
	 * A POST with an Idempotency-Key.
	 *
	 * @param string               $path            Path, such as /v1/payment_intents.
	 * @param array<string, mixed> $params          Parameters.
	 * @param string               $idempotency_key Idempotency-Key.
	 * @return array<string, mixed>
	 * @throws StripeCardError     For a card_error.
	 * @throws StripeRequestError  For another error answer.
	 * @throws ProviderUnavailable When Stripe cannot be reached or fails.
	 */
	public function post( string $path, array $params, string $idempotency_key ): array {
		return $this->request( 'POST', $path, $params, $idempotency_key );
	}

	/**
	 * A GET.
	 *
	 * @param string               $path  Path.
	 * @param array<string, mixed> $query Query parameters.
	 * @return array<string, mixed>
	 * @throws StripeRequestError  For an error answer.
	 * @throws ProviderUnavailable When Stripe cannot be reached or fails.
	 */
	public function get( string $path, array $query = array() ): array {
		return $this->request( 'GET', $path, $query, null );
	}

	/**
	 * Every object of a Stripe list, page after page (starting_after the last id, 100 a page
	 * unless the query says), read as the caller walks it. The pages stop at $max_pages, so a
	 * list that never ends cannot hold a request or a cron pass.
	 *
	 * @param string               $path      A list path, such as /v1/payouts.
	 * @param array<string, mixed> $query     Filters.
	 * @param int                  $max_pages Most pages.
	 * @return \Generator<int, array<string, mixed>> Each object with a string id.
	 * @throws StripeRequestError  For an error answer (while walking).
	 * @throws ProviderUnavailable When Stripe cannot be reached or fails (while walking).
	 */
	public function each( string $path, array $query, int $max_pages ): \Generator {
		$query += array( 'limit' => 100 );
		$after  = '';
		for ( $page = 0; $page < $max_pages; $page++ ) {
			$list = $this->get( $path, $query + ( '' !== $after ? array( 'starting_after' => $after ) : array() ) );
			foreach ( is_array( $list['data'] ?? null ) ? $list['data'] : array() as $item ) {
				if ( is_array( $item ) && is_string( $item['id'] ?? null ) ) {
					$after = $item['id'];
					yield $item;
				}
			}
			if ( true !== ( $list['has_more'] ?? false ) || '' === $after ) {
				return;
			}
		}
	}

	/**
	 * A DELETE, such as of a webhook endpoint.
	 *
	 * @param string $path Path, such as /v1/webhook_endpoints/we_….
	 * @return array<string, mixed>
	 * @throws StripeRequestError  For an error answer.
	 * @throws ProviderUnavailable When Stripe cannot be reached or fails.
	 */
	public function delete( string $path ): array {
		return $this->request( 'DELETE', $path, array(), null );
	}

	// The Stripe errors are built, then thrown (see below), which this sniff cannot count.
	// phpcs:disable Squiz.Commenting.FunctionCommentThrowTag.WrongNumber
	/**
	 * One call to Stripe, sent again while its answer is lost (see the class comment).
	 *
	 * @param string               $method          HTTP method.
	 * @param string               $path            Path under the API base.
	 * @param array<string, mixed> $params          Parameters (query for GET, body otherwise).
	 * @param string|null          $idempotency_key Idempotency-Key, for POSTs.
	 * @return array<string, mixed>
	 * @throws StripeCardError     For a card_error.
	 * @throws StripeRequestError  For another error answer.
	 * @throws ProviderUnavailable When Stripe cannot be reached, fails, throttles us or refuses our key.
	 */
	private function request( string $method, string $path, array $params, ?string $idempotency_key ): array {
		// phpcs:enable Squiz.Commenting.FunctionCommentThrowTag.WrongNumber
		$url     = ProviderEndpoints::api_base( self::API_HOST ) . $path;
		$encoded = StripeForm::encode( $params );
		$headers = array(
			'Authorization'  => 'Bearer ' . ( new StripeSettings( $this->settings ) )->secret_key(),
			'Stripe-Version' => self::API_VERSION,
		);
		$body    = null;
		if ( 'GET' === $method ) {
			$url .= '' === $encoded ? '' : '?' . $encoded;
		} else {
			$headers['Content-Type'] = 'application/x-www-form-urlencoded';
			$body                    = $encoded;
		}
		if ( null !== $idempotency_key ) {
			$headers['Idempotency-Key'] = $idempotency_key;
		}

		$sent     = $this->send( $method, $url, $headers, $body, null !== $idempotency_key );
		$response = $sent['response'];
		if ( $response->ok() ) {
			return $response->body;
		}
		$error = is_array( $response->body['error'] ?? null ) ? $response->body['error'] : array();
		$text  = static fn ( string $key ): string => is_string( $error[ $key ] ?? null ) ? $error[ $key ] : '';
		if ( $response->status >= 500 ) {
			throw new ProviderUnavailable( esc_html( self::PROVIDER ), 'server_error', esc_html( "HTTP {$response->status}: " . $text( 'message' ) ) );
		}
		if ( 409 === $response->status || 'idempotency_error' === $text( 'type' ) ) {
			// Stripe is still working on a request with this key (idempotency_key_in_use), an
			// object was locked, or the key was used with other parameters: what Stripe did under
			// it is not known from here. Never a refusal: an earlier try may have charged.
			throw new ProviderUnavailable( esc_html( self::PROVIDER ), 'in_progress', esc_html( "HTTP {$response->status}: " . $text( 'code' ) . ' ' . $text( 'message' ) ) );
		}
		if ( 429 === $response->status ) {
			// Throttled: Stripe did nothing with this try, but an earlier, lost one may have acted.
			throw new ProviderUnavailable( esc_html( self::PROVIDER ), $sent['maybe_acted'] ? 'timeout' : 'rate_limited', esc_html( $text( 'message' ) ) );
		}
		if ( 401 === $response->status || 403 === $response->status ) {
			// A wrong or revoked key: an admin must fix the settings. Stripe's message shows only
			// the key's last four characters ("Invalid API Key provided: sk_test_****1234").
			throw new ProviderUnavailable( esc_html( self::PROVIDER ), 'rejected', esc_html( "HTTP {$response->status}: " . ( '' !== $text( 'message' ) ? $text( 'message' ) : 'the secret key was refused.' ) ) );
		}

		$fields = array();
		foreach ( $error as $key => $value ) {
			$fields[ (string) $key ] = $value;
		}
		// A structured error: code reads Stripe's fields as sent; StripeError escapes its own
		// message (the only text PHP would print if it went uncaught), so it is built, then thrown.
		$refusal = ( 402 === $response->status || 'card_error' === $text( 'type' ) )
			? new StripeCardError( $response->status, 'card_error', $text( 'code' ), $text( 'decline_code' ), $text( 'param' ), $text( 'message' ), $fields )
			: new StripeRequestError( $response->status, '' !== $text( 'type' ) ? $text( 'type' ) : 'invalid_request_error', $text( 'code' ), '', $text( 'param' ), $text( 'message' ), $fields );
		throw $refusal;
	}

	/**
	 * Sends a request, and sends it again (up to $retries times, within RETRY_BUDGET_SECONDS and
	 * the call's time budget) while its answer is lost or Stripe asks for it again
	 * (should_retry()). Only requests that cannot do their work twice are sent again: GETs, and
	 * POSTs with an Idempotency-Key.
	 *
	 * @param string                $method   HTTP method.
	 * @param string                $url      Full URL.
	 * @param array<string, string> $headers  Headers.
	 * @param string|null           $body     Encoded body.
	 * @param bool                  $keyed    Whether it carries an Idempotency-Key.
	 * @return array{response: HttpResponse, maybe_acted: bool} The last answer, and whether an
	 *                                                         earlier try got no answer (so may have acted).
	 * @throws ProviderUnavailable When no answer came, the last time.
	 */
	private function send( string $method, string $url, array $headers, ?string $body, bool $keyed ): array {
		$started     = microtime( true );
		$maybe_acted = false;
		for ( $try = 0; ; $try++ ) {
			$may_retry = $try < $this->retries && microtime( true ) - $started < self::RETRY_BUDGET_SECONDS && ( 'GET' === $method || $keyed );
			try {
				$response = $this->http->send( self::PROVIDER, $method, $url, $headers, $body, $this->timeout );
			} catch ( ProviderUnavailable $error ) {
				// The request may or may not have reached Stripe: the same key makes the retry safe.
				$maybe_acted = true;
				if ( ! $may_retry || ! $this->wait_before_retry( $try, '' ) ) {
					throw $error;
				}
				continue;
			}
			if ( ! $may_retry || ! self::should_retry( $response ) || ! $this->wait_before_retry( $try, $response->header( 'retry-after' ) ) ) {
				return array(
					'response'    => $response,
					'maybe_acted' => $maybe_acted,
				);
			}
		}
	}

	/**
	 * Whether Stripe's answer asks for the same request again, as Stripe's own libraries decide:
	 * its Stripe-Should-Retry header when present, else a 409 (a request with the same key is
	 * still running, or a lock timed out) or a 5xx.
	 *
	 * @param HttpResponse $response Stripe's answer.
	 */
	private static function should_retry( HttpResponse $response ): bool {
		$header = strtolower( $response->header( 'stripe-should-retry' ) );
		if ( 'true' === $header || 'false' === $header ) {
			return 'true' === $header;
		}
		return 409 === $response->status || $response->status >= 500;
	}

	/**
	 * Waits a little before a retry: 0.5 s, then 1 s, with jitter so servers retrying together
	 * spread out; a Retry-After of up to 2 s is honoured. No wait (and no retry) when the call's
	 * time budget could not take the retry's answer.
	 *
	 * @param int    $try         The try that failed (0 for the first).
	 * @param string $retry_after Stripe's Retry-After header, if any.
	 * @return bool Whether to retry.
	 */
	private function wait_before_retry( int $try, string $retry_after ): bool {
		$seconds = min( 2.0, 0.5 * ( 2 ** $try ) ) * ( 0.75 + wp_rand( 0, 50 ) / 100 );
		if ( is_numeric( $retry_after ) ) {
			$seconds = max( $seconds, min( 2.0, (float) $retry_after ) );
		}
		if ( ! $this->http->budget()->allows_retry( $seconds ) ) {
			return false;
		}
		usleep( (int) ( $seconds * 1000000 ) );
		return true;
	}
}
