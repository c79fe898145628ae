<?php
/**
 * Site Health's "visitor addresses" test and Info rows: which address the payment limits use,
 * and the proxy set-ups that would count every donor as one visitor.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Admin;

use DonationWidget\Admin\SiteHealth\SiteHealthInfo;
use DonationWidget\Checkout\PaymentCallGuard;
use DonationWidget\Protection\ForwardingCheck;
use DonationWidget\Settings\Settings;
use DonationWidget\Settings\SettingsSanitizer;
use DonationWidget\Tests\Integration\IntegrationTestCase;

final class SiteHealthClientIpTest extends IntegrationTestCase {

	private const TEST = 'donation_widget_client_ip';

	public static function setUpBeforeClass(): void {
		parent::setUpBeforeClass();
		require_once ABSPATH . 'wp-admin/includes/admin.php';
		require_once ABSPATH . 'wp-admin/includes/class-wp-site-health.php';
		require_once ABSPATH . 'wp-admin/includes/class-wp-debug-data.php';
	}

	protected function setUp(): void {
		parent::setUp();
		ForwardingCheck::forget();
		$this->set_settings(
			array(
				'rate_limit_payments'  => 1000,
				'recaptcha_secret_key' => 'site-health-tests-recaptcha',
			)
		);
		$this->request( '203.0.113.9' );
	}

	protected function tearDown(): void {
		unset( $_SERVER['REMOTE_ADDR'], $_SERVER['HTTP_X_FORWARDED_FOR'], $_SERVER['HTTP_CF_CONNECTING_IP'] );
		ForwardingCheck::forget();
		parent::tearDown();
	}

	private function request( string $remote, array $headers = array() ): void {
		unset( $_SERVER['HTTP_X_FORWARDED_FOR'], $_SERVER['HTTP_CF_CONNECTING_IP'] );
		$_SERVER['REMOTE_ADDR'] = $remote;
		foreach ( $headers as $key => $value ) {
			$_SERVER[ $key ] = $value;
		}
	}

	/**
	 * The test, run the way Site Health runs it.
	 *
	 * @return array<string, mixed>
	 */
	private function run_test(): array {
		$tests = \WP_Site_Health::get_tests();
		$this->assertArrayHasKey( self::TEST, $tests['direct'] );
		$result = call_user_func( $tests['direct'][ self::TEST ]['test'] );
		$this->assertSame( self::TEST, $result['test'] );
		$result['description'] = html_entity_decode( $result['description'], ENT_QUOTES );
		return $result;
	}

	private function save( array $input ): void {
		$sanitizer = new SettingsSanitizer( new Settings() );
		update_option( Settings::OPTION, $sanitizer->sanitise( $input ) );
		$this->assertSame( array(), $sanitizer->errors() );
	}

	public function test_a_direct_connection_is_good_and_says_remote_addr_is_used(): void {
		$result = $this->run_test();
		$this->assertSame( 'good', $result['status'] );
		$this->assertStringContainsString( 'the address that connects to the site (REMOTE_ADDR); no proxy is trusted', $result['description'] );
		$this->assertStringContainsString( 'on this page: 203.0.113.9.', $result['description'] );
	}

	public function test_forwarded_requests_from_an_untrusted_private_address_are_flagged(): void {
		$this->request( '10.0.0.2', array( 'HTTP_X_FORWARDED_FOR' => '198.51.100.20' ) );
		$result = $this->run_test();

		$this->assertSame( 'recommended', $result['status'] );
		$this->assertSame( 'Donation Widget may count all donors as one visitor', $result['label'] );
		$this->assertStringContainsString( "This page's own request came from 10.0.0.2, a private address, carrying X-Forwarded-For", $result['description'] );
		$this->assertStringContainsString( 'Open the Donation Widget settings', $result['actions'] );
	}

	public function test_a_payment_call_through_an_untrusted_private_proxy_is_remembered_until_the_settings_change(): void {
		$this->request( '10.0.0.2', array( 'HTTP_X_FORWARDED_FOR' => '198.51.100.20' ) );
		$this->assertNull( $this->service( PaymentCallGuard::class )->check_starting_call( true, 'jane@example.org.au', $this->captcha_token() )->refusal );

		// The admin opens Site Health directly, without the proxy.
		$this->request( '203.0.113.9' );
		$result = $this->run_test();
		$this->assertSame( 'recommended', $result['status'] );
		$this->assertMatchesRegularExpression( '/A payment call \d+ (second|min)s? ago came from 10\.0\.0\.2/', $result['description'] );

		$this->save( array( 'trusted_proxies' => '10.0.0.0/8' ) );
		$this->assertSame( 'good', $this->run_test()['status'] );
	}

	public function test_a_visitor_sending_the_header_itself_is_not_remembered(): void {
		$this->request( '203.0.113.50', array( 'HTTP_X_FORWARDED_FOR' => '1.2.3.4' ) );
		$this->service( PaymentCallGuard::class )->check_starting_call( true, 'jane@example.org.au', $this->captcha_token() );
		$this->assertNull( ForwardingCheck::last_noted(), 'A public address may be a donor: it is not stored.' );

		$this->request( '203.0.113.9' );
		$this->assertSame( 'good', $this->run_test()['status'] );
	}

	public function test_a_trusted_proxy_is_good_and_named(): void {
		$this->save(
			array(
				'trusted_proxies'  => '10.0.0.0/8, 2001:db8::/32',
				'client_ip_header' => 'x_forwarded_for',
			)
		);
		$this->request( '10.0.0.2', array( 'HTTP_X_FORWARDED_FOR' => '198.51.100.20' ) );
		$result = $this->run_test();

		$this->assertSame( 'good', $result['status'] );
		$this->assertStringContainsString( 'through a trusted proxy (10.0.0.0/8, 2001:db8::/32) by the address in its X-Forwarded-For header', $result['description'] );
		$this->assertStringContainsString( 'on this page: 198.51.100.20.', $result['description'] );
	}

	public function test_a_trusted_proxy_without_the_chosen_header_is_flagged(): void {
		$this->save(
			array(
				'trusted_proxies'  => '10.0.0.0/8',
				'client_ip_header' => 'cf_connecting_ip',
			)
		);
		$this->request( '10.0.0.2', array( 'HTTP_X_FORWARDED_FOR' => '198.51.100.20' ) );
		$result = $this->run_test();

		$this->assertSame( 'recommended', $result['status'] );
		$this->assertStringContainsString( 'came from the trusted proxy 10.0.0.2 without a readable CF-Connecting-IP header', $result['description'] );
		$this->assertStringContainsString( 'The request carried: X-Forwarded-For.', $result['description'] );
	}

	public function test_a_forwarding_header_from_an_untrusted_public_address_is_explained(): void {
		$this->request( '104.16.0.9', array( 'HTTP_CF_CONNECTING_IP' => '198.51.100.20' ) );
		$result = $this->run_test();

		$this->assertSame( 'recommended', $result['status'] );
		$this->assertStringContainsString( 'This page came from 104.16.0.9 carrying CF-Connecting-IP, and that address is not a trusted proxy', $result['description'] );
	}

	public function test_the_info_section_says_which_address_the_limits_use_and_keeps_the_admins_private(): void {
		$this->save(
			array(
				'trusted_proxies'           => '10.0.0.0/8',
				'client_ip_header'          => 'x_real_ip',
				'rate_limit_payments'       => '25',
				'rate_limit_payments_email' => '6',
			)
		);
		$fields = \WP_Debug_Data::debug_data()[ SiteHealthInfo::SECTION ]['fields'];

		$this->assertSame( '25 per visitor address and 6 per donor email, each per hour', $fields['payment_limits']['value'] );
		$this->assertStringContainsString( 'X-Real-IP', $fields['client_ip']['value'] );
		$this->assertSame( 'x_real_ip from 10.0.0.0/8', $fields['client_ip']['debug'] );
		$this->assertSame( '203.0.113.9', $fields['client_ip_now']['value'] );
		$this->assertTrue( $fields['client_ip_now']['private'], 'A person\'s address is never in the copied report.' );
	}
}
