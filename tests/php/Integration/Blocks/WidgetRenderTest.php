<?php
/**
 * The block's server render and the shortcode.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Blocks;

use DonationWidget\Blocks\ChunkTranslations;
use DonationWidget\Blocks\WidgetRenderer;
use DonationWidget\Checkout\GatewayRegistry;
use DonationWidget\Settings\Settings;
use DonationWidget\Tests\Integration\IntegrationTestCase;

final class WidgetRenderTest extends IntegrationTestCase {

	protected function setUp(): void {
		parent::setUp();
		$this->assertTrue( wp_script_is( WidgetRenderer::SCRIPT_HANDLE, 'registered' ), 'The front end is not built: run npm run build.' );
		// Each test renders as if on a fresh page.
		wp_dequeue_script( WidgetRenderer::SCRIPT_HANDLE );
		wp_scripts()->registered[ WidgetRenderer::SCRIPT_HANDLE ]->extra = array();
		wp_dequeue_style( WidgetRenderer::PLACEHOLDER_STYLE_HANDLE );
		wp_deregister_style( WidgetRenderer::PLACEHOLDER_STYLE_HANDLE );
	}

	/**
	 * The configuration JSON carried by the first host element in some HTML.
	 *
	 * @return array<string, string>
	 */
	private function config_in( string $html ): array {
		$this->assertSame( 1, preg_match( '/data-donation-widget="([^"]*)"/', $html, $match ), $html );
		$config = json_decode( html_entity_decode( $match[1], ENT_QUOTES ), true );
		$this->assertIsArray( $config );
		return $config;
	}

	public function test_the_block_prints_the_host_element_with_its_configuration(): void {
		$html = do_blocks( '<!-- wp:donation-widget/donation-widget {"modal":true,"position":"right","hideMobile":true,"amountValues":"10,20,30","defaultAmount":"20","iterationId":"SPRING","donationType":"Oneoff"} /-->' );

		$this->assertStringContainsString( 'wp-block-donation-widget-donation-widget', $html );
		$this->assertSame(
			array(
				'type'           => 'donation',
				'modal'          => 'true',
				'position'       => 'right',
				'hide_address'   => 'false',
				'hide_mobile'    => 'true',
				'hide_inmemory'  => 'false',
				'amount_values'  => '10,20,30',
				'default_amount' => '20',
				'iteration_id'   => 'SPRING',
				'donation_type'  => 'Oneoff',
				'trigger_text'   => '',
			),
			$this->config_in( $html )
		);
		$this->assertTrue( wp_script_is( WidgetRenderer::SCRIPT_HANDLE, 'enqueued' ) );
	}

	public function test_defaults_give_a_donation_widget_in_the_centre(): void {
		$config = $this->config_in( do_blocks( '<!-- wp:donation-widget/donation-widget /-->' ) );
		$this->assertSame( 'donation', $config['type'] );
		$this->assertSame( 'false', $config['modal'] );
		$this->assertSame( 'center', $config['position'] );
		$this->assertSame( '', $config['donation_type'] );
	}

	public function test_a_modal_with_a_trigger_prints_its_button_before_the_host(): void {
		$html = do_blocks( '<!-- wp:donation-widget/donation-widget {"modal":true,"trigger":true,"triggerText":"Give \\u0026 share"} /-->' );

		$this->assertSame( 1, preg_match( '/<button type="button" id="([^"]+)" class="dw-trigger" aria-haspopup="dialog" disabled>Give &amp; share<\/button>/', $html, $button ), $html );
		$this->assertStringContainsString( 'data-donation-widget-trigger="' . $button[1] . '"', $html );
		$this->assertLessThan( strpos( $html, 'data-donation-widget=' ), strpos( $html, '<button' ) );
		$this->assertSame( 'Give & share', $this->config_in( $html )['trigger_text'] );

		$plain = do_blocks( '<!-- wp:donation-widget/donation-widget {"modal":true} /-->' );
		$this->assertStringNotContainsString( '<button', $plain );
		$this->assertStringNotContainsString( 'data-donation-widget-trigger', $plain );
	}

	public function test_the_update_card_kind(): void {
		$config = $this->config_in( do_blocks( '<!-- wp:donation-widget/donation-widget {"widgetType":"update-card"} /-->' ) );
		$this->assertSame( 'update-card', $config['type'] );
	}

	public function test_hostile_attributes_are_escaped_or_dropped(): void {
		$html = do_shortcode( '[donation_widget iteration_id="<script>alert(1)</script>&quot;x" position="top" donation_type="weekly" amount_values="1,2" default_amount="lots" modal="yes"]' );

		$this->assertStringNotContainsString( '<script>', $html );
		$config = $this->config_in( $html );
		$this->assertSame( 'center', $config['position'] );
		$this->assertSame( '', $config['donation_type'] );
		$this->assertSame( '', $config['amount_values'] );
		$this->assertSame( '', $config['default_amount'] );
		$this->assertSame( 'true', $config['modal'] );
		$this->assertStringNotContainsString( '<', $config['iteration_id'] );
		$this->assertStringEndsWith( '&quot;x', $config['iteration_id'], 'Text that looks like an entity must reach the browser as typed.' );
	}

	/**
	 * What an older editor, the code editor or a pasted block may still carry: the page must fall
	 * back to the settings' presets and default rather than print what the widget cannot use.
	 *
	 * @return array<string, array{string, string}>
	 */
	public static function unusable_amounts(): array {
		return array(
			'letters among the presets'   => array( '3, abc', '-4' ),
			'a preset under $5'           => array( '3,50,100', '4.99' ),
			'a preset over the maximum'   => array( '10,50,1000000', '1000000' ),
			'two presets'                 => array( '10,20', '25.001' ),
			'markup instead of an amount' => array( '10,20,<b>30</b>', '<b>5</b>' ),
		);
	}

	/**
	 * @dataProvider unusable_amounts
	 */
	public function test_the_block_never_prints_presets_or_a_default_the_widget_cannot_use( string $presets, string $default ): void {
		$attributes = wp_json_encode(
			array(
				'amountValues'  => $presets,
				'defaultAmount' => $default,
			)
		);
		$config     = $this->config_in( do_blocks( "<!-- wp:donation-widget/donation-widget {$attributes} /-->" ) );
		$this->assertSame( '', $config['amount_values'], 'the settings\' presets are used instead' );
		$this->assertSame( '', $config['default_amount'], 'the settings\' default is used instead' );
	}

	public function test_the_shortcode_uses_the_spec_names(): void {
		$config = $this->config_in( do_shortcode( '[donation_widget type="donation" hide_address="true" hide_inmemory="true" amount_values="15,25,35"]' ) );
		$this->assertSame( 'true', $config['hide_address'] );
		$this->assertSame( 'true', $config['hide_inmemory'] );
		$this->assertSame( '15,25,35', $config['amount_values'] );
	}

	public function test_any_other_type_is_the_update_card_widget(): void {
		$this->assertSame( 'update-card', $this->config_in( do_shortcode( '[donation_widget type="card"]' ) )['type'] );
	}

	public function test_two_widgets_on_a_page_share_one_script_and_one_copy_of_the_settings(): void {
		$html = do_blocks( '<!-- wp:donation-widget/donation-widget /--><!-- wp:donation-widget/donation-widget {"widgetType":"update-card"} /-->' );
		$this->assertSame( 2, substr_count( $html, 'data-donation-widget=' ) );
		$before = wp_scripts()->get_data( WidgetRenderer::SCRIPT_HANDLE, 'before' );
		$this->assertIsArray( $before );
		$before = array_values( array_filter( $before ) ); // WordPress starts the list with false.
		$this->assertCount( 1, $before );
		$this->assertStringStartsWith( 'window.donationWidget = {', $before[0] );
		$this->assertStringContainsString( '"settings":{"amount_values"', $before[0] );
	}

	public function test_the_page_data_says_where_to_reach_the_server_and_the_provider_scripts(): void {
		$data = $this->service( WidgetRenderer::class )->page_data();
		$this->assertSame( admin_url( 'admin-ajax.php' ), $data['ajaxUrl'] );
		$this->assertSame( rest_url( 'my-plugin/v1/settings' ), $data['settingsUrl'] );
		$this->assertSame( 'https://js.stripe.com/endive/stripe.js', $data['providerScripts']['stripe'] );
		$this->assertSame( 'https://www.paypal.com/sdk/js', $data['providerScripts']['paypal'] );
		$this->assertSame( 'https://www.google.com/recaptcha/api.js', $data['providerScripts']['recaptcha'] );
	}

	public function test_the_host_reserves_the_first_screen_until_the_widget_mounts(): void {
		$html = do_blocks( '<!-- wp:donation-widget/donation-widget /-->' );

		$this->assertStringContainsString( 'aria-busy="true"', $html );
		$this->assertStringContainsString( '<div class="dw-placeholder dw-placeholder--donation dw-placeholder--center" aria-hidden="true">', $html );
		$this->assertStringContainsString( '<noscript>', $html );
		$this->assertStringContainsString( 'Please turn on JavaScript in your browser to donate.', $html );
		// Sized before first paint: its own inline stylesheet, in <head> (the head is still to come here).
		$this->assertTrue( wp_style_is( WidgetRenderer::PLACEHOLDER_STYLE_HANDLE, 'enqueued' ) );
		$after = wp_styles()->get_data( WidgetRenderer::PLACEHOLDER_STYLE_HANDLE, 'after' );
		$this->assertIsArray( $after );
		$this->assertCount( 1, array_filter( $after, static fn ( $css ): bool => is_string( $css ) && str_contains( $css, '.dw-placeholder--donation .dw-placeholder__box{min-height:397px}' ) ) );
		do_blocks( '<!-- wp:donation-widget/donation-widget /-->' );
		$this->assertCount( 1, array_filter( (array) wp_styles()->get_data( WidgetRenderer::PLACEHOLDER_STYLE_HANDLE, 'after' ), static fn ( $css ): bool => is_string( $css ) && str_contains( $css, 'dw-placeholder' ) ), 'Printed once a page.' );
	}

	public function test_a_modal_takes_no_room_in_the_page(): void {
		$html = do_blocks( '<!-- wp:donation-widget/donation-widget {"modal":true} /-->' );
		$this->assertStringNotContainsString( 'dw-placeholder--', $html );
		$this->assertStringContainsString( 'aria-busy="true"', $html );
		$this->assertStringContainsString( 'Please turn on JavaScript in your browser to donate.', $html );
	}

	public function test_the_update_card_placeholder_follows_the_link_in_the_address(): void {
		$this->assertStringContainsString( 'dw-placeholder--card-expired', do_shortcode( '[donation_widget type="update-card"]' ) );
		$_GET['requestID'] = 'abc123'; // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- the page a card-update link opens.
		try {
			$html = do_shortcode( '[donation_widget type="update-card"]' );
		} finally {
			unset( $_GET['requestID'] ); // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- test clean-up.
		}
		$this->assertStringContainsString( 'dw-placeholder--card-form', $html );
		$this->assertStringContainsString( 'Please turn on JavaScript in your browser to update your card.', $html );
	}

	public function test_after_the_head_the_placeholder_style_comes_with_the_first_host(): void {
		// The head has gone out (a classic theme's shortcode renders inside the body).
		global $wp_actions;
		$wp_actions['wp_head'] = 1; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- what did_action() reads; put back below.
		try {
			// A new page: its own renderer, which has printed nothing yet.
			$renderer = new WidgetRenderer( $this->service( Settings::class ), new ChunkTranslations(), $this->service( GatewayRegistry::class ) );
			$first    = $renderer->shortcode( '' );
			$second   = $renderer->shortcode( '' );
		} finally {
			unset( $wp_actions['wp_head'] );
		}
		$this->assertStringStartsWith( '<style id="donation-widget-placeholder-css">', $first );
		$this->assertStringNotContainsString( '<style id=', $second );
	}
}
