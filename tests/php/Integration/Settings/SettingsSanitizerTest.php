<?php
/**
 * What the settings screen accepts, rejects and keeps.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Settings;

use DonationWidget\Admin\SettingsPage;
use DonationWidget\Settings\Settings;
use DonationWidget\Settings\SettingsSanitizer;
use DonationWidget\Tests\Integration\IntegrationTestCase;

final class SettingsSanitizerTest extends IntegrationTestCase {

	private function sanitizer(): SettingsSanitizer {
		return $this->service( SettingsSanitizer::class );
	}

	/**
	 * Valid input => the value stored.
	 *
	 * @return array<string, array{string, mixed, mixed}>
	 */
	public static function accepted(): array {
		return array(
			'amounts with spaces and $' => array( 'amount_values', ' $20, 45.5 ,100 ', array( '20', '45.5', '100' ) ),
			'amounts as decimals'       => array( 'amount_values', '10.00,20.10,30', array( '10', '20.1', '30' ) ),
			'default amount'            => array( 'default_amount', '35.50', '35.5' ),
			'test publishable key'      => array( 'stripe_test_publishable_key', 'pk_test_51Habc', 'pk_test_51Habc' ),
			'live publishable key'      => array( 'stripe_live_publishable_key', 'pk_live_51Habc', 'pk_live_51Habc' ),
			'test secret key'           => array( 'stripe_test_secret_key', 'sk_test_51Habc', 'sk_test_51Habc' ),
			'restricted live key'       => array( 'stripe_live_secret_key', 'rk_' . 'live_51Habc', 'rk_' . 'live_51Habc' ), // phpcs:ignore Generic.Strings.UnnecessaryStringConcat.Found -- split so no secret scanner takes it for a real key.
			'webhook secret'            => array( 'stripe_test_webhook_secret', 'whsec_abc', 'whsec_abc' ),
			'https URL'                 => array( 'privacy_url', 'https://example.org.au/privacy', 'https://example.org.au/privacy' ),
			'empty URL'                 => array( 'contact_url', '', '' ),
			'email'                     => array( 'supporter_email', 'care@example.org.au', 'care@example.org.au' ),
			'phone with spaces'         => array( 'supporter_phone', '1800 123 456', '1800 123 456' ),
			'international phone'       => array( 'supporter_phone', '+61 2 9999 0000', '+61 2 9999 0000' ),
			'ABN with spaces'           => array( 'abn', '51 824 753 556', '51 824 753 556' ),
			'min search chars'          => array( 'experian_min_search_char', '3', 3 ),
			'link lifetime'             => array( 'card_update_link_hours', '48', 48 ),
			'mode'                      => array( 'stripe_mode', 'live', 'live' ),
			'text is stripped of tags'  => array( 'organisation_name', '<b>Helping</b> Hands', 'Helping Hands' ),
		);
	}

	/**
	 * @dataProvider accepted
	 */
	public function test_a_valid_value_is_stored( string $key, mixed $input, mixed $expected ): void {
		$values = $this->sanitizer()->sanitise( array( $key => $input ) );
		$this->assertSame( $expected, $values[ $key ] );
		$this->assertSame( array(), array_filter( $this->sanitizer()->errors(), static fn ( $e ) => ! str_starts_with( $e, 'Stripe mode' ) ) );
	}

	/**
	 * Invalid input => the field named in the notice, with the problem.
	 *
	 * @return array<string, array{string, string, string}>
	 */
	public static function rejected(): array {
		return array(
			'two amounts'             => array( 'amount_values', '10,20', 'Preset amounts: enter exactly three amounts' ),
			'four amounts'            => array( 'amount_values', '10,20,30,40', 'Preset amounts: enter exactly three amounts' ),
			'amount below 5'          => array( 'amount_values', '2,20,30', 'Preset amounts: each amount must be from $5' ),
			'negative amount'         => array( 'amount_values', '-10,20,30', 'Preset amounts: each amount must be from $5' ),
			'three decimals'          => array( 'amount_values', '10.555,20,30', 'Preset amounts: each amount must be from $5' ),
			'words'                   => array( 'default_amount', 'fifty', 'Default amount: enter an amount from $5' ),
			'live key in test field'  => array( 'stripe_test_publishable_key', 'pk_live_abc', 'Test publishable key: a test publishable key starts with pk_test_.' ),
			'test key in live field'  => array( 'stripe_live_publishable_key', 'pk_test_abc', 'Live publishable key: a live publishable key starts with pk_live_.' ),
			'secret in publishable'   => array( 'stripe_test_publishable_key', 'sk_test_abc', 'Test publishable key' ),
			'publishable as secret'   => array( 'stripe_test_secret_key', 'pk_test_abc', 'Test secret key: a test secret key starts with sk_test_' ),
			'webhook secret shape'    => array( 'stripe_live_webhook_secret', 'abc', 'Live webhook signing secret: a webhook signing secret starts with whsec_.' ),
			'javascript URL'          => array( 'privacy_url', 'javascript:alert(1)', 'Privacy collection statement URL: enter a full web address' ),
			'URL without scheme'      => array( 'contact_url', 'example.org', '"Contact us" page URL: enter a full web address' ),
			'email'                   => array( 'supporter_email', 'not-an-email', 'Supporter care email: enter a valid email address' ),
			'phone letters'           => array( 'supporter_phone', 'call me', 'Supporter care phone: enter a phone number' ),
			'phone too short'         => array( 'supporter_phone', '123', 'Supporter care phone: enter a phone number' ),
			'ABN checksum'            => array( 'abn', '51 824 753 557', 'ABN: an ABN is 11 digits' ),
			'min chars zero'          => array( 'experian_min_search_char', '0', 'Characters before an address search: enter a whole number from 1 to 20.' ),
			'min chars text'          => array( 'experian_min_search_char', 'four', 'Characters before an address search: enter a whole number from 1 to 20.' ),
			'unknown mode'            => array( 'stripe_mode', 'production', 'Stripe mode: choose one of the offered options.' ),
			'page that is not a page' => array( 'card_update_page_id', '999999', 'Card-update page: choose a published page.' ),
		);
	}

	/**
	 * @dataProvider rejected
	 */
	public function test_an_invalid_value_is_reported_by_field_and_the_old_value_kept( string $key, string $input, string $message ): void {
		$settings = $this->service( Settings::class );
		$before   = $settings->get( $key );

		$values = $this->sanitizer()->sanitise( array( $key => $input ) );

		$this->assertSame( $before, $values[ $key ] );
		$matching = array_filter( $this->sanitizer()->errors(), static fn ( string $error ): bool => str_starts_with( $error, $message ) );
		$this->assertNotEmpty( $matching, 'Expected a notice starting "' . $message . '", got: ' . implode( ' | ', $this->sanitizer()->errors() ) );
	}

	public function test_an_empty_secret_field_keeps_the_stored_secret(): void {
		update_option( Settings::OPTION, array_merge( get_option( Settings::OPTION, array() ), array( 'stripe_test_secret_key' => 'sk_test_keepme1234' ) ) );
		$values = $this->sanitizer()->sanitise( array( 'stripe_test_secret_key' => '' ) );
		$this->assertSame( 'sk_test_keepme1234', $values['stripe_test_secret_key'] );
	}

	public function test_a_new_secret_replaces_the_stored_one(): void {
		update_option( Settings::OPTION, array_merge( get_option( Settings::OPTION, array() ), array( 'stripe_test_secret_key' => 'sk_test_old' ) ) );
		$values = $this->sanitizer()->sanitise( array( 'stripe_test_secret_key' => ' sk_test_new ' ) );
		$this->assertSame( 'sk_test_new', $values['stripe_test_secret_key'] );
	}

	public function test_a_checkbox_is_stored_as_ticked_or_unticked_and_kept_when_absent(): void {
		$this->set_settings( array( 'delete_data_on_uninstall' => true ) );
		$this->assertFalse( $this->sanitizer()->sanitise( array( 'delete_data_on_uninstall' => '0' ) )['delete_data_on_uninstall'] );
		$this->assertTrue( $this->sanitizer()->sanitise( array( 'delete_data_on_uninstall' => '1' ) )['delete_data_on_uninstall'] );
		$this->assertTrue( $this->sanitizer()->sanitise( array() )['delete_data_on_uninstall'], 'A write that does not mention the box must not untick it.' );
	}

	public function test_live_mode_without_a_live_publishable_key_is_reported(): void {
		$this->sanitizer()->sanitise(
			array(
				'stripe_mode'                 => 'live',
				'stripe_live_publishable_key' => '',
			)
		);
		$this->assertContains( 'Stripe mode: the chosen mode needs its Live publishable key; card donations stay off until it is set.', $this->sanitizer()->errors() );
	}

	public function test_saving_through_the_settings_api_stores_values_and_reports_problems(): void {
		$this->log_in_as( 'administrator' );
		// What admin_init does on the settings screen's request.
		require_once ABSPATH . 'wp-admin/includes/template.php';
		\DonationWidget\Plugin::instance()->container()->get( \DonationWidget\Settings\SettingsOption::class )->register();
		$submitted = array_merge(
			get_option( Settings::OPTION, array() ),
			array(
				'organisation_name' => 'Kind Hearts Ltd',
				'supporter_email'   => 'broken',
			)
		);
		update_option( Settings::OPTION, $submitted );

		$stored = get_option( Settings::OPTION );
		$this->assertSame( 'Kind Hearts Ltd', $stored['organisation_name'] );
		$this->assertNotSame( 'broken', $stored['supporter_email'] );
		$codes = wp_list_pluck( get_settings_errors( Settings::OPTION ), 'message' );
		$this->assertContains( 'Supporter care email: enter a valid email address, such as care@example.org.au.', $codes );
	}

	public function test_a_secret_from_wp_config_is_not_offered_and_never_stored(): void {
		if ( ! defined( 'DONATION_WIDGET_STRIPE_LIVE_WEBHOOK_SECRET' ) ) {
			define( 'DONATION_WIDGET_STRIPE_LIVE_WEBHOOK_SECRET', 'whsec_fromconfig' );
		}
		$settings = $this->service( Settings::class );
		$this->assertTrue( $settings->is_from_constant( 'stripe_live_webhook_secret' ) );
		$this->assertSame( 'whsec_fromconfig', $settings->get( 'stripe_live_webhook_secret' ) );

		$values = $this->sanitizer()->sanitise( array( 'stripe_live_webhook_secret' => 'whsec_typed' ) );
		$this->assertNotSame( 'whsec_typed', $values['stripe_live_webhook_secret'] );
		$this->assertNotSame( 'whsec_fromconfig', $values['stripe_live_webhook_secret'] );

		$this->log_in_as( 'administrator' );
		ob_start();
		$this->service( SettingsPage::class )->render();
		$html = (string) ob_get_clean();
		$this->assertStringContainsString( 'DONATION_WIDGET_STRIPE_LIVE_WEBHOOK_SECRET</code> set in wp-config.php', $html );
		$this->assertStringNotContainsString( 'name="donation_widget_settings[stripe_live_webhook_secret]"', $html );
		$this->assertStringNotContainsString( 'whsec_fromconfig', $html );
	}

	public function test_the_screen_shows_only_the_last_four_characters_of_a_saved_secret(): void {
		update_option( Settings::OPTION, array_merge( get_option( Settings::OPTION, array() ), array( 'stripe_test_secret_key' => 'sk_test_verysecretWXYZ' ) ) );
		$this->log_in_as( 'administrator' );
		ob_start();
		$this->service( SettingsPage::class )->render();
		$html = (string) ob_get_clean();
		$this->assertStringContainsString( 'Saved: ends in WXYZ. Leave empty to keep it.', $html );
		$this->assertStringContainsString( '<code>' . rest_url( 'donation-widget/v1/stripe/webhook' ) . '</code>', $html );
		$this->assertStringNotContainsString( 'sk_test_verysecret', $html );
	}
}
