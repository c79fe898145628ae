<?php
/**
 * Checks the Stripe-Signature header of a webhook.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe\Webhooks;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Stripe signs each delivery: the header holds t=<unix time> and one or more v1=<hex>, each an
 * HMAC-SHA256 of "<t>.<raw body>" with the endpoint's signing secret (several v1 entries appear
 * while a secret is being rolled). The timestamp must be recent, so a captured delivery cannot
 * be replayed later.
 */
final class StripeSignature {

	/**
	 * How old (or how far in the future) a signature may be, in seconds.
	 */
	public const TOLERANCE_SECONDS = 300;

	/**
	 * Why a signature is refused, or null when it is valid.
	 *
	 * @param string   $payload The raw request body, byte for byte.
	 * @param string   $header  The Stripe-Signature header.
	 * @param string   $secret  The endpoint's signing secret (whsec_…).
	 * @param int|null $now     Current Unix time (tests pass their own).
	 * @return string|null missing, malformed, stale or mismatch; null when valid.
	 */
	public static function problem( string $payload, string $header, string $secret, ?int $now = null ): ?string {
		if ( '' === trim( $header ) ) {
			return 'missing';
		}
		$timestamp  = null;
		$signatures = array();
		foreach ( explode( ',', $header ) as $part ) {
			$pair = explode( '=', trim( $part ), 2 );
			if ( 2 !== count( $pair ) ) {
				continue;
			}
			if ( 't' === $pair[0] && ctype_digit( $pair[1] ) ) {
				$timestamp = (int) $pair[1];
			} elseif ( 'v1' === $pair[0] && '' !== $pair[1] ) {
				$signatures[] = $pair[1];
			}
		}
		if ( null === $timestamp || array() === $signatures ) {
			return 'malformed';
		}
		$now = $now ?? time();
		if ( abs( $now - $timestamp ) > self::TOLERANCE_SECONDS ) {
			return 'stale';
		}
		$expected = hash_hmac( 'sha256', $timestamp . '.' . $payload, $secret );
		foreach ( $signatures as $signature ) {
			if ( hash_equals( $expected, $signature ) ) {
				return null;
			}
		}
		return 'mismatch';
	}

	/**
	 * A header value for a payload, as Stripe would send it (for tests and local tools).
	 *
	 * @param string   $payload   The exact body.
	 * @param string   $secret    Signing secret.
	 * @param int|null $timestamp Unix time; now when null.
	 */
	public static function sign( string $payload, string $secret, ?int $timestamp = null ): string {
		$timestamp = $timestamp ?? time();
		return 't=' . $timestamp . ',v1=' . hash_hmac( 'sha256', $timestamp . '.' . $payload, $secret );
	}
}
