<?php
/**
 * Which address a request is counted under: REMOTE_ADDR, or what a trusted proxy says.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Unit\Protection;

use DonationWidget\Http\IpNetwork;
use DonationWidget\Protection\ClientAddress;
use DonationWidget\Protection\ClientIp;
use DonationWidget\Protection\TrustedProxies;
use PHPUnit\Framework\TestCase;

final class TrustedProxiesTest extends TestCase {

	/**
	 * A load balancer on 10.0.0.0/8 and fd00::/8, and a CDN edge range.
	 */
	private function proxies( string $header ): TrustedProxies {
		$networks = array_map(
			static fn ( string $range ): IpNetwork => IpNetwork::parse( $range ),
			array( '10.0.0.0/8', 'fd00::/8', '198.51.100.0/24' )
		);
		return new TrustedProxies( $networks, $header );
	}

	/**
	 * @return array<string, array{string, string, string, string, string}>
	 */
	public static function requests(): array {
		return array(
			// header, REMOTE_ADDR, header value => address, source.
			'no proxy connected: the header is ignored'    => array( 'x_forwarded_for', '203.0.113.9', '192.0.2.1', '203.0.113.9', ClientAddress::FROM_REMOTE_ADDR ),
			'trusted proxy, one hop'                       => array( 'x_forwarded_for', '10.0.0.2', '192.0.2.1', '192.0.2.1', ClientAddress::FROM_HEADER ),
			'trusted proxy, no header'                     => array( 'x_forwarded_for', '10.0.0.2', '', '10.0.0.2', ClientAddress::PROXY_WITHOUT_HEADER ),
			'chain through two trusted proxies'            => array( 'x_forwarded_for', '10.0.0.2', '192.0.2.1, 198.51.100.7', '192.0.2.1', ClientAddress::FROM_HEADER ),
			'spoofed entry left of the client is never read' => array( 'x_forwarded_for', '10.0.0.2', '1.2.3.4, 192.0.2.1', '192.0.2.1', ClientAddress::FROM_HEADER ),
			'spoofed proxy address left of the client'     => array( 'x_forwarded_for', '10.0.0.2', '10.9.9.9, 192.0.2.1', '192.0.2.1', ClientAddress::FROM_HEADER ),
			'garbage left of the client cannot break the header' => array( 'x_forwarded_for', '10.0.0.2', '<script>, not-an-ip, 192.0.2.1', '192.0.2.1', ClientAddress::FROM_HEADER ),
			'garbage where the proxy writes: REMOTE_ADDR'  => array( 'x_forwarded_for', '10.0.0.2', '192.0.2.1, unknown', '10.0.0.2', ClientAddress::PROXY_WITHOUT_HEADER ),
			'every hop trusted: the leftmost'              => array( 'x_forwarded_for', '10.0.0.2', '10.1.1.1, 10.0.0.3', '10.1.1.1', ClientAddress::FROM_HEADER ),
			'ports are dropped'                            => array( 'x_forwarded_for', '10.0.0.2', '192.0.2.1:51234', '192.0.2.1', ClientAddress::FROM_HEADER ),
			'IPv6 client, canonical text'                  => array( 'x_forwarded_for', '10.0.0.2', '2001:DB8:0:0::1', '2001:db8::1', ClientAddress::FROM_HEADER ),
			'bracketed IPv6 with port'                     => array( 'x_forwarded_for', '10.0.0.2', '[2001:db8::1]:443', '2001:db8::1', ClientAddress::FROM_HEADER ),
			'IPv6 trusted proxy'                           => array( 'x_forwarded_for', 'fd00::5', '192.0.2.1', '192.0.2.1', ClientAddress::FROM_HEADER ),
			'IPv6 untrusted connection ignores the header' => array( 'x_forwarded_for', '2001:db8::7', '192.0.2.1', '2001:db8::7', ClientAddress::FROM_REMOTE_ADDR ),
			'IPv4-mapped REMOTE_ADDR of a trusted proxy'   => array( 'x_forwarded_for', '::ffff:10.0.0.2', '192.0.2.1', '192.0.2.1', ClientAddress::FROM_HEADER ),
			'IPv4-mapped client'                           => array( 'x_forwarded_for', '10.0.0.2', '::ffff:192.0.2.1', '192.0.2.1', ClientAddress::FROM_HEADER ),
			'empty entries are skipped'                    => array( 'x_forwarded_for', '10.0.0.2', '192.0.2.1, ,', '192.0.2.1', ClientAddress::FROM_HEADER ),
			'no header chosen: REMOTE_ADDR even from a proxy' => array( '', '10.0.0.2', '192.0.2.1', '10.0.0.2', ClientAddress::FROM_REMOTE_ADDR ),
			'bad REMOTE_ADDR'                              => array( 'x_forwarded_for', 'localhost', '192.0.2.1', '0.0.0.0', ClientAddress::FROM_REMOTE_ADDR ),
			'X-Real-IP'                                    => array( 'x_real_ip', '10.0.0.2', ' 192.0.2.1 ', '192.0.2.1', ClientAddress::FROM_HEADER ),
			'X-Real-IP with a list is malformed'           => array( 'x_real_ip', '10.0.0.2', '1.2.3.4, 192.0.2.1', '10.0.0.2', ClientAddress::PROXY_WITHOUT_HEADER ),
			'CF-Connecting-IP from the CDN range'          => array( 'cf_connecting_ip', '198.51.100.7', '2001:db8::9', '2001:db8::9', ClientAddress::FROM_HEADER ),
			'CF-Connecting-IP sent straight to the origin' => array( 'cf_connecting_ip', '203.0.113.9', '192.0.2.1', '203.0.113.9', ClientAddress::FROM_REMOTE_ADDR ),
			'True-Client-IP malformed'                     => array( 'true_client_ip', '10.0.0.2', '999.1.1.1', '10.0.0.2', ClientAddress::PROXY_WITHOUT_HEADER ),
			'Forwarded, one element'                       => array( 'forwarded', '10.0.0.2', 'for=192.0.2.60;proto=https;by=10.0.0.2', '192.0.2.60', ClientAddress::FROM_HEADER ),
			'Forwarded, quoted IPv6 with port, two hops'   => array( 'forwarded', '10.0.0.2', 'For="[2001:db8:cafe::17]:4711", for=198.51.100.3', '2001:db8:cafe::17', ClientAddress::FROM_HEADER ),
			'Forwarded, spoofed element on the left'       => array( 'forwarded', '10.0.0.2', 'for=1.2.3.4, for=192.0.2.60', '192.0.2.60', ClientAddress::FROM_HEADER ),
			'Forwarded, quoted comma inside a value'       => array( 'forwarded', '10.0.0.2', 'for=192.0.2.60;host="a,b"', '192.0.2.60', ClientAddress::FROM_HEADER ),
			'Forwarded, obfuscated node where the proxy writes' => array( 'forwarded', '10.0.0.2', 'for=192.0.2.60, for=_hidden', '10.0.0.2', ClientAddress::PROXY_WITHOUT_HEADER ),
			'Forwarded, element without for='              => array( 'forwarded', '10.0.0.2', 'proto=https', '10.0.0.2', ClientAddress::PROXY_WITHOUT_HEADER ),
			'Forwarded, unclosed quote'                    => array( 'forwarded', '10.0.0.2', 'for="192.0.2.60', '10.0.0.2', ClientAddress::PROXY_WITHOUT_HEADER ),
		);
	}

	/**
	 * @dataProvider requests
	 */
	public function test_the_client_address_of_a_request( string $header, string $remote, string $value, string $address, string $source ): void {
		$found = $this->proxies( $header )->resolve( $remote, $value );
		$this->assertSame( array( $address, $source ), array( $found->address, $found->source ) );
	}

	public function test_a_chain_longer_than_any_real_one_falls_back_to_the_proxy(): void {
		$hops  = implode( ', ', array_fill( 0, 25, '10.0.0.9' ) );
		$found = $this->proxies( 'x_forwarded_for' )->resolve( '10.0.0.2', '192.0.2.1, ' . $hops );
		$this->assertSame( array( '10.0.0.2', ClientAddress::PROXY_WITHOUT_HEADER ), array( $found->address, $found->source ) );
	}

	public function test_without_trusted_proxies_nothing_a_client_sends_matters(): void {
		$none = new TrustedProxies( array(), 'x_forwarded_for' );
		foreach ( array( '192.0.2.1', '10.0.0.2', '', 'for=192.0.2.1' ) as $value ) {
			$this->assertSame( '10.0.0.2', $none->resolve( '10.0.0.2', $value )->address );
		}
		$this->assertFalse( $none->is_configured() );
	}

	/**
	 * @return array<string, array{string, ?string}>
	 */
	public static function ranges(): array {
		return array(
			'IPv4 range'             => array( '10.1.2.3/8', '10.0.0.0/8' ),
			'single IPv4'            => array( '192.0.2.7', '192.0.2.7' ),
			'single IPv4 as /32'     => array( '192.0.2.7/32', '192.0.2.7' ),
			'IPv6 range'             => array( '2001:DB8:1::/32', '2001:db8::/32' ),
			'odd IPv6 prefix'        => array( 'fc00::/7', 'fc00::/7' ),
			'IPv4 prefix too long'   => array( '10.0.0.0/33', null ),
			'IPv6 prefix too long'   => array( '2001:db8::/129', null ),
			'leading zero in prefix' => array( '10.0.0.0/08', null ),
			'hostname'               => array( 'proxy.example.org', null ),
			'octet out of range'     => array( '256.0.0.1/8', null ),
			'missing prefix'         => array( '10.0.0.0/', null ),
			'negative prefix'        => array( '10.0.0.0/-1', null ),
		);
	}

	/**
	 * @dataProvider ranges
	 */
	public function test_ranges_are_parsed_strictly_and_written_back_canonically( string $text, ?string $canonical ): void {
		$network = IpNetwork::parse( $text );
		$this->assertSame( $canonical, null === $network ? null : (string) $network );
	}

	public function test_ranges_match_by_bits_not_text(): void {
		$v4 = IpNetwork::parse( '172.16.0.0/12' );
		$this->assertTrue( $v4->contains( '172.31.255.255' ) );
		$this->assertFalse( $v4->contains( '172.32.0.0' ) );
		$this->assertTrue( $v4->contains( '::ffff:172.16.0.1' ), 'A dual-stack server writes IPv4 clients this way.' );
		$this->assertFalse( $v4->contains( '2001:db8::1' ) );

		$v6 = IpNetwork::parse( '2001:db8:abcd::/48' );
		$this->assertTrue( $v6->contains( '2001:0DB8:ABCD:0012:0000:0000:0000:0001' ) );
		$this->assertFalse( $v6->contains( '2001:db8:abce::1' ) );
		$this->assertFalse( $v6->contains( '10.0.0.1' ) );
	}

	public function test_ipv6_visitors_are_limited_by_their_64_network(): void {
		$this->assertSame( '2001:db8:1:2::/64', ClientIp::limit_key( '2001:db8:1:2:aaaa:bbbb:cccc:dddd' ) );
		$this->assertSame( ClientIp::limit_key( '2001:db8:1:2::1' ), ClientIp::limit_key( '2001:db8:1:2:ffff::9' ) );
		$this->assertNotSame( ClientIp::limit_key( '2001:db8:1:2::1' ), ClientIp::limit_key( '2001:db8:1:3::1' ) );
		$this->assertSame( '192.0.2.1', ClientIp::limit_key( '192.0.2.1' ) );
	}
}
