<?php
/**
 * Whether requests show a proxy the Trusted proxies setting does not describe.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Protection;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Http\IpNetwork;

/**
 * A site behind a load balancer that trusts no proxy counts every donor under the balancer's
 * address, and one busy hour blocks them all; nothing says so until donors complain. This looks
 * at a request (the admin's own on Site Health, and payment calls as they are counted) and names
 * the problem. Payment calls are remembered only when the connecting address is private or a
 * trusted proxy, i.e. the site's own infrastructure, never a visitor.
 */
final class ForwardingCheck {

	/**
	 * Forwarding headers arrive from a private or reserved address that is not trusted: almost
	 * certainly the site's own load balancer or reverse proxy.
	 */
	public const UNTRUSTED_PRIVATE = 'untrusted_private';

	/**
	 * Forwarding headers arrive from a public address that is not trusted: a CDN, or a visitor's
	 * own proxy (whose header must never be believed).
	 */
	public const UNTRUSTED_PUBLIC = 'untrusted_public';

	/**
	 * A trusted proxy connected without a readable client address in the chosen header.
	 */
	public const PROXY_WITHOUT_HEADER = 'proxy_without_header';

	private const TRANSIENT = 'donation_widget_forwarding_seen';

	/**
	 * How long a payment call's finding is kept, and how often it is written at most.
	 */
	private const KEEP_SECONDS = WEEK_IN_SECONDS;

	private const REWRITE_SECONDS = HOUR_IN_SECONDS;

	/**
	 * The problem a request shows, or ''.
	 *
	 * @param ClientAddress $found   How the address was found.
	 * @param array         $headers The forwarding headers the request carried (names).
	 * @phpstan-param list<string> $headers
	 */
	public static function problem_of( ClientAddress $found, array $headers ): string {
		if ( ClientAddress::PROXY_WITHOUT_HEADER === $found->source ) {
			return self::PROXY_WITHOUT_HEADER;
		}
		if ( ClientAddress::FROM_REMOTE_ADDR !== $found->source || array() === $headers ) {
			return '';
		}
		return self::is_private( $found->remote ) ? self::UNTRUSTED_PRIVATE : self::UNTRUSTED_PUBLIC;
	}

	/**
	 * This request: its problem ('' for none), the connecting address and the headers seen.
	 *
	 * @return array{problem: string, remote: string, headers: list<string>, source: string, address: string}
	 */
	public static function current(): array {
		$found   = ClientIp::resolve();
		$headers = self::headers_of_request();
		return array(
			'problem' => self::problem_of( $found, $headers ),
			'remote'  => $found->remote,
			'headers' => $headers,
			'source'  => $found->source,
			'address' => $found->address,
		);
	}

	/**
	 * Remembers this payment call's problem for Site Health, when it is one about the site's own
	 * infrastructure. Writes at most once an hour.
	 */
	public static function note_current(): void {
		$now = self::current();
		if ( ! in_array( $now['problem'], array( self::UNTRUSTED_PRIVATE, self::PROXY_WITHOUT_HEADER ), true ) ) {
			return;
		}
		$last = self::last_noted();
		if ( null !== $last && $last['problem'] === $now['problem'] && $last['remote'] === $now['remote'] && time() - $last['time'] < self::REWRITE_SECONDS ) {
			return;
		}
		set_transient(
			self::TRANSIENT,
			array(
				'problem' => $now['problem'],
				'remote'  => $now['remote'],
				'headers' => $now['headers'],
				'time'    => time(),
			),
			self::KEEP_SECONDS
		);
	}

	/**
	 * What a payment call showed in the last week, or null.
	 *
	 * @return array{problem: string, remote: string, headers: list<string>, time: int}|null
	 */
	public static function last_noted(): ?array {
		$noted = get_transient( self::TRANSIENT );
		if ( ! is_array( $noted ) || ! is_string( $noted['problem'] ?? null ) || ! is_string( $noted['remote'] ?? null ) || ! is_int( $noted['time'] ?? null ) ) {
			return null;
		}
		$headers = is_array( $noted['headers'] ?? null ) ? array_values( array_filter( $noted['headers'], 'is_string' ) ) : array();
		return array(
			'problem' => $noted['problem'],
			'remote'  => $noted['remote'],
			'headers' => $headers,
			'time'    => $noted['time'],
		);
	}

	/**
	 * Forgets what payment calls showed (after the setting changed, the old finding is stale).
	 */
	public static function forget(): void {
		delete_transient( self::TRANSIENT );
	}

	/**
	 * Whether an address is private, loopback, link-local or otherwise not on the internet.
	 *
	 * @param string $address A canonical address.
	 */
	public static function is_private( string $address ): bool {
		return null !== IpNetwork::address( $address )
			&& false === filter_var( $address, FILTER_VALIDATE_IP, FILTER_FLAG_NO_PRIV_RANGE | FILTER_FLAG_NO_RES_RANGE );
	}

	/**
	 * The forwarding headers of this request (names).
	 *
	 * @return list<string>
	 */
	private static function headers_of_request(): array {
		$server = array();
		foreach ( array_keys( TrustedProxies::HEADERS ) as $header ) {
			$key = TrustedProxies::server_key_of( $header );
			if ( isset( $_SERVER[ $key ] ) ) {
				$server[ $key ] = sanitize_text_field( wp_unslash( $_SERVER[ $key ] ) );
			}
		}
		return TrustedProxies::headers_in( $server );
	}
}
