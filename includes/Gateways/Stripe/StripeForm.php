<?php
/**
 * Stripe's form encoding.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Encodes parameters the way Stripe's API reads them: application/x-www-form-urlencoded with
 * bracket notation (metadata[key]=…, items[0][price_data][currency]=…, expand[0]=…), booleans
 * as "true"/"false", and null members left out.
 */
final class StripeForm {

	/**
	 * Encodes a parameter tree.
	 *
	 * @param array<mixed> $params Parameters.
	 */
	public static function encode( array $params ): string {
		$pairs = array();
		self::flatten( $params, '', $pairs );
		return implode( '&', $pairs );
	}

	/**
	 * Adds the "key=value" pairs of one level.
	 *
	 * @param array<mixed> $params Parameters at this level.
	 * @param string       $prefix Encoded key of the parent ('' at the top).
	 * @param string[]     $pairs  Pairs so far.
	 */
	private static function flatten( array $params, string $prefix, array &$pairs ): void {
		foreach ( $params as $key => $value ) {
			$name = '' === $prefix ? rawurlencode( (string) $key ) : $prefix . '[' . rawurlencode( (string) $key ) . ']';
			if ( null === $value ) {
				continue;
			}
			if ( is_array( $value ) ) {
				self::flatten( $value, $name, $pairs );
				continue;
			}
			if ( is_bool( $value ) ) {
				$value = $value ? 'true' : 'false';
			}
			$pairs[] = $name . '=' . rawurlencode( is_scalar( $value ) ? (string) $value : '' );
		}
	}
}
