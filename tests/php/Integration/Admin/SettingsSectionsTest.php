<?php
/**
 * The settings screen in sections: a menu driven by SettingsSchema::sections(), one section
 * shown, and each "Test connection" after the fields it tests.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Admin;

use DonationWidget\Admin\SettingsPage;
use DonationWidget\Settings\SettingField;
use DonationWidget\Settings\SettingsSchema;
use DonationWidget\Settings\SettingsSection;
use DonationWidget\Tests\Integration\IntegrationTestCase;

final class SettingsSectionsTest extends IntegrationTestCase {

	protected function tearDown(): void {
		unset( $_GET['section'] ); // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a test resets the query.
		parent::tearDown();
	}

	private function screen(): string {
		require_once ABSPATH . 'wp-admin/includes/template.php';
		$this->log_in_as( 'administrator' );
		ob_start();
		$this->service( SettingsPage::class )->render();
		return (string) ob_get_clean();
	}

	/**
	 * The markup of one section panel.
	 *
	 * @param string $html    The screen.
	 * @param string $section Section id.
	 */
	private function section( string $html, string $section ): string {
		$this->assertMatchesRegularExpression( '#<section class="donation-widget-settings-section" id="donation-widget-section-' . $section . '"#', $html );
		preg_match( '#<section class="donation-widget-settings-section" id="donation-widget-section-' . $section . '".*?</section>#s', $html, $match );
		return $match[0];
	}

	public function test_the_menu_links_every_section_and_only_the_first_is_shown(): void {
		$html     = $this->screen();
		$sections = SettingsSchema::sections();

		$this->assertSame( array( 'stripe', 'paypal', 'experian', 'recaptcha', 'donations', 'organisation' ), array_slice( array_keys( $sections ), 0, 6 ) );
		preg_match_all( '#<a href="[^"]*section=([a-z_]+)" class="(nav-tab[^"]*)"#', $html, $links );
		$this->assertSame( array_keys( $sections ), $links[1] );
		$this->assertSame( 'nav-tab nav-tab-active', $links[2][0] );
		$this->assertStringContainsString( 'aria-label="Settings sections"', $html );
		$this->assertStringNotContainsString( ' hidden>', substr( $this->section( $html, 'stripe' ), 0, 200 ) );
		$this->assertStringContainsString( ' hidden>', substr( $this->section( $html, 'receipts' ), 0, 200 ) );
		// Every field is still in the one form, so saving one section keeps the others.
		foreach ( SettingsSchema::fields() as $field ) {
			$this->assertStringContainsString( 'donation_widget_settings[' . $field->key . ']', $html );
		}
	}

	public function test_the_url_names_the_section_shown(): void {
		$_GET['section'] = 'receipts';
		$html            = $this->screen();
		$this->assertStringNotContainsString( ' hidden>', substr( $this->section( $html, 'receipts' ), 0, 200 ) );
		$this->assertStringContainsString( ' hidden>', substr( $this->section( $html, 'stripe' ), 0, 200 ) );
		$this->assertMatchesRegularExpression( '#section=receipts" class="nav-tab nav-tab-active" data-section="receipts" aria-current="page"#', $html );

		$_GET['section'] = 'no-such-section';
		$this->assertMatchesRegularExpression( '#section=stripe" class="nav-tab nav-tab-active"#', $this->screen() );
	}

	public function test_a_section_added_to_the_schema_appears_in_the_menu(): void {
		$add  = static fn ( array $sections ): array => array_merge( $sections, array( new SettingsSection( 'self_service', 'Self-service', array( new SettingField( 'self_service_test', 'Self-service test', SettingField::TEXT, 'self_service' ) ) ) ) );
		add_filter( 'donation_widget_settings_sections', $add );
		$html = $this->screen();
		remove_filter( 'donation_widget_settings_sections', $add );

		$this->assertMatchesRegularExpression( '#section=self_service" class="nav-tab" data-section="self_service">Self-service</a>#', $html );
		$this->assertStringContainsString( '<h2 id="donation-widget-section-self_service-heading">Self-service</h2>', $this->section( $html, 'self_service' ) );
	}

	public function test_each_test_connection_follows_the_fields_it_tests(): void {
		$html = $this->screen();
		foreach ( array( 'stripe', 'paypal', 'experian', 'recaptcha' ) as $provider ) {
			$section = $this->section( $html, $provider );
			$button  = strpos( $section, 'data-provider="' . $provider . '" aria-describedby' );
			$this->assertNotFalse( $button, $provider );
			$this->assertGreaterThan( strrpos( $section, '</table>' ), $button, "{$provider}: the button comes after the fields" );
			$this->assertStringContainsString( 'class="donation-widget-test-result" id="donation-widget-test-result-' . $provider . '"', $section );
		}
		$this->assertStringNotContainsString( 'donation-widget-test-connection', $this->section( $html, 'receipts' ) );
	}
}
