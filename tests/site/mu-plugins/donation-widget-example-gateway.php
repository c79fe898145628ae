<?php
/**
 * Plugin Name: Donation Widget example gateway (tests only)
 * Description: Adds "Example Pay", a third payment gateway from the test tree, while the donation_widget_test_example_gateway option is on, so only the tests that switch it on see it.
 *
 * @package DonationWidget
 */

/**
 * The option a test sets to switch the gateway on.
 */
const DONATION_WIDGET_EXAMPLE_GATEWAY_OPTION = 'donation_widget_test_example_gateway';

/**
 * The gateway's folder, through the plugin's link in wp-content/plugins.
 */
function donation_widget_example_gateway_dir(): string {
	return WP_PLUGIN_DIR . '/donation-widget/tests/site/gateways/example';
}

/**
 * Whether a test switched the gateway on.
 */
function donation_widget_example_gateway_on(): bool {
	return (bool) get_option( DONATION_WIDGET_EXAMPLE_GATEWAY_OPTION, false );
}

// The one registration line a gateway outside the plugin needs.
add_filter(
	'donation_widget_gateways',
	static function ( $gateways ) {
		if ( ! donation_widget_example_gateway_on() || ! is_array( $gateways ) ) {
			return $gateways;
		}
		require_once donation_widget_example_gateway_dir() . '/ExampleGateway.php';
		require_once donation_widget_example_gateway_dir() . '/ExamplePayment.php';
		$gateways[] = new DonationWidget\Tests\Site\Gateways\Example\ExampleGateway( DonationWidget\Plugin::instance()->container()->get( DonationWidget\Settings\Settings::class ) );
		return $gateways;
	}
);

// Its browser script, which the widget's view script loads after (the gateway's browser_scripts()).
add_action(
	'init',
	static function (): void {
		if ( donation_widget_example_gateway_on() ) {
			wp_register_script( 'donation-widget-example-gateway', content_url( 'plugins/donation-widget/tests/site/gateways/example/example-gateway.js' ), array( 'wp-element' ), '1', true );
		}
	}
);
