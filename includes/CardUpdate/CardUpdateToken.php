<?php
/**
 * The secret in a card-update link (its requestID).
 *
 * @package DonationWidget
 */

namespace DonationWidget\CardUpdate;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * A requestID is 32 bytes from the operating system's CSPRNG (random_bytes), written as
 * base64url without padding: 43 URL-safe characters carrying 256 bits. Only its SHA-256 is
 * stored, so a copy of the database cannot open anyone's link; a link is found by the hash of
 * the requestID the browser sends, and the stored hash is then compared in constant time.
 */
final class CardUpdateToken {

	/**
	 * Random bytes in a requestID.
	 */
	public const BYTES = 32;

	/**
	 * Characters of a requestID: ceil( 32 * 8 / 6 ).
	 */
	public const LENGTH = 43;

	private const PATTERN = '/^[A-Za-z0-9_-]{43}$/';

	/**
	 * A new requestID.
	 */
	public static function generate(): string {
		return rtrim( strtr( base64_encode( random_bytes( self::BYTES ) ), '+/', '-_' ), '=' ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- base64url of random bytes, not obfuscation.
	}

	/**
	 * Whether a value has the shape of a requestID (anything else is never looked up).
	 *
	 * @param mixed $value The id field of a request.
	 */
	public static function is_well_formed( mixed $value ): bool {
		return is_string( $value ) && 1 === preg_match( self::PATTERN, $value );
	}

	/**
	 * The stored form of a requestID: lower-case hex SHA-256, 64 characters.
	 *
	 * @param string $token A requestID.
	 */
	public static function hash( string $token ): string {
		return hash( 'sha256', $token );
	}

	/**
	 * Whether a requestID belongs to a stored hash, in constant time.
	 *
	 * @param string $token       A requestID.
	 * @param string $stored_hash The hash kept for a link.
	 */
	public static function matches( string $token, string $stored_hash ): bool {
		return hash_equals( $stored_hash, self::hash( $token ) );
	}
}
