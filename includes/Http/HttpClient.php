<?php
/**
 * JSON over WordPress's HTTP API, for the provider clients.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Http;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Sends one request with wp_remote_request() and decodes the JSON answer. A transport failure
 * (timeout, refused connection) or an answer that is not JSON becomes ProviderUnavailable, so no
 * caller ever sees a WP_Error or a PHP warning. Within a call a person waits for, each request's
 * timeout is cut to what is left of the call's budget (ProviderTimeBudget).
 */
final class HttpClient {

	/**
	 * Builds the transport.
	 *
	 * @param ProviderTimeBudget $budget The time the current call may still spend on providers.
	 */
	public function __construct( private readonly ProviderTimeBudget $budget ) {
	}

	/**
	 * The time budget of the current call, for clients that decide whether to retry.
	 */
	public function budget(): ProviderTimeBudget {
		return $this->budget;
	}

	/**
	 * Seconds to wait for a provider, unless the caller says otherwise.
	 */
	public const DEFAULT_TIMEOUT = 15;

	/**
	 * Sends a request.
	 *
	 * @param string                $provider Provider name, for errors and logs.
	 * @param string                $method   HTTP method.
	 * @param string                $url      Full URL.
	 * @param array<string, string> $headers  Request headers.
	 * @param string|null           $body     Encoded body, or null.
	 * @param float                 $timeout  Seconds (cut to the call's budget).
	 * @throws ProviderUnavailable When the provider cannot be reached or answers something unreadable.
	 */
	public function send( string $provider, string $method, string $url, array $headers = array(), ?string $body = null, float $timeout = self::DEFAULT_TIMEOUT ): HttpResponse {
		$args = array(
			'method'      => $method,
			'headers'     => $headers + array( 'Accept' => 'application/json' ),
			'timeout'     => $this->budget->timeout_for( $provider, $timeout ),
			'redirection' => 0,
			'user-agent'  => 'DonationWidget/' . ( defined( 'DONATION_WIDGET_VERSION' ) ? DONATION_WIDGET_VERSION : 'dev' ) . '; WordPress/' . get_bloginfo( 'version' ),
		);
		if ( null !== $body ) {
			$args['body'] = $body;
		}

		$response = wp_remote_request( $url, $args );
		if ( is_wp_error( $response ) ) {
			$timed_out = str_contains( strtolower( $response->get_error_message() ), 'timed out' );
			throw new ProviderUnavailable( esc_html( $provider ), $timed_out ? 'timeout' : 'unreachable', esc_html( $response->get_error_message() ) );
		}

		$status  = (int) wp_remote_retrieve_response_code( $response );
		$raw     = (string) wp_remote_retrieve_body( $response );
		$decoded = '' === $raw ? array() : json_decode( $raw, true );
		if ( ! is_array( $decoded ) ) {
			throw new ProviderUnavailable( esc_html( $provider ), 'bad_answer', esc_html( "HTTP {$status} with a body that is not JSON." ) );
		}
		$header = static function ( string $name ) use ( $response ): string {
			$value = wp_remote_retrieve_header( $response, $name );
			return is_array( $value ) ? (string) reset( $value ) : $value;
		};
		return new HttpResponse( $status, $decoded, $header );
	}
}
