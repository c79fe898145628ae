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

// Its tests visit Site Health, whose screens ask WordPress.org about updates. Offline, the local
// site refuses those calls and WordPress logs a warning for each, which the e2e fixture counts as
// a PHP problem: while the example gateway is on, they get an empty answer instead.
add_filter(
	'pre_http_request',
	static function ( $pre, $args, $url ) {
		if ( donation_widget_example_gateway_on() && 'api.wordpress.org' === wp_parse_url( $url, PHP_URL_HOST ) ) {
			return array(
				'headers'  => array(),
				'body'     => '',
				'response' => array(
					'code'    => 200,
					'message' => 'OK',
				),
				'cookies'  => array(),
				'filename' => null,
			);
		}
		return $pre;
	},
	11, // After the local site's own refusal (priority 10).
	3
);
