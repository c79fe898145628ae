<?php
/**
 * PayPal's REST API, over WordPress's HTTP API.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\PayPal;

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
 * Reads orders and captures, verifies webhook deliveries and sets up the site's webhook, with the
 * client id and secret of the current mode (sandbox or live). The OAuth access token is kept in a
 * transient (shared by every web server through the database or object cache) until five minutes
 * before PayPal expires it.
 */
final class PayPalClient {

	private const PROVIDER = 'paypal';

	/**
	 * Its keys among the provider hosts (ProviderEndpoints): one constant,
	 * DONATION_WIDGET_PAYPAL_API_URL, covers both.
	 */
	public const API_LIVE = 'paypal_live';

	public const API_SANDBOX = 'paypal_sandbox';

	/**
	 * The default hosts of each mode.
	 */
	public const API_DEFAULTS = array(
		self::API_LIVE    => 'https://api-m.paypal.com',
		self::API_SANDBOX => 'https://api-m.sandbox.paypal.com',
	);

	/**
	 * PayPal's JavaScript SDK.
	 */
	public const SCRIPT_URL = 'https://www.paypal.com/sdk/js';

	private const TIMEOUT = 20;

	/** Seconds an admin screen waits for PayPal (for_screen()). */
	private const SCREEN_TIMEOUT = 5;

	/** Times a repeatable request whose answer was lost, or failed at PayPal, is sent again. */
	private const RETRIES = 2;

	/** Seconds between those tries. */
	private const RETRY_WAIT_SECONDS = 0.5;

	/**
	 * Seconds a request may take.
	 *
	 * @var int
	 */
	private int $timeout = self::TIMEOUT;

	/**
	 * Times a repeatable request is sent again.
	 *
	 * @var int
	 */
	private int $retries = self::RETRIES;

	private const TOKEN_TRANSIENT_PREFIX = 'donation_widget_paypal_token_';

	/**
	 * Builds the client.
	 *
	 * @param HttpClient $http     Transport.
	 * @param Settings   $settings Mode and credentials.
	 */
	public function __construct( private readonly HttpClient $http, private readonly Settings $settings ) {
	}

	/**
	 * The same client for a check an admin screen makes while the admin waits (the webhook
	 * setup check): a short timeout and no retries, so a PayPal that hangs costs the page seconds.
	 */
	public function for_screen(): self {
		$quick          = clone $this;
		$quick->timeout = self::SCREEN_TIMEOUT;
		$quick->retries = 0;
		return $quick;
	}

	/**
	 * Whether a client id and secret are configured for the current mode.
	 */
	public function is_configured(): bool {
		return '' !== ( new PayPalSettings( $this->settings ) )->client_id() && '' !== ( new PayPalSettings( $this->settings ) )->secret();
	}

	/**
	 * The current mode, in words for the admin: sandbox or live.
	 */
	public function mode_name(): string {
		return ( new PayPalSettings( $this->settings ) )->is_live() ? __( 'live', 'donation-widget' ) : __( 'sandbox', 'donation-widget' );
	}

	/**
	 * What the admin must do before any check can reach PayPal.
	 */
	public function unconfigured_text(): string {
		/* translators: %s: sandbox or live. */
		return sprintf( __( 'Enter and save the PayPal %s client ID and secret first.', 'donation-widget' ), $this->mode_name() );
	}

	/**
	 * A failure of this client, for an admin's check: the credentials refused, in PayPal's own
	 * words, or PayPal unreachable.
	 *
	 * @param ProviderUnavailable $error What failed.
	 */
	public function failed_check( ProviderUnavailable $error ): ConnectionResult {
		if ( 'rejected' === $error->reason ) {
			/* translators: 1: sandbox or live, 2: PayPal's own message. */
			return ConnectionResult::failed( sprintf( __( 'PayPal refused the %1$s client ID or secret (%2$s).', 'donation-widget' ), $this->mode_name(), ConnectionResult::detail( $error ) ) );
		}
		return ConnectionResult::unreachable( 'PayPal', $error );
	}

	/**
	 * Asks PayPal for a fresh access token, to check the credentials of the current mode.
	 *
	 * @throws ProviderUnavailable When PayPal cannot be reached or refuses the credentials.
	 */
	public function check_credentials(): void {
		$this->access_token( true );
	}

	/**
	 * Reads a capture.
	 *
	 * @param string $capture_id The capture id the browser sent.
	 * @return PayPalCapture|null Null when PayPal has no such capture for this account.
	 * @throws ProviderUnavailable When PayPal cannot be reached, fails, or refuses the credentials.
	 */
	public function capture( string $capture_id ): ?PayPalCapture {
		$response = $this->authorized( 'GET', '/v2/payments/captures/' . rawurlencode( $capture_id ), null );
		if ( $response->ok() ) {
			return new PayPalCapture( $response->body );
		}
		// 404: no such capture. 403/400/422: not this account's, or not a capture id at all.
		if ( in_array( $response->status, array( 400, 403, 404, 422 ), true ) ) {
			return null;
		}
		$this->fail( $response );
	}

	/**
	 * Refunds part or all of a capture (POST /v2/payments/captures/{id}/refund). The
	 * PayPal-Request-Id makes a retried request the same refund: PayPal answers it with the
	 * refund it already made.
	 *
	 * @param string               $capture_id The capture.
	 * @param array<string, mixed> $body       amount, custom_id, note_to_payer.
	 * @param string               $request_id PayPal-Request-Id.
	 * @return array<string, mixed> The refund (return=representation).
	 * @throws PayPalRequestError  When PayPal refuses the refund.
	 * @throws ProviderUnavailable When PayPal cannot be reached, fails, or refuses the credentials.
	 */
	public function refund_capture( string $capture_id, array $body, string $request_id ): array {
		return $this->json(
			'POST',
			'/v2/payments/captures/' . rawurlencode( $capture_id ) . '/refund',
			(string) wp_json_encode( (object) $body ),
			array(
				'PayPal-Request-Id' => $request_id,
				'Prefer'            => 'return=representation',
			)
		);
	}

	/**
	 * Reads an order (GET /v2/checkout/orders/{id}).
	 *
	 * @param string $order_id The order id the browser created.
	 * @return PayPalOrder|null Null when PayPal has no such order for this account (404
	 *                          RESOURCE_NOT_FOUND: never created, or expired unapproved).
	 * @throws ProviderUnavailable When PayPal cannot be reached, fails, or refuses the credentials.
	 */
	public function order( string $order_id ): ?PayPalOrder {
		$response = $this->authorized( 'GET', '/v2/checkout/orders/' . rawurlencode( $order_id ), null );
		if ( $response->ok() ) {
			return new PayPalOrder( $response->body );
		}
		if ( in_array( $response->status, array( 400, 403, 404, 422 ), true ) ) {
			return null;
		}
		$this->fail( $response );
	}

	/**
	 * Asks PayPal whether a webhook delivery is genuine (POST /v1/notifications/verify-webhook-
	 * signature). The raw body is passed on byte for byte as webhook_event: decoding and
	 * encoding it again could change what PayPal signed.
	 *
	 * @param array<string, string> $transmission auth_algo, cert_url, transmission_id,
	 *                                            transmission_sig and transmission_time, from
	 *                                            the delivery's PAYPAL-* headers.
	 * @param string                $webhook_id   The webhook's id in PayPal's dashboard.
	 * @param string                $raw_body     The delivery's body (a JSON object).
	 * @return string|null Why PayPal did not confirm it; null when verification_status is SUCCESS.
	 * @throws ProviderUnavailable When PayPal cannot be reached, fails, or refuses the credentials.
	 */
	public function webhook_signature_problem( array $transmission, string $webhook_id, string $raw_body ): ?string {
		$fields   = (string) wp_json_encode(
			array(
				'auth_algo'         => $transmission['auth_algo'] ?? '',
				'cert_url'          => $transmission['cert_url'] ?? '',
				'transmission_id'   => $transmission['transmission_id'] ?? '',
				'transmission_sig'  => $transmission['transmission_sig'] ?? '',
				'transmission_time' => $transmission['transmission_time'] ?? '',
				'webhook_id'        => $webhook_id,
			)
		);
		$body     = substr( $fields, 0, -1 ) . ',"webhook_event":' . trim( $raw_body ) . '}';
		$response = $this->authorized( 'POST', '/v1/notifications/verify-webhook-signature', $body );
		if ( $response->ok() ) {
			$status = $response->body['verification_status'] ?? '';
			return 'SUCCESS' === $status ? null : 'verification_status ' . ( is_string( $status ) && '' !== $status ? $status : 'missing' );
		}
		if ( in_array( $response->status, array( 400, 404, 422 ), true ) ) {
			// PayPal refused to check it (an unknown webhook id, a malformed header value …).
			$said = $response->body['message'] ?? $response->body['name'] ?? '';
			return "refused (HTTP {$response->status}" . ( is_string( $said ) && '' !== $said ? ": {$said}" : '' ) . ')';
		}
		$this->fail( $response );
	}

	/**
	 * The app's webhooks (GET /v1/notifications/webhooks).
	 *
	 * @return list<array<string, mixed>>
	 * @throws PayPalRequestError  When PayPal refuses the request.
	 * @throws ProviderUnavailable When PayPal cannot be reached, fails, or refuses the credentials.
	 */
	public function webhooks(): array {
		$body     = $this->json( 'GET', '/v1/notifications/webhooks', null );
		$webhooks = array();
		foreach ( is_array( $body['webhooks'] ?? null ) ? $body['webhooks'] : array() as $webhook ) {
			if ( is_array( $webhook ) && is_string( $webhook['id'] ?? null ) ) {
				$clean = array();
				foreach ( $webhook as $key => $value ) {
					$clean[ (string) $key ] = $value;
				}
				$webhooks[] = $clean;
			}
		}
		return $webhooks;
	}

	/**
	 * Subscribes a URL to event types (POST /v1/notifications/webhooks).
	 *
	 * @param string $url         Where PayPal sends the events.
	 * @param array  $event_types Event names.
	 * @phpstan-param list<string> $event_types
	 * @return array<string, mixed> The webhook.
	 * @throws PayPalRequestError  When PayPal refuses (WEBHOOK_URL_ALREADY_EXISTS for a URL it has).
	 * @throws ProviderUnavailable When PayPal cannot be reached, fails, or refuses the credentials.
	 */
	public function create_webhook( string $url, array $event_types ): array {
		return $this->json(
			'POST',
			'/v1/notifications/webhooks',
			(string) wp_json_encode(
				array(
					'url'         => $url,
					'event_types' => self::event_type_list( $event_types ),
				)
			)
		);
	}

	/**
	 * Replaces a webhook's event types (PATCH /v1/notifications/webhooks/{id}, JSON Patch).
	 *
	 * @param string $id          The webhook id.
	 * @param array  $event_types Event names.
	 * @phpstan-param list<string> $event_types
	 * @return array<string, mixed> The webhook.
	 * @throws PayPalRequestError  When PayPal refuses.
	 * @throws ProviderUnavailable When PayPal cannot be reached, fails, or refuses the credentials.
	 */
	public function replace_webhook_event_types( string $id, array $event_types ): array {
		return $this->json(
			'PATCH',
			'/v1/notifications/webhooks/' . rawurlencode( $id ),
			(string) wp_json_encode(
				array(
					array(
						'op'    => 'replace',
						'path'  => '/event_types',
						'value' => self::event_type_list( $event_types ),
					),
				)
			)
		);
	}

	/**
	 * Event names as PayPal's webhook calls take them.
	 *
	 * @param array $event_types Event names.
	 * @phpstan-param list<string> $event_types
	 * @return list<array{name: string}>
	 */
	private static function event_type_list( array $event_types ): array {
		return array_map( static fn ( string $name ): array => array( 'name' => $name ), $event_types );
	}

	/**
	 * A call with a JSON body (or none) and a bearer token, its token renewed once when refused.
	 *
	 * @param string                $method  HTTP method.
	 * @param string                $path    Path under the API base.
	 * @param string|null           $body    JSON, or null.
	 * @param array<string, string> $headers More headers.
	 * @return array<string, mixed> The answer.
	 * @throws PayPalRequestError  For a 4xx other than 401.
	 * @throws ProviderUnavailable When PayPal cannot be reached, fails, or refuses the credentials.
	 */
	private function json( string $method, string $path, ?string $body, array $headers = array() ): array {
		$response = $this->authorized( $method, $path, $body, $headers );
		if ( $response->ok() ) {
			return $response->body;
		}
		if ( $response->status >= 400 && $response->status < 500 && 401 !== $response->status && 429 !== $response->status ) {
			$this->refuse( $response );
		}
		$this->fail( $response );
	}

	/**
	 * Throws PayPal's refusal of a request, with its error name, message and the details' issues.
	 * Built, then thrown: code reads its fields as PayPal sent them; PayPalRequestError escapes
	 * its own message.
	 *
	 * @param HttpResponse $response A 4xx answer.
	 * @throws PayPalRequestError Always.
	 */
	private function refuse( HttpResponse $response ): never {
		$name    = $response->body['name'] ?? '';
		$message = $response->body['message'] ?? '';
		$issues  = array();
		foreach ( is_array( $response->body['details'] ?? null ) ? $response->body['details'] : array() as $detail ) {
			if ( is_array( $detail ) && is_string( $detail['issue'] ?? null ) ) {
				$issues[] = trim( $detail['issue'] . ' ' . ( is_string( $detail['field'] ?? null ) ? $detail['field'] : '' ) );
			}
		}
		$refusal = new PayPalRequestError(
			$response->status,
			is_string( $name ) ? $name : '',
			trim( ( is_string( $message ) ? $message : '' ) . ( array() !== $issues ? ' (' . implode( '; ', $issues ) . ')' : '' ) )
		);
		throw $refusal;
	}

	/**
	 * An OAuth access token (client credentials), from the transient when still valid.
	 *
	 * @param bool $fresh Whether to ignore the stored token.
	 * @throws ProviderUnavailable When PayPal cannot be reached or refuses the credentials.
	 */
	private function access_token( bool $fresh = false ): string {
		$transient = self::TOKEN_TRANSIENT_PREFIX . md5( $this->base() . '|' . ( new PayPalSettings( $this->settings ) )->client_id() . '|' . ( new PayPalSettings( $this->settings ) )->secret() );
		$stored    = $fresh ? false : get_transient( $transient );
		if ( is_string( $stored ) && '' !== $stored ) {
			return $stored;
		}
		$response = $this->http->send(
			self::PROVIDER,
			'POST',
			$this->base() . '/v1/oauth2/token',
			array(
				// phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- HTTP Basic authentication, as PayPal's OAuth requires.
				'Authorization' => 'Basic ' . base64_encode( ( new PayPalSettings( $this->settings ) )->client_id() . ':' . ( new PayPalSettings( $this->settings ) )->secret() ),
				'Content-Type'  => 'application/x-www-form-urlencoded',
			),
			'grant_type=client_credentials',
			$this->timeout
		);
		$token    = $response->body['access_token'] ?? null;
		if ( ! $response->ok() || ! is_string( $token ) || '' === $token ) {
			$this->fail( $response );
		}
		$expires_in = $response->body['expires_in'] ?? 0;
		$lifetime   = max( 60, ( is_numeric( $expires_in ) ? (int) $expires_in : 0 ) - 300 );
		set_transient( $transient, $token, $lifetime );
		return $token;
	}

	/**
	 * A request with the access token (and a JSON body, if any). A 401 means the cached token
	 * was revoked or expired early: the request is sent once more with a fresh one.
	 *
	 * @param string                $method  HTTP method.
	 * @param string                $path    Path under the API base.
	 * @param string|null           $body    JSON, or null.
	 * @param array<string, string> $headers More headers.
	 * @throws ProviderUnavailable When PayPal cannot be reached, answers something unreadable, or
	 *                             refuses the credentials.
	 */
	private function authorized( string $method, string $path, ?string $body, array $headers = array() ): HttpResponse {
		$send = fn ( string $token ): HttpResponse => $this->http->send(
			self::PROVIDER,
			$method,
			$this->base() . $path,
			array( 'Authorization' => 'Bearer ' . $token ) + ( null === $body ? array() : array( 'Content-Type' => 'application/json' ) ) + $headers,
			$body,
			$this->timeout
		);
		// A read, or a write PayPal answers again for the same PayPal-Request-Id, does its work
		// once however often it is sent: while its answer is lost or PayPal fails, it is sent
		// again, as far as the call's time budget allows.
		$repeatable = 'GET' === $method || isset( $headers['PayPal-Request-Id'] );
		for ( $try = 0; ; $try++ ) {
			$may_retry = $repeatable && $try < $this->retries && $this->http->budget()->allows_retry( self::RETRY_WAIT_SECONDS );
			try {
				$response = $send( $this->access_token() );
				$response = 401 === $response->status ? $send( $this->access_token( true ) ) : $response;
			} catch ( ProviderUnavailable $error ) {
				if ( ! $may_retry ) {
					throw $error;
				}
				usleep( (int) ( self::RETRY_WAIT_SECONDS * 1000000 ) );
				continue;
			}
			if ( ! $may_retry || $response->status < 500 ) {
				return $response;
			}
			usleep( (int) ( self::RETRY_WAIT_SECONDS * 1000000 ) );
		}
	}

	/**
	 * Throws the exception for an answer that is neither a result nor "not found".
	 *
	 * @param HttpResponse $response PayPal's answer.
	 * @throws ProviderUnavailable Always.
	 */
	private function fail( HttpResponse $response ): never {
		$reason = 'server_error';
		if ( 401 === $response->status || 400 === $response->status ) {
			$reason = 'rejected';
		} elseif ( 429 === $response->status ) {
			$reason = 'rate_limited';
		}
		$debug_id = $response->header( 'paypal-debug-id' );
		// PayPal's own words: OAuth errors say error_description, API errors say message.
		$said = $response->body['error_description'] ?? $response->body['message'] ?? '';
		$said = is_string( $said ) && '' !== $said ? ": {$said}" : '';
		throw new ProviderUnavailable( esc_html( self::PROVIDER ), esc_html( $reason ), esc_html( "HTTP {$response->status}{$said}" . ( '' !== $debug_id ? " (debug id {$debug_id})" : '' ) ) );
	}

	/**
	 * The API base URL of the current mode.
	 */
	private function base(): string {
		return ProviderEndpoints::api_base( ( new PayPalSettings( $this->settings ) )->is_live() ? self::API_LIVE : self::API_SANDBOX );
	}
}
