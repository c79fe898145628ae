<?php
/**
 * An IPv4 or IPv6 address range (CIDR), and the one way addresses are compared.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Http;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Written as "10.0.0.0/8", "2001:db8::/32", or a single address. Addresses are compared as bytes
 * (inet_pton), never as text: "2001:DB8:0::1", "2001:db8::1" and "::ffff:192.0.2.1" against
 * "192.0.2.0/24" must all match the way the network sees them.
 */
final class IpNetwork {

	/**
	 * Builds a range; use parse().
	 *
	 * @param string $bytes  The network address, packed (4 or 16 bytes), host bits cleared.
	 * @param int    $prefix Leading bits that must match.
	 */
	private function __construct( private readonly string $bytes, public readonly int $prefix ) {
	}

	/**
	 * A range from its written form, or null when it is not one.
	 *
	 * @param string $text Such as "192.0.2.0/24", "2001:db8::/32" or "192.0.2.7" (one address).
	 */
	public static function parse( string $text ): ?self {
		$text = trim( $text );
		if ( ! preg_match( '#^([0-9A-Fa-f:.]+)(?:/(\d{1,3}))?$#', $text, $match ) ) {
			return null;
		}
		$bytes = self::packed( $match[1] );
		if ( null === $bytes ) {
			return null;
		}
		$bits   = strlen( $bytes ) * 8;
		$prefix = isset( $match[2] ) ? (int) $match[2] : $bits;
		// "010" is not a prefix length anyone means; refuse it rather than guess.
		if ( $prefix > $bits || ( isset( $match[2] ) && strlen( $match[2] ) > 1 && '0' === $match[2][0] ) ) {
			return null;
		}
		return new self( self::masked( $bytes, $prefix ), $prefix );
	}

	/**
	 * The ranges of a list written by a person: separated by commas, spaces or line breaks.
	 *
	 * @param string $text Such as "10.0.0.0/8, 2001:db8::/32".
	 * @return array{0: list<IpNetwork>, 1: list<string>} The ranges (each once, in order), and
	 *                                                     the entries that are not ranges.
	 */
	public static function parse_list( string $text ): array {
		$networks = array();
		$invalid  = array();
		$entries  = preg_split( '/[\s,;]+/', $text, -1, PREG_SPLIT_NO_EMPTY );
		foreach ( false === $entries ? array() : $entries as $entry ) {
			$network = self::parse( $entry );
			if ( null === $network ) {
				$invalid[] = $entry;
				continue;
			}
			$networks[ (string) $network ] = $network;
		}
		return array( array_values( $networks ), $invalid );
	}

	/**
	 * An address in its one canonical text ("2001:db8::1", IPv4-mapped IPv6 as IPv4), or null
	 * when the text is not an address.
	 *
	 * @param string $text An address as a header or REMOTE_ADDR writes it.
	 */
	public static function address( string $text ): ?string {
		$bytes = self::packed( trim( $text ) );
		if ( null === $bytes ) {
			return null;
		}
		$canonical = inet_ntop( $bytes );
		return false === $canonical ? null : $canonical;
	}

	/**
	 * Whether an address lies in the range (an address of the other family never does).
	 *
	 * @param string $address Any address text.
	 */
	public function contains( string $address ): bool {
		$bytes = self::packed( trim( $address ) );
		return null !== $bytes && strlen( $bytes ) === strlen( $this->bytes ) && self::masked( $bytes, $this->prefix ) === $this->bytes;
	}

	/**
	 * Whether the range holds every address of its family (0.0.0.0/0, ::/0).
	 */
	public function is_everything(): bool {
		return 0 === $this->prefix;
	}

	/**
	 * The range as written back: "10.0.0.0/8", or the bare address for a single one.
	 */
	public function __toString(): string {
		$text = (string) inet_ntop( $this->bytes );
		return strlen( $this->bytes ) * 8 === $this->prefix ? $text : $text . '/' . $this->prefix;
	}

	/**
	 * The address's bytes (IPv4-mapped IPv6 as its 4 IPv4 bytes), or null.
	 *
	 * @param string $text Address text.
	 */
	private static function packed( string $text ): ?string {
		if ( false === filter_var( $text, FILTER_VALIDATE_IP ) ) {
			return null;
		}
		$bytes = inet_pton( $text );
		if ( false === $bytes ) {
			return null;
		}
		// A dual-stack server reports IPv4 clients as ::ffff:a.b.c.d; they are IPv4 clients.
		if ( 16 === strlen( $bytes ) && str_starts_with( $bytes, str_repeat( "\0", 10 ) . "\xff\xff" ) ) {
			return substr( $bytes, 12 );
		}
		return $bytes;
	}

	/**
	 * The bytes with every bit after the prefix cleared.
	 *
	 * @param string $bytes  Packed address.
	 * @param int    $prefix Bits to keep.
	 */
	private static function masked( string $bytes, int $prefix ): string {
		$masked = '';
		$length = strlen( $bytes );
		for ( $i = 0; $i < $length; $i++ ) {
			$keep    = max( 0, min( 8, $prefix - 8 * $i ) );
			$mask    = 0 === $keep ? 0 : ( 0xff << ( 8 - $keep ) ) & 0xff;
			$masked .= chr( ord( $bytes[ $i ] ) & $mask );
		}
		return $masked;
	}
}
