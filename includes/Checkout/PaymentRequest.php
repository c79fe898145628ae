<?php
/**
 * Reads the fields every payment call shares.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Checkout;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donations\InvalidDonationRequest;

/**
 * Checks the fields of a payment call other than formData: the attempt id, provider ids and the
 * page address. Each refusal names the field.
 */
final class PaymentRequest {

	private const UUID_PATTERN = '/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i';

	/**
	 * The attemptId: a UUID the widget makes for each payment attempt. It keys the donation row
	 * and the provider's idempotency keys, so a retry of the same attempt charges at most once.
	 *
	 * @param array<string, mixed> $request POST fields.
	 * @throws InvalidDonationRequest When it is missing or not a UUID.
	 */
	public static function attempt_id( array $request ): string {
		$value = $request['attemptId'] ?? '';
		if ( ! is_string( $value ) || ! preg_match( self::UUID_PATTERN, $value ) ) {
			throw new InvalidDonationRequest( array( 'attemptId' => esc_html__( 'This payment attempt has no valid id. Please reload the page and try again.', 'donation-widget' ) ) );
		}
		return strtolower( $value );
	}

	/**
	 * A provider id sent by the browser (a payment method, a payment, a wallet capture).
	 *
	 * @param array<string, mixed> $request  POST fields.
	 * @param string               $field    Field name.
	 * @param string               $pattern  Whole-value regex of a well-formed id.
	 * @param bool                 $required Whether it must be present.
	 * @return string The id, or '' when optional and absent.
	 * @throws InvalidDonationRequest When it is malformed, or missing while required.
	 */
	public static function provider_id( array $request, string $field, string $pattern, bool $required = true ): string {
		$value = $request[ $field ] ?? '';
		if ( '' === $value && ! $required ) {
			return '';
		}
		if ( ! is_string( $value ) || ! preg_match( $pattern, $value ) ) {
			throw new InvalidDonationRequest( array( esc_html( $field ) => esc_html__( 'The payment details could not be read. Please try again.', 'donation-widget' ) ) );
		}
		return $value;
	}

	/**
	 * The page the donor is on (currentUrl): an http(s) address of at most 255 characters, or ''.
	 *
	 * @param array<string, mixed> $request POST fields.
	 * @throws InvalidDonationRequest When it is not such an address.
	 */
	public static function page_url( array $request ): string {
		$value = $request['currentUrl'] ?? '';
		if ( '' === $value ) {
			return '';
		}
		$scheme = is_string( $value ) ? wp_parse_url( $value, PHP_URL_SCHEME ) : null;
		if ( ! is_string( $value ) || strlen( $value ) > 255 || false === filter_var( $value, FILTER_VALIDATE_URL ) || ! in_array( $scheme, array( 'http', 'https' ), true ) ) {
			throw new InvalidDonationRequest( array( 'currentUrl' => esc_html__( 'The page address could not be read. Please reload the page and try again.', 'donation-widget' ) ) );
		}
		return $value;
	}

	/**
	 * A call's fingerprint: the hash of all its fields (its captcha token among them), the same
	 * for a retransmission of the very same call and different for any other.
	 *
	 * @param array<string, mixed> $request POST fields.
	 */
	public static function fingerprint( array $request ): string {
		ksort( $request );
		return hash( 'sha256', (string) wp_json_encode( $request ) );
	}
}
