<?php
/**
 * A stored secret is removed only on an explicit request: on the screen and over REST.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Settings;

use DonationWidget\Admin\SettingsPage;
use DonationWidget\Settings\Settings;
use DonationWidget\Settings\SettingsSanitizer;
use DonationWidget\Settings\SettingsServiceProvider;
use DonationWidget\Tests\Integration\IntegrationTestCase;

final class SecretRemovalTest extends IntegrationTestCase {

	protected function setUp(): void {
		parent::setUp();
		$this->set_settings(
			array(
				'stripe_test_secret_key' => 'sk_test_removeme1234',
				'paypal_sandbox_secret'  => 'paypal-secret-KEEP',
				'experian_token'         => 'experian-token-KEEP',
			)
		);
	}

	private function stored( string $key ): string {
		return (string) ( get_option( Settings::OPTION )[ $key ] ?? '' );
	}

	/**
	 * Saves the screen's form through options.php's path (the registered sanitize callback).
	 *
	 * @param array $submitted The option's fields as posted.
	 */
	private function save_screen( array $submitted ): void {
		require_once ABSPATH . 'wp-admin/includes/template.php';
		\DonationWidget\Plugin::instance()->container()->get( \DonationWidget\Settings\SettingsOption::class )->register();
		update_option( Settings::OPTION, $submitted );
		// Leave no sanitize callback behind for the next test's set_settings().
		unregister_setting( SettingsServiceProvider::OPTION_GROUP, Settings::OPTION );
	}

	public function test_an_empty_field_still_keeps_the_secret(): void {
		$this->log_in_as( 'administrator' );
		$this->save_screen(
			array(
				'stripe_test_secret_key' => '',
				'paypal_sandbox_secret'  => '',
			)
		);
		$this->assertSame( 'sk_test_removeme1234', $this->stored( 'stripe_test_secret_key' ) );
		$this->assertSame( 'paypal-secret-KEEP', $this->stored( 'paypal_sandbox_secret' ) );
	}

	public function test_the_screen_removes_only_the_secrets_whose_box_is_ticked(): void {
		$this->log_in_as( 'administrator' );
		$this->save_screen(
			array(
				'stripe_test_secret_key' => '',
				'paypal_sandbox_secret'  => '',
				'remove_secrets'         => array( 'stripe_test_secret_key' ),
			)
		);
		$stored = get_option( Settings::OPTION );
		$this->assertSame( '', $stored['stripe_test_secret_key'] );
		$this->assertSame( 'paypal-secret-KEEP', $stored['paypal_sandbox_secret'] );
		$this->assertSame( 'experian-token-KEEP', $stored['experian_token'] );
		$this->assertArrayNotHasKey( 'remove_secrets', $stored, 'The request to remove is not a setting.' );
	}

	public function test_a_new_value_typed_with_the_box_ticked_replaces_the_secret(): void {
		$values = $this->service( SettingsSanitizer::class )->sanitise(
			array(
				'stripe_test_secret_key' => 'sk_test_brandnew',
				'remove_secrets'         => array( 'stripe_test_secret_key' ),
			)
		);
		$this->assertSame( 'sk_test_brandnew', $values['stripe_test_secret_key'] );
	}

	public function test_a_name_that_is_not_a_secret_is_reported_and_removes_nothing(): void {
		$sanitizer = $this->service( SettingsSanitizer::class );
		$values    = $sanitizer->sanitise( array( 'remove_secrets' => array( 'organisation_name' ) ) );
		$this->assertNotSame( '', $values['organisation_name'] );
		$this->assertContains( 'Remove stored key: organisation_name is not a secret setting.', $sanitizer->errors() );
	}

	public function test_the_screen_offers_the_box_only_beside_a_stored_secret(): void {
		$this->set_settings( array( 'experian_token' => '' ) );
		$this->log_in_as( 'administrator' );
		ob_start();
		$this->service( SettingsPage::class )->render();
		$html = (string) ob_get_clean();

		$this->assertStringContainsString( 'name="donation_widget_settings[remove_secrets][]" value="stripe_test_secret_key"', $html );
		$this->assertStringContainsString( 'Remove the stored key when saving', $html );
		$this->assertStringNotContainsString( 'value="experian_token"', $html );
		$this->assertStringNotContainsString( 'sk_test_removeme', $html );
	}

	public function test_rest_removes_a_secret_named_in_remove_secrets_and_keeps_the_others(): void {
		$this->log_in_as( 'administrator' );

		$response = $this->rest(
			'POST',
			'/donation-widget/v1/settings',
			array(
				'settings'       => array(
					'organisation_name'     => 'Kind Hearts Ltd',
					'paypal_sandbox_secret' => '',
				),
				'remove_secrets' => array( 'stripe_test_secret_key' ),
			)
		);

		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$data = $response->get_data();
		$this->assertSame( array(), $data['errors'] );
		$this->assertFalse( $data['secrets']['stripe_test_secret_key']['stored'] );
		$this->assertSame(
			array(
				'stored'        => true,
				'ends_in'       => 'KEEP',
				'from_constant' => false,
			),
			$data['secrets']['paypal_sandbox_secret']
		);
		$this->assertSame( 'Kind Hearts Ltd', $data['settings']['organisation_name'] );
		$this->assertSame( '', $this->stored( 'stripe_test_secret_key' ) );
		$this->assertSame( 'paypal-secret-KEEP', $this->stored( 'paypal_sandbox_secret' ) );
		$this->assertStringNotContainsString( 'paypal-secret-KEEP', (string) wp_json_encode( $data ) );
	}

	public function test_rest_with_an_empty_secret_keeps_it(): void {
		$this->log_in_as( 'administrator' );

		$this->rest( 'POST', '/donation-widget/v1/settings', array( 'settings' => array( 'stripe_test_secret_key' => '' ) ) );

		$this->assertSame( 'sk_test_removeme1234', $this->stored( 'stripe_test_secret_key' ) );
	}

	public function test_rest_refuses_remove_secrets_naming_something_else_and_saves_nothing(): void {
		$this->log_in_as( 'administrator' );

		$response = $this->rest(
			'POST',
			'/donation-widget/v1/settings',
			array(
				'settings'       => array( 'organisation_name' => 'Changed' ),
				'remove_secrets' => array( 'stripe_test_secret_key', 'organisation_name' ),
			)
		);

		$this->assertSame( 400, $response->get_status() );
		$this->assertSame( 'invalid_remove_secrets', $response->get_data()['code'] );
		$this->assertSame( 'sk_test_removeme1234', $this->stored( 'stripe_test_secret_key' ) );
		$this->assertNotSame( 'Changed', $this->stored( 'organisation_name' ) );
	}

	public function test_rest_is_for_administrators_only(): void {
		$this->log_in_as( 'editor' );
		$this->assertSame( 403, $this->rest( 'POST', '/donation-widget/v1/settings', array( 'remove_secrets' => array( 'stripe_test_secret_key' ) ) )->get_status() );
		$this->assertSame( 403, $this->rest( 'GET', '/donation-widget/v1/settings' )->get_status() );
		$this->assertSame( 'sk_test_removeme1234', $this->stored( 'stripe_test_secret_key' ) );
	}
}
