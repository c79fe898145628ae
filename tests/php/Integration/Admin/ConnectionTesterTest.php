<?php
/**
 * "Test connection" on the settings screen, against the provider stand-ins.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Admin;

use DonationWidget\Admin\ConnectionTester;
use DonationWidget\Http\AjaxResult;
use DonationWidget\Tests\Integration\IntegrationTestCase;
use DonationWidget\Tests\Integration\StandIns;

final class ConnectionTesterTest extends IntegrationTestCase {

	/**
	 * The Stripe test also registers the site's domain for the wallets; the test site is served
	 * from an IP address, which Apple Pay cannot verify.
	 */
	private const WALLETS_ON_THE_TEST_SITE = 'Wallets on 127.0.0.1: Apple Pay is not enabled. Apple Pay needs a public domain name served over HTTPS. Google Pay is enabled.';

	protected function setUp(): void {
		parent::setUp();
		StandIns::reset();
	}

	private function test_connection( string $provider ): AjaxResult {
		return $this->service( ConnectionTester::class )->handle( array( 'provider' => $provider ) );
	}

	/**
	 * @return array<string, array{string, array<string, mixed>, string}>
	 */
	public static function working(): array {
		return array(
			'stripe test'    => array( 'stripe', array( 'stripe_mode' => 'test' ), 'Connected to Stripe in test mode. ' . self::WALLETS_ON_THE_TEST_SITE ),
			'stripe live'    => array(
				'stripe',
				array(
					'stripe_mode'            => 'live',
					'stripe_live_secret_key' => self::STAND_IN_LIVE_SECRET_KEY,
				),
				'Connected to Stripe in live mode. ' . self::WALLETS_ON_THE_TEST_SITE,
			),
			'paypal sandbox' => array( 'paypal', array( 'paypal_mode' => 'sandbox' ), 'Connected to PayPal (sandbox).' ),
			'experian'       => array( 'experian', array(), 'Connected to Experian: an address search answered.' ),
			'recaptcha'      => array( 'recaptcha', array(), 'Google accepted the reCAPTCHA secret key.' ),
		);
	}

	/**
	 * @dataProvider working
	 * @param array<string, mixed> $settings
	 */
	public function test_working_keys_are_reported_as_connected( string $provider, array $settings, string $message ): void {
		$this->set_settings( $settings );
		$result = $this->test_connection( $provider );
		$this->assertTrue( $result->is_success(), (string) wp_json_encode( $result->body ) );
		$this->assertSame( $message, $result->data()['message'] );
	}

	/**
	 * @return array<string, array{string, array<string, mixed>, string}>
	 */
	public static function refused(): array {
		return array(
			'stripe bad key'   => array( 'stripe', array( 'stripe_test_secret_key' => 'sk_test_invalid' ), 'Stripe refused the test secret key: Invalid API Key provided' ),
			'paypal bad id'    => array( 'paypal', array( 'paypal_sandbox_client_id' => 'invalid-client' ), 'PayPal refused the sandbox client ID or secret (HTTP 401: Client Authentication failed' ),
			'experian bad'     => array( 'experian', array( 'experian_token' => 'invalid-token' ), 'Experian refused the token (HTTP 401: The Auth-Token provided is not valid.' ),
			'recaptcha bad'    => array( 'recaptcha', array( 'recaptcha_secret_key' => 'invalid-secret' ), 'Google says the reCAPTCHA secret key is invalid.' ),
			'stripe missing'   => array( 'stripe', array( 'stripe_test_secret_key' => '' ), 'Enter and save the Stripe test secret key first.' ),
			'paypal missing'   => array( 'paypal', array( 'paypal_sandbox_secret' => '' ), 'Enter and save the PayPal sandbox client ID and secret first.' ),
			'experian missing' => array( 'experian', array( 'experian_token' => '' ), 'Enter and save the Experian token first.' ),
		);
	}

	/**
	 * @dataProvider refused
	 * @param array<string, mixed> $settings
	 */
	public function test_refused_keys_are_reported_in_the_providers_words( string $provider, array $settings, string $message ): void {
		$this->set_settings( $settings );
		$result = $this->test_connection( $provider );
		$this->assertFalse( $result->is_success() );
		$this->assertSame( 'connection_failed', $result->type() );
		$this->assertStringStartsWith( $message, $result->data()['message'] );
	}

	public function test_a_provider_outage_is_reported_without_a_crash(): void {
		StandIns::next( 'stripe', 'server_error', array( 'times' => 3 ) );
		$result = $this->test_connection( 'stripe' );
		$this->assertFalse( $result->is_success() );
		$this->assertStringStartsWith( 'Could not reach Stripe', $result->data()['message'] );
	}

	public function test_the_answer_never_contains_a_secret(): void {
		$this->set_settings( array( 'stripe_test_secret_key' => 'sk_test_invalid' ) );
		foreach ( $this->service( ConnectionTester::class )->providers() as $provider ) {
			$body = (string) wp_json_encode( $this->test_connection( $provider )->body );
			foreach ( array( 'sk_test_invalid', 'local-stand-in-secret', 'local-stand-in-token', 'local-stand-in-secret-key' ) as $secret ) {
				$this->assertStringNotContainsString( $secret, $body );
			}
		}
	}

	public function test_an_unknown_provider_is_refused(): void {
		$this->assertSame( 400, $this->test_connection( 'bank' )->status );
	}

	public function test_the_ajax_action_needs_the_nonce_and_the_capability(): void {
		$this->assertNotFalse( has_action( 'wp_ajax_' . ConnectionTester::ACTION ) );
		$this->assertFalse( has_action( 'wp_ajax_nopriv_' . ConnectionTester::ACTION ), 'Visitors who are not signed in must not reach it.' );

		$this->log_in_as( 'editor' );
		$answer = $this->test_ajax( array( '_ajax_nonce' => wp_create_nonce( ConnectionTester::ACTION ) ) );
		$this->assertSame( 'forbidden', $answer['type'] );
		$this->assertSame( 'Sorry, you are not allowed to do that.', $answer['data']['message'] );

		$this->log_in_as( 'administrator' );
		$answer = $this->test_ajax( array( '_ajax_nonce' => 'wrong' ) );
		$this->assertSame( 'This page has expired. Reload it and try again.', $answer['data']['message'] );

		$answer = $this->test_ajax( array( '_ajax_nonce' => wp_create_nonce( ConnectionTester::ACTION ) ) );
		$this->assertTrue( $answer['success'] );
		$this->assertSame( 'Google accepted the reCAPTCHA secret key.', $answer['data']['message'] );
	}


	/**
	 * The Test connection action for reCAPTCHA, through admin-ajax.
	 *
	 * @param array<string, string> $post The nonce field.
	 * @return array<string, mixed>
	 */
	private function test_ajax( array $post ): array {
		return $this->ajax(
			'wp_ajax_' . ConnectionTester::ACTION,
			array(
				'action'   => ConnectionTester::ACTION,
				'provider' => 'recaptcha',
			) + $post
		);
	}
}
