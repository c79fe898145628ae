<?php
/**
 * The site's domain registered with Stripe for Apple Pay and Google Pay: on saving the keys, on
 * "Test connection", and from the settings screen's retry button.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Admin;

use DonationWidget\Admin\SettingsPage;
use DonationWidget\Gateways\Stripe\PaymentMethodDomainPanel;
use DonationWidget\Gateways\Stripe\PaymentMethodDomains;
use DonationWidget\Settings\Settings;
use DonationWidget\Tests\Integration\StandIns;

final class PaymentMethodDomainTest extends AdminTestCase {

	private string $home = '';

	protected function setUp(): void {
		parent::setUp();
		StandIns::reset();
		delete_option( PaymentMethodDomains::OPTION );
		$this->home = 'https://give' . strtolower( wp_generate_password( 6, false ) ) . '.example.org.au';
		add_filter( 'home_url', array( $this, 'public_home' ), 10, 2 );
		$this->log_in_as( 'administrator' );
	}

	protected function tearDown(): void {
		remove_filter( 'home_url', array( $this, 'public_home' ), 10 );
		parent::tearDown();
	}

	/**
	 * The site as a charity runs it: a public name over HTTPS.
	 */
	public function public_home( string $url, string $path ): string {
		return $this->home . '/' . ltrim( $path, '/' );
	}

	private function domain(): string {
		return (string) wp_parse_url( $this->home, PHP_URL_HOST );
	}

	/**
	 * @return list<string> "METHOD path" of the stand-in's Stripe requests for payment method domains.
	 */
	private function domain_calls(): array {
		$calls = array();
		foreach ( StandIns::requests( 'stripe' ) as $request ) {
			$path = (string) ( $request['provider_path'] ?? '' );
			if ( str_starts_with( $path, '/v1/payment_method_domains' ) ) {
				$calls[] = $request['method'] . ' ' . preg_replace( '/pmd_\w+/', 'pmd_*', $path );
			}
		}
		return $calls;
	}

	private function save_through_the_settings_api( array $values ): void {
		update_option( Settings::OPTION, array_merge( $this->service( Settings::class )->stored(), $values ) );
	}

	public function test_saving_a_new_secret_key_registers_the_domain_once_and_keeps_the_answer(): void {
		$this->save_through_the_settings_api( array( 'stripe_test_secret_key' => 'sk_test_another' ) );

		$this->assertSame( array( 'GET /v1/payment_method_domains', 'POST /v1/payment_method_domains' ), $this->domain_calls() );
		$state = $this->service( PaymentMethodDomains::class )->last();
		$this->assertNotNull( $state );
		$this->assertSame( 'Wallets on ' . $this->domain() . ': Apple Pay is enabled. Google Pay is enabled.', PaymentMethodDomains::describe( $state ) );

		StandIns::call( 'DELETE', '/__control/requests' );
		$this->save_through_the_settings_api( array( 'organisation_name' => 'Another name' ) );
		$this->assertSame( array(), $this->domain_calls(), 'Saving other settings leaves the domain alone.' );

		$this->save_through_the_settings_api( array( 'stripe_test_secret_key' => 'sk_test_yetAnother' ) );
		$this->assertSame( array( 'GET /v1/payment_method_domains' ), $this->domain_calls(), 'An active domain is found, not created twice.' );
	}

	public function test_a_wallet_stripe_cannot_verify_is_validated_again_and_its_reason_shown(): void {
		$this->home = 'https://unreachable.invalid';
		$state      = $this->service( PaymentMethodDomains::class )->register();
		$this->assertSame( 'inactive', $state['wallets']['apple_pay']['status'] );
		$this->assertStringContainsString( 'Apple Pay could not verify unreachable.invalid', PaymentMethodDomains::describe( $state ) );

		StandIns::call( 'DELETE', '/__control/requests' );
		$this->service( PaymentMethodDomains::class )->register();
		$this->assertSame( array( 'GET /v1/payment_method_domains', 'POST /v1/payment_method_domains/pmd_*/validate' ), $this->domain_calls() );
	}

	public function test_a_refused_key_is_kept_as_the_answer_in_words(): void {
		$this->set_settings( array( 'stripe_test_secret_key' => 'sk_test_invalid' ) );
		$state = $this->service( PaymentMethodDomains::class )->register();
		$this->assertStringStartsWith( 'Stripe could not be reached to register the domain', $state['error'] );
		$this->assertSame( array(), $state['wallets'] );
	}

	public function test_the_settings_screen_shows_the_answer_and_the_retry_button(): void {
		$before = $this->run_stoppable( fn () => $this->service( SettingsPage::class )->render() )['output'];
		$this->assertStringContainsString( 'The domain ' . $this->domain() . ' is not registered with Stripe yet', $before );
		$this->assertMatchesRegularExpression( '#<button type="submit" class="button" name="action" value="' . PaymentMethodDomainPanel::ACTION . '" formaction="[^"]+admin-post\.php"[^>]*>Register the domain again</button>#', $before );

		$this->service( PaymentMethodDomains::class )->register();
		$after = $this->run_stoppable( fn () => $this->service( SettingsPage::class )->render() )['output'];
		$this->assertStringContainsString( 'Wallets on ' . $this->domain() . ': Apple Pay is enabled. Google Pay is enabled.', $after );
	}

	public function test_the_retry_button_registers_again_and_reports_it_as_a_notice(): void {
		$result = $this->admin_post( PaymentMethodDomainPanel::ACTION, array( 'donation_widget_domain_nonce' => wp_create_nonce( PaymentMethodDomainPanel::ACTION ) ) );

		$this->assertSame( 'redirect', $result['stop']?->kind );
		$this->assertSame( array( 'GET /v1/payment_method_domains', 'POST /v1/payment_method_domains' ), $this->domain_calls() );
		$notices = get_transient( 'settings_errors' );
		$this->assertIsArray( $notices );
		$this->assertSame( 'success', $notices[0]['type'] );
		$this->assertStringContainsString( 'Apple Pay is enabled.', $notices[0]['message'] );
	}

	public function test_the_retry_button_needs_the_nonce_and_an_administrator(): void {
		$this->assertDied( 403, $this->admin_post( PaymentMethodDomainPanel::ACTION, array( 'donation_widget_domain_nonce' => 'wrong' ) ) );

		$this->log_in_as( 'editor' );
		$this->assertDied( 403, $this->admin_post( PaymentMethodDomainPanel::ACTION, array( 'donation_widget_domain_nonce' => wp_create_nonce( PaymentMethodDomainPanel::ACTION ) ) ) );
		$this->assertSame( array(), $this->domain_calls() );
	}
}
