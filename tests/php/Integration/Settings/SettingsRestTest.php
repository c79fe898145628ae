<?php
/**
 * GET /wp-json/my-plugin/v1/settings.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Settings;

use DonationWidget\Blocks\WidgetRenderer;
use DonationWidget\Tests\Integration\IntegrationTestCase;

final class SettingsRestTest extends IntegrationTestCase {

	private const SECRETS = array(
		'stripe_test_secret_key'     => 'sk_test_SECRETMARKERa1',
		'stripe_test_webhook_secret' => 'whsec_SECRETMARKERa2',
		'stripe_live_secret_key'     => self::STAND_IN_LIVE_SECRET_KEY,
		'stripe_live_webhook_secret' => 'whsec_SECRETMARKERa4',
		'paypal_sandbox_secret'      => 'SECRETMARKERa5',
		'paypal_live_secret'         => 'SECRETMARKERa6',
		'experian_token'             => 'SECRETMARKERa7',
		'recaptcha_secret_key'       => 'SECRETMARKERa8',
	);

	private function configure( array $values ): void {
		$this->set_settings( array_merge( self::SECRETS, $values ) );
	}

	public function test_it_answers_the_public_settings_of_spec_3_2(): void {
		$this->configure(
			array(
				'amount_values'               => array( '30', '60', '120' ),
				'default_amount'              => '60',
				'default_iteration_id'        => 'WINTER-2026',
				'stripe_mode'                 => 'test',
				'stripe_test_publishable_key' => 'pk_test_abc123',
				'experian_min_search_char'    => 5,
				'paypal_mode'                 => 'sandbox',
				'paypal_sandbox_client_id'    => 'sandbox-client',
				'recaptcha_site_key'          => 'site-key-1',
			)
		);

		$response = $this->rest( 'GET', '/my-plugin/v1/settings' );
		$data     = $response->get_data();

		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( array( '30', '60', '120' ), $data['amount_values'] );
		$this->assertSame( 60.0, $data['default_amount'] );
		$this->assertSame( 'WINTER-2026', $data['default_iteration_id'] );
		$this->assertSame( 'pk_test_abc123', $data['stripe_public_key'] );
		$this->assertSame( 5, $data['experian_min_search_char'] );
		$this->assertSame( 'sandbox-client', $data['paypal_client_id'] );
		$this->assertSame( 'site-key-1', $data['google_captcha_key'] );
		$this->assertFalse( $data['demo_mode'] );
	}

	public function test_says_whether_receipts_are_emailed_so_the_thank_you_screen_says_so_only_then(): void {
		$this->configure( array() );
		$this->assertTrue( $this->rest( 'GET', '/my-plugin/v1/settings' )->get_data()['receipts_emailed'] );

		$this->configure( array( 'receipt_send_automatically' => false ) );
		$this->assertFalse( $this->rest( 'GET', '/my-plugin/v1/settings' )->get_data()['receipts_emailed'] );
	}

	public function test_live_modes_answer_the_live_public_keys(): void {
		$this->configure(
			array(
				'stripe_mode'                 => 'live',
				'stripe_live_publishable_key' => 'pk_live_xyz789',
				'paypal_mode'                 => 'live',
				'paypal_live_client_id'       => 'live-client',
			)
		);
		$data = $this->rest( 'GET', '/my-plugin/v1/settings' )->get_data();
		$this->assertSame( 'pk_live_xyz789', $data['stripe_public_key'] );
		$this->assertSame( 'live-client', $data['paypal_client_id'] );
	}

	/**
	 * @return array<string, array{string, string}>
	 */
	public static function modes(): array {
		return array(
			'stripe test, paypal sandbox' => array( 'test', 'sandbox' ),
			'stripe live, paypal live'    => array( 'live', 'live' ),
			'stripe test, paypal live'    => array( 'test', 'live' ),
			'stripe live, paypal sandbox' => array( 'live', 'sandbox' ),
		);
	}

	/**
	 * @dataProvider modes
	 */
	public function test_no_secret_reaches_the_answer_or_the_page_in_any_mode( string $stripe_mode, string $paypal_mode ): void {
		$this->configure(
			array(
				'stripe_mode' => $stripe_mode,
				'paypal_mode' => $paypal_mode,
			)
		);
		$body = (string) wp_json_encode( $this->rest( 'GET', '/my-plugin/v1/settings' )->get_data() );
		$page = $this->service( WidgetRenderer::class )->page_data_script();

		foreach ( self::SECRETS as $secret ) {
			$this->assertStringNotContainsString( $secret, $body );
			$this->assertStringNotContainsString( $secret, $page );
		}
		$this->assertStringNotContainsString( 'SECRETMARKER', $body . $page );
	}

	public function test_it_is_public_and_cacheable(): void {
		$response = $this->rest( 'GET', '/my-plugin/v1/settings' );
		$this->assertSame( 200, $response->get_status() );
		$this->assertStringContainsString( 'public', $response->get_headers()['Cache-Control'] );
		$this->assertStringContainsString( 'max-age=300', $response->get_headers()['Cache-Control'] );
	}

	public function test_writing_is_not_allowed(): void {
		$response = $this->rest( 'POST', '/my-plugin/v1/settings', array( 'amount_values' => array( '1' ) ) );
		$this->assertSame( 404, $response->get_status() );
	}
}
