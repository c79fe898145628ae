<?php
/**
 * Experian Address Validation, over WordPress's HTTP API.
 *
 * @package DonationWidget
 */

namespace DonationWidget\AddressLookup;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Http\HttpClient;
use DonationWidget\Http\ProviderEndpoints;
use DonationWidget\Http\ProviderUnavailable;
use DonationWidget\Settings\Settings;

/**
 * Searches Australian addresses and formats a chosen suggestion. The token is sent only from
 * here, in the Auth-Token header; it never reaches a browser.
 */
final class ExperianClient {

	private const PROVIDER = 'experian';

	private const TIMEOUT = 8;

	/**
	 * Builds the client.
	 *
	 * @param HttpClient $http     Transport.
	 * @param Settings   $settings Where the token is kept.
	 */
	public function __construct( private readonly HttpClient $http, private readonly Settings $settings ) {
	}

	/**
	 * Whether a token is configured.
	 */
	public function is_configured(): bool {
		return '' !== $this->token();
	}

	/**
	 * The Experian token, read when needed so a changed setting applies at once.
	 */
	private function token(): string {
		return $this->settings->string( 'experian_token' );
	}

	/**
	 * Searches for an address.
	 *
	 * @param string $text What the donor typed.
	 * @param int    $max  Most suggestions wanted.
	 * @return array{confidence: string, suggestions: list<array{text: string, global_address_key: string}>}
	 * @throws ProviderUnavailable When Experian fails or cannot be reached.
	 */
	public function search( string $text, int $max = 7 ): array {
		$body   = $this->call(
			'POST',
			'/address/search/v1',
			array(
				'country_iso'     => 'AUS',
				'datasets'        => array( 'au-address' ),
				'max_suggestions' => $max,
				'components'      => array( 'unspecified' => array( $text ) ),
			)
		);
		$result = is_array( $body['result'] ?? null ) ? $body['result'] : array();

		$suggestions = array();
		foreach ( is_array( $result['suggestions'] ?? null ) ? $result['suggestions'] : array() as $suggestion ) {
			if ( is_array( $suggestion ) && is_string( $suggestion['text'] ?? null ) && is_string( $suggestion['global_address_key'] ?? null ) ) {
				$suggestions[] = array(
					'text'               => $suggestion['text'],
					'global_address_key' => $suggestion['global_address_key'],
				);
			}
		}
		return array(
			'confidence'  => is_string( $result['confidence'] ?? null ) ? $result['confidence'] : ( $suggestions ? 'Multiple matches' : 'No matches' ),
			'suggestions' => $suggestions,
		);
	}

	/**
	 * Formats (verifies) one suggestion into address parts.
	 *
	 * @param string $global_address_key The suggestion's key.
	 * @return array{confidence: string, address: array<string, string>}
	 * @throws ProviderUnavailable When Experian fails or cannot be reached.
	 */
	public function format( string $global_address_key ): array {
		$body    = $this->call( 'GET', '/address/format/v1/' . rawurlencode( $global_address_key ) );
		$result  = is_array( $body['result'] ?? null ) ? $body['result'] : array();
		$address = is_array( $result['address'] ?? null ) ? $result['address'] : array();
		$part    = static fn ( string $name ): string => is_string( $address[ $name ] ?? null ) ? trim( $address[ $name ] ) : '';

		return array(
			'confidence' => is_string( $result['confidence'] ?? null ) ? $result['confidence'] : 'No matches',
			'address'    => array(
				'address_line_1' => $part( 'address_line_1' ),
				// The form has two street lines; Experian may use three.
				'address_line_2' => implode( ', ', array_filter( array( $part( 'address_line_2' ), $part( 'address_line_3' ) ) ) ),
				'locality'       => $part( 'locality' ),
				'region'         => $part( 'region' ),
				'postal_code'    => $part( 'postal_code' ),
				'country'        => in_array( strtoupper( $part( 'country' ) ), array( 'AUSTRALIA', 'AU', 'AUS' ), true ) ? 'Australia' : $part( 'country' ),
			),
		);
	}

	/**
	 * One call to Experian.
	 *
	 * @param string                    $method HTTP method.
	 * @param string                    $path   Path under the API base.
	 * @param array<string, mixed>|null $json   Body to send as JSON.
	 * @return array<string, mixed>
	 * @throws ProviderUnavailable When Experian fails or cannot be reached.
	 */
	private function call( string $method, string $path, ?array $json = null ): array {
		$headers = array( 'Auth-Token' => $this->token() );
		if ( null !== $json ) {
			$headers['Content-Type'] = 'application/json';
		}
		$response = $this->http->send(
			self::PROVIDER,
			$method,
			ProviderEndpoints::api_base( ProviderEndpoints::EXPERIAN ) . $path,
			$headers,
			null === $json ? null : (string) wp_json_encode( $json ),
			self::TIMEOUT
		);
		if ( 404 === $response->status && 'GET' === $method ) {
			// An unknown or expired key: nothing to format, which the widget shows as an invalid address.
			return array( 'result' => array( 'confidence' => 'No matches' ) );
		}
		if ( ! $response->ok() ) {
			$reason = in_array( $response->status, array( 401, 403 ), true ) ? 'rejected' : 'server_error';
			// Experian's own words, from its error object.
			$error = is_array( $response->body['error'] ?? null ) ? $response->body['error'] : array();
			$said  = $error['detail'] ?? $error['title'] ?? '';
			$said  = is_string( $said ) && '' !== $said ? ": {$said}" : '';
			throw new ProviderUnavailable( esc_html( self::PROVIDER ), esc_html( $reason ), esc_html( "HTTP {$response->status}{$said}" ) );
		}
		return $response->body;
	}
}
