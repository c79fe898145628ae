<?php
/**
 * The visitor's IP address, for rate limits, reCAPTCHA and the BECS mandate.
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
 * REMOTE_ADDR, unless it is one of the "Trusted proxies" (Settings → Abuse protection): then the
 * client address that proxy put in the chosen header (see TrustedProxies). Trusting a header
 * from anyone else would let every visitor choose their own rate-limit bucket.
 */
final class ClientIp {

	/**
	 * The visitor's address ('0.0.0.0' when unknown), after the donation_widget_client_ip filter.
	 */
	public static function current(): string {
		$resolved = self::resolve();

		/**
		 * Filters the visitor's address, used for the payment and address-search rate limits,
		 * reCAPTCHA and the BECS mandate. Prefer the Trusted proxies setting; this filter is for
		 * set-ups it cannot describe. Return a valid IPv4 or IPv6 address; anything else is
		 * ignored. Never return a header's value unchecked: anyone can send any header.
		 *
		 * @param string $ip          The address the plugin found (REMOTE_ADDR, or the client
		 *                            address a trusted proxy sent).
		 * @param string $remote_addr REMOTE_ADDR, validated ('0.0.0.0' when unknown).
		 */
		$filtered = apply_filters( 'donation_widget_client_ip', $resolved->address, $resolved->remote );
		$valid    = is_string( $filtered ) ? IpNetwork::address( $filtered ) : null;
		return $valid ?? $resolved->address;
	}

	/**
	 * The address as the settings find it (before the filter), and how it was found.
	 *
	 * @param Settings|null $settings The settings to use (the stored ones by default).
	 */
	public static function resolve( ?Settings $settings = null ): ClientAddress {
		$proxies = self::proxies( $settings );
		$remote  = isset( $_SERVER['REMOTE_ADDR'] ) ? sanitize_text_field( wp_unslash( $_SERVER['REMOTE_ADDR'] ) ) : '';
		$key     = $proxies->server_key();
		$header  = '' !== $key && isset( $_SERVER[ $key ] ) ? sanitize_text_field( wp_unslash( $_SERVER[ $key ] ) ) : '';
		return $proxies->resolve( $remote, $header );
	}

	/**
	 * The trusted proxies the settings name.
	 *
	 * @param Settings|null $settings The settings to use (the stored ones by default).
	 */
	public static function proxies( ?Settings $settings = null ): TrustedProxies {
		return TrustedProxies::from_settings( $settings ?? new Settings() );
	}

	/**
	 * The key rate limits count an address under: an IPv4 address itself, an IPv6 address's /64
	 * network. One IPv6 subscriber is given a whole /64 and may use any address in it, so
	 * counting single IPv6 addresses would give each visitor billions of allowances.
	 *
	 * @param string $address A canonical address (as current() gives it).
	 */
	public static function limit_key( string $address ): string {
		if ( ! str_contains( $address, ':' ) ) {
			return $address;
		}
		$network = IpNetwork::parse( $address . '/64' );
		return null === $network ? $address : (string) $network;
	}
}
