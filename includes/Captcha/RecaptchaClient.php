<?php
/**
 * Google reCAPTCHA siteverify, over WordPress's HTTP API.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Captcha;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Http\HttpClient;
use DonationWidget\Http\ProviderEndpoints;
use DonationWidget\Http\ProviderUnavailable;
use DonationWidget\Settings\Settings;

/**
 * Asks Google whether a widget's token is a real, unused solve.
 */
final class RecaptchaClient {

	private const PROVIDER = 'recaptcha';

	/**
	 * Builds the client.
	 *
	 * @param HttpClient $http     Transport.
	 * @param Settings   $settings Where the secret key is kept.
	 */
	public function __construct( private readonly HttpClient $http, private readonly Settings $settings ) {
	}

	/**
	 * Whether a secret key is configured.
	 */
	public function is_configured(): bool {
		return '' !== $this->secret();
	}

	/**
	 * The secret key, read when needed so a changed setting applies at once.
	 */
	private function secret(): string {
		return $this->settings->string( 'recaptcha_secret_key' );
	}

	/**
	 * Verifies a token.
	 *
	 * @param string $token     The widget's token.
	 * @param string $remote_ip The visitor's address.
	 * @return array{success: bool, error_codes: list<string>}
	 * @throws ProviderUnavailable When Google cannot be reached.
	 */
	public function verify( string $token, string $remote_ip ): array {
		$response = $this->http->send(
			self::PROVIDER,
			'POST',
			ProviderEndpoints::api_base( ProviderEndpoints::RECAPTCHA ) . '/recaptcha/api/siteverify',
			array( 'Content-Type' => 'application/x-www-form-urlencoded' ),
			http_build_query(
				array(
					'secret'   => $this->secret(),
					'response' => $token,
					'remoteip' => $remote_ip,
				)
			),
			8
		);
		if ( ! $response->ok() ) {
			throw new ProviderUnavailable( esc_html( self::PROVIDER ), 'server_error', esc_html( "HTTP {$response->status}" ) );
		}
		$codes = $response->body['error-codes'] ?? array();
		return array(
			'success'     => true === ( $response->body['success'] ?? false ),
			'error_codes' => is_array( $codes ) ? array_values( array_filter( $codes, 'is_string' ) ) : array(),
		);
	}
}
