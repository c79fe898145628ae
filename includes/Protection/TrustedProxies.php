<?php
/**
 * The proxies (load balancers, CDNs) whose word on the client's address the site takes.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Protection;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Http\IpNetwork;
use DonationWidget\Settings\Settings;

/**
 * Anyone can send X-Forwarded-For, so a header is believed only when the connection itself comes
 * from a proxy the admin named (the "Trusted proxies" setting). For a list header
 * (X-Forwarded-For, Forwarded) each proxy appends the address it saw, so the list is read from
 * the right: past the trusted proxies, the first address is the client's. What a client wrote
 * further left is never read, so it can neither choose its own address nor break the header.
 */
final class TrustedProxies {

	/**
	 * Setting value => header name, for the headers the site can read the client from.
	 */
	public const HEADERS = array(
		'x_forwarded_for'  => 'X-Forwarded-For',
		'x_real_ip'        => 'X-Real-IP',
		'cf_connecting_ip' => 'CF-Connecting-IP',
		'true_client_ip'   => 'True-Client-IP',
		'forwarded'        => 'Forwarded',
	);

	/**
	 * The headers holding a list of hops rather than one address.
	 */
	private const LIST_HEADERS = array( 'x_forwarded_for', 'forwarded' );

	/**
	 * Hops read from the right at most: no real chain of proxies is longer.
	 */
	private const MAX_HOPS = 20;

	/**
	 * Builds the set.
	 *
	 * @param array  $networks The trusted proxies.
	 * @param string $header   A key of HEADERS, or '' to read no header.
	 * @phpstan-param list<IpNetwork> $networks
	 */
	public function __construct( private readonly array $networks, public readonly string $header ) {
	}

	/**
	 * The set the settings describe. Values from wp-config.php constants are not checked by the
	 * settings screen, so entries that are not ranges (and a range of every address) are skipped.
	 *
	 * @param Settings $settings The trusted_proxies and client_ip_header settings.
	 */
	public static function from_settings( Settings $settings ): self {
		$list     = $settings->get( 'trusted_proxies' );
		$text     = is_array( $list ) ? implode( ',', array_filter( $list, 'is_string' ) ) : ( is_string( $list ) ? $list : '' );
		$networks = array_values( array_filter( IpNetwork::parse_list( $text )[0], static fn ( IpNetwork $network ): bool => ! $network->is_everything() ) );
		$header   = $settings->string( 'client_ip_header' );
		return new self( $networks, array_key_exists( $header, self::HEADERS ) ? $header : '' );
	}

	/**
	 * The trusted proxies, as written back.
	 *
	 * @return list<string>
	 */
	public function networks(): array {
		return array_map( 'strval', $this->networks );
	}

	/**
	 * Whether the site reads a header at all (a proxy and a header are both set).
	 */
	public function is_configured(): bool {
		return array() !== $this->networks && '' !== $this->header;
	}

	/**
	 * Whether an address is one of the trusted proxies.
	 *
	 * @param string $address Any address text.
	 */
	public function trusts( string $address ): bool {
		foreach ( $this->networks as $network ) {
			if ( $network->contains( $address ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The $_SERVER key of the chosen header, or '' for none.
	 */
	public function server_key(): string {
		return '' === $this->header ? '' : self::server_key_of( $this->header );
	}

	/**
	 * The $_SERVER key of a header of HEADERS.
	 *
	 * @param string $header A key of HEADERS.
	 */
	public static function server_key_of( string $header ): string {
		return 'HTTP_' . strtoupper( $header );
	}

	/**
	 * The client's address.
	 *
	 * @param string $remote_addr  REMOTE_ADDR.
	 * @param string $header_value The chosen header's value ('' when absent).
	 */
	public function resolve( string $remote_addr, string $header_value ): ClientAddress {
		$remote = IpNetwork::address( $remote_addr ) ?? '0.0.0.0';
		if ( '' === $this->header || ! $this->trusts( $remote ) ) {
			return new ClientAddress( $remote, $remote, ClientAddress::FROM_REMOTE_ADDR );
		}
		$client = in_array( $this->header, self::LIST_HEADERS, true )
			? $this->client_in_list( 'forwarded' === $this->header ? self::forwarded_hops( $header_value ) : explode( ',', $header_value ) )
			: ( str_contains( $header_value, ',' ) ? null : self::hop_address( $header_value ) );
		return null === $client
			? new ClientAddress( $remote, $remote, ClientAddress::PROXY_WITHOUT_HEADER )
			: new ClientAddress( $client, $remote, ClientAddress::FROM_HEADER );
	}

	/**
	 * The first address from the right that is not a trusted proxy; when every hop read is one,
	 * the leftmost (a request from inside the proxies' own network). Null when a hop that has to
	 * be read is not an address, or the chain is longer than any real one.
	 *
	 * @param list<string|null> $hops The hops, left to right (null for one that names no address).
	 */
	private function client_in_list( array $hops ): ?string {
		$hops = array_values( array_filter( $hops, static fn ( ?string $hop ): bool => null === $hop || '' !== trim( $hop ) ) );
		if ( array() === $hops ) {
			return null;
		}
		$address = null;
		for ( $i = count( $hops ) - 1, $read = 0; $i >= 0; $i--, $read++ ) {
			if ( $read >= self::MAX_HOPS ) {
				return null;
			}
			$address = null === $hops[ $i ] ? null : self::hop_address( $hops[ $i ] );
			if ( null === $address ) {
				return null;
			}
			if ( ! $this->trusts( $address ) ) {
				return $address;
			}
		}
		return $address;
	}

	/**
	 * The address of one hop: "192.0.2.1", "192.0.2.1:4711", "2001:db8::1", "[2001:db8::1]" or
	 * "[2001:db8::1]:4711"; null when it is none of those.
	 *
	 * @param string $hop One entry of a header.
	 */
	private static function hop_address( string $hop ): ?string {
		$hop = trim( $hop );
		if ( preg_match( '/^\[([0-9A-Fa-f:.]+)\](?::\d{1,5})?$/D', $hop, $match ) ) {
			$hop = $match[1];
		} elseif ( preg_match( '/^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/D', $hop, $match ) ) {
			$hop = $match[1];
		}
		return IpNetwork::address( $hop );
	}

	/**
	 * The for= value of each element of a Forwarded header (RFC 7239), left to right: null for
	 * an element without one. Quoted values may hold commas and semicolons.
	 *
	 * @param string $value The header.
	 * @return list<string|null>
	 */
	private static function forwarded_hops( string $value ): array {
		$hops    = array();
		$current = null;
		$pair    = '';
		$quoted  = false;
		$length  = strlen( $value );
		$finish  = static function ( string $pair, ?string $current ): ?string {
			$parts = explode( '=', $pair, 2 );
			if ( 2 === count( $parts ) && 'for' === strtolower( trim( $parts[0] ) ) ) {
				$found = trim( $parts[1] );
				if ( strlen( $found ) >= 2 && '"' === $found[0] && '"' === substr( $found, -1 ) ) {
					$found = (string) preg_replace( '/\\\\(.)/', '$1', substr( $found, 1, -1 ) );
				}
				return $found;
			}
			return $current;
		};
		for ( $i = 0; $i < $length; $i++ ) {
			$char = $value[ $i ];
			if ( $quoted && '\\' === $char && $i + 1 < $length ) {
				$pair .= $char . $value[ ++$i ];
				continue;
			}
			if ( '"' === $char ) {
				$quoted = ! $quoted;
			}
			if ( ! $quoted && ( ';' === $char || ',' === $char ) ) {
				$current = $finish( $pair, $current );
				$pair    = '';
				if ( ',' === $char ) {
					$hops[]  = $current;
					$current = null;
				}
				continue;
			}
			$pair .= $char;
		}
		if ( $quoted ) {
			// An unclosed quote: the header is broken, and no hop of it can be read.
			return array( null );
		}
		$hops[] = $finish( $pair, $current );
		return $hops;
	}

	/**
	 * The forwarding headers a request carries (by header name), whichever one is chosen: Site
	 * Health tells the admin when requests come through a proxy the site does not trust.
	 *
	 * @param array<string, mixed> $server $_SERVER.
	 * @return list<string>
	 */
	public static function headers_in( array $server ): array {
		$found = array();
		foreach ( self::HEADERS as $key => $name ) {
			$value = $server[ self::server_key_of( $key ) ] ?? '';
			if ( is_string( $value ) && '' !== trim( $value ) ) {
				$found[] = $name;
			}
		}
		return $found;
	}
}
