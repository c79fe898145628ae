<?php
/**
 * ClientIp::current() on a real request: the Trusted proxies settings as the screen stores
 * them, wp-config.php constants, and the donation_widget_client_ip filter.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Protection;

use DonationWidget\Protection\ClientIp;
use DonationWidget\Settings\Settings;
use DonationWidget\Settings\SettingsSanitizer;
use DonationWidget\Tests\Integration\IntegrationTestCase;

final class ClientIpTest extends IntegrationTestCase {

	private const SERVER_KEYS = array( 'REMOTE_ADDR', 'HTTP_X_FORWARDED_FOR', 'HTTP_CF_CONNECTING_IP', 'HTTP_FORWARDED' );

	/**
	 * @var array<string, mixed>
	 */
	private array $saved_server = array();

	protected function setUp(): void {
		parent::setUp();
		foreach ( self::SERVER_KEYS as $key ) {
			if ( isset( $_SERVER[ $key ] ) ) {
				$this->saved_server[ $key ] = $_SERVER[ $key ]; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- saved raw, to be put back as it was.
			}
			unset( $_SERVER[ $key ] );
		}
	}

	protected function tearDown(): void {
		foreach ( self::SERVER_KEYS as $key ) {
			unset( $_SERVER[ $key ] );
		}
		foreach ( $this->saved_server as $key => $value ) {
			$_SERVER[ $key ] = $value;
		}
		remove_all_filters( 'donation_widget_client_ip' );
		parent::tearDown();
	}

	/**
	 * Saves settings through the settings screen's own sanitiser.
	 *
	 * @param array<string, mixed> $input Submitted values.
	 * @return list<string> The sanitiser's complaints.
	 */
	private function save( array $input ): array {
		$sanitizer = new SettingsSanitizer( new Settings() );
		$this->set_settings( $sanitizer->sanitise( $input ) );
		return $sanitizer->errors();
	}

	private function request( string $remote, array $headers = array() ): string {
		$_SERVER['REMOTE_ADDR'] = $remote;
		foreach ( $headers as $key => $value ) {
			$_SERVER[ $key ] = $value;
		}
		return ClientIp::current();
	}

	public function test_by_default_no_header_is_believed(): void {
		$this->assertSame( '203.0.113.9', $this->request( '203.0.113.9', array( 'HTTP_X_FORWARDED_FOR' => '192.0.2.1' ) ) );
		$this->assertSame( '10.0.0.2', $this->request( '10.0.0.2', array( 'HTTP_X_FORWARDED_FOR' => '192.0.2.1' ) ), 'Not even from a private address.' );
	}

	public function test_a_saved_trusted_proxy_is_believed_and_nobody_else(): void {
		$this->assertSame( array(), $this->save( array( 'trusted_proxies' => "10.0.0.0/8\n2001:db8:ff::/48" ) ) );

		$this->assertSame( '192.0.2.1', $this->request( '10.0.0.2', array( 'HTTP_X_FORWARDED_FOR' => '6.6.6.6, 192.0.2.1' ) ) );
		$this->assertSame( '192.0.2.1', $this->request( '2001:db8:ff::3', array( 'HTTP_X_FORWARDED_FOR' => '192.0.2.1' ) ) );
		$this->assertSame( '203.0.113.9', $this->request( '203.0.113.9', array( 'HTTP_X_FORWARDED_FOR' => '192.0.2.1' ) ), 'A visitor sending the header itself.' );
	}

	public function test_the_chosen_header_is_the_only_one_read(): void {
		$this->save(
			array(
				'trusted_proxies'  => '198.51.100.0/24',
				'client_ip_header' => 'cf_connecting_ip',
			)
		);
		$this->assertSame(
			'192.0.2.44',
			$this->request(
				'198.51.100.7',
				array(
					'HTTP_CF_CONNECTING_IP' => '192.0.2.44',
					'HTTP_X_FORWARDED_FOR'  => '192.0.2.99',
				)
			)
		);
		$this->assertSame(
			'198.51.100.7',
			$this->request(
				'198.51.100.7',
				array(
					'HTTP_CF_CONNECTING_IP' => '',
					'HTTP_X_FORWARDED_FOR'  => '192.0.2.99',
				)
			)
		);

		$this->save( array( 'client_ip_header' => '' ) );
		$this->assertSame( '198.51.100.7', $this->request( '198.51.100.7', array( 'HTTP_CF_CONNECTING_IP' => '192.0.2.44' ) ), '"None" reads no header.' );
	}

	public function test_the_filter_still_decides_last_and_is_given_remote_addr(): void {
		$this->save( array( 'trusted_proxies' => '10.0.0.0/8' ) );
		$seen = array();
		add_filter(
			'donation_widget_client_ip',
			static function ( $ip, $remote ) use ( &$seen ) {
				$seen = array( $ip, $remote );
				return '2001:DB8::1';
			},
			10,
			2
		);
		$this->assertSame( '2001:db8::1', $this->request( '10.0.0.2', array( 'HTTP_X_FORWARDED_FOR' => '192.0.2.1' ) ) );
		$this->assertSame( array( '192.0.2.1', '10.0.0.2' ), $seen );

		remove_all_filters( 'donation_widget_client_ip' );
		add_filter( 'donation_widget_client_ip', static fn (): string => 'not an address' );
		$this->assertSame( '192.0.2.1', $this->request( '10.0.0.2', array( 'HTTP_X_FORWARDED_FOR' => '192.0.2.1' ) ), 'A filter answer that is no address is ignored.' );
	}

	/**
	 * @return array<string, array{mixed, string}>
	 */
	public static function refused(): array {
		return array(
			'a hostname'            => array( '10.0.0.0/8, proxy.example.org', 'proxy.example.org' ),
			'a bad prefix'          => array( '10.0.0.0/33', '10.0.0.0/33' ),
			'every IPv4 address'    => array( '0.0.0.0/0', '0.0.0.0/0' ),
			'every IPv6 address'    => array( '::/0', '::/0' ),
			'a list of one bad one' => array( array( '10.0.0.0/8', '10.0.0.300' ), '10.0.0.300' ),
		);
	}

	/**
	 * @dataProvider refused
	 */
	public function test_the_sanitiser_refuses_what_is_not_a_proxy_range_and_keeps_the_old_value( mixed $input, string $named ): void {
		$this->save( array( 'trusted_proxies' => '192.168.0.0/16' ) );
		$errors = $this->save( array( 'trusted_proxies' => $input ) );

		$this->assertCount( 1, $errors );
		$this->assertStringStartsWith( 'Trusted proxies: ', $errors[0] );
		$this->assertStringContainsString( $named, $errors[0] );
		$this->assertSame( array( '192.168.0.0/16' ), ( new Settings() )->get( 'trusted_proxies' ) );
	}

	public function test_the_sanitiser_stores_ranges_canonically_once_each(): void {
		$errors = $this->save( array( 'trusted_proxies' => " 10.1.2.3/8,10.0.0.0/8 ;\r\n 2001:DB8::/32  192.0.2.7/32\n\n" ) );
		$this->assertSame( array(), $errors );
		$this->assertSame( array( '10.0.0.0/8', '2001:db8::/32', '192.0.2.7' ), ( new Settings() )->get( 'trusted_proxies' ) );

		$this->save( array( 'trusted_proxies' => '' ) );
		$this->assertSame( array(), ( new Settings() )->get( 'trusted_proxies' ), 'Emptying the field trusts no proxy.' );
	}

	public function test_the_sanitiser_allows_only_the_offered_headers(): void {
		$errors = $this->save( array( 'client_ip_header' => 'HTTP_X_CLIENT' ) );
		$this->assertCount( 1, $errors );
		$this->assertSame( 'x_forwarded_for', ( new Settings() )->get( 'client_ip_header' ), 'The default stays.' );
		$this->assertSame( array(), $this->save( array( 'client_ip_header' => 'forwarded' ) ) );
	}

	public function test_the_per_email_limit_is_a_whole_number_like_the_others(): void {
		$this->assertSame( 10, ( new Settings() )->int( 'rate_limit_payments_email' ), 'The default.' );
		$this->assertCount( 1, $this->save( array( 'rate_limit_payments_email' => '0' ) ) );
		$this->assertSame( array(), $this->save( array( 'rate_limit_payments_email' => '4' ) ) );
		$this->assertSame( 4, ( new Settings() )->int( 'rate_limit_payments_email' ) );
	}

	public function test_the_settings_screen_shows_the_proxies_one_per_line_with_their_help(): void {
		require_once ABSPATH . 'wp-admin/includes/template.php';
		$this->log_in_as( 'administrator' );
		$this->save( array( 'trusted_proxies' => '10.0.0.0/8, 2001:db8::/32' ) );
		ob_start();
		$this->service( \DonationWidget\Admin\SettingsPage::class )->render();
		$html = (string) ob_get_clean();

		$this->assertMatchesRegularExpression( '#<textarea[^>]*id="donation-widget-trusted-proxies"[^>]*aria-describedby="donation-widget-trusted-proxies-description"[^>]*>10\.0\.0\.0/8\n2001:db8::/32</textarea>#', $html );
		$this->assertStringContainsString( 'id="donation-widget-client-ip-header"', $html );
		$this->assertStringContainsString( 'CF-Connecting-IP', $html );
		$this->assertStringContainsString( 'id="donation-widget-rate-limit-payments-email"', $html );
		preg_match( '#<section[^>]*id="donation-widget-section-protection".*?</section>#s', $html, $section );
		$this->assertStringContainsString( 'id="donation-widget-trusted-proxies"', $section[0] ?? '', 'In the Abuse protection section.' );
	}

	public function test_a_value_the_screen_never_checked_is_read_leniently(): void {
		// As a DONATION_WIDGET_TRUSTED_PROXIES constant in wp-config.php would give it: one string.
		$this->set_settings( array( 'trusted_proxies' => '10.0.0.0/8, proxy.example.org, 0.0.0.0/0, 192.0.2.7' ) );
		$this->assertSame( array( '10.0.0.0/8', '192.0.2.7' ), ClientIp::proxies()->networks(), 'Entries that are no range, and a range of everything, are skipped.' );
		$this->assertSame( '192.0.2.1', $this->request( '10.0.0.2', array( 'HTTP_X_FORWARDED_FOR' => '192.0.2.1' ) ) );
		$this->assertSame( '203.0.113.9', $this->request( '203.0.113.9', array( 'HTTP_X_FORWARDED_FOR' => '192.0.2.1' ) ) );
	}
}
