<?php
/**
 * Steers the provider stand-in server from PHPUnit.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration;

/**
 * The stand-in server's /__control API (tests/stand-ins/README.md).
 */
final class StandIns {

	/**
	 * Where the phpunit site's stand-ins listen (tests/site/wp-config.php).
	 */
	public static function url(): string {
		$url = getenv( 'DONATION_WIDGET_STAND_IN_URL' );
		return $url ? $url : 'http://127.0.0.1:8897';
	}

	/**
	 * A new reCAPTCHA token, as the browser stand-in issues one on each execute: Google's
	 * stand-in accepts it once, within two minutes of $issued_at (tests/stand-ins/README.md).
	 *
	 * @param int|null $issued_at When it was issued, in ms since the epoch; now when null.
	 */
	public static function captcha_token( ?int $issued_at = null ): string {
		return sprintf( 'stand-in-captcha-ok.%d.%s', $issued_at ?? (int) floor( microtime( true ) * 1000 ), bin2hex( random_bytes( 16 ) ) );
	}

	public static function reset(): void {
		self::call( 'POST', '/__control/reset' );
		self::call( 'DELETE', '/__control/requests' );
	}

	/**
	 * Queues the next answer of a provider.
	 *
	 * @param array<string, mixed> $options path, times.
	 */
	public static function next( string $provider, string $scenario, array $options = array() ): void {
		self::call(
			'POST',
			'/__control/next',
			array(
				'provider' => $provider,
				'scenario' => $scenario,
			) + $options
		);
	}

	/**
	 * Requests the stand-ins received.
	 *
	 * @return list<array<string, mixed>>
	 */
	public static function requests( string $provider ): array {
		$body = self::call( 'GET', '/__control/requests?provider=' . rawurlencode( $provider ) );
		return array_values( $body );
	}

	/**
	 * @param array<string, mixed>|null $json Body.
	 * @return array<mixed>
	 */
	public static function call( string $method, string $path, ?array $json = null ): array {
		$response = wp_remote_request(
			self::url() . $path,
			array(
				'method'  => $method,
				'headers' => array( 'Content-Type' => 'application/json' ),
				'body'    => null === $json ? null : wp_json_encode( $json ),
				// Generous: a busy machine may be slow to answer, and a stand-in that is down fails at once.
				'timeout' => 60,
			)
		);
		if ( is_wp_error( $response ) ) {
			throw new \RuntimeException( 'The provider stand-ins are not running at ' . self::url() . ': ' . $response->get_error_message() . ' (bin/test.sh starts them).' );
		}
		$decoded = json_decode( wp_remote_retrieve_body( $response ), true );
		return is_array( $decoded ) ? $decoded : array();
	}
}
