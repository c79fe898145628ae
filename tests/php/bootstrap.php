<?php
/**
 * Boots the real WordPress of the local "phpunit" site (installed by bin/test.sh) with the
 * plugin active, for both suites. Nothing of WordPress is mocked.
 *
 * @package DonationWidget
 */

$donation_widget_state = dirname( __DIR__, 2 ) . '/.wp-local';
if ( ! is_file( $donation_widget_state . '/core/wp-config.php' ) || ! is_file( dirname( __DIR__, 2 ) . '/vendor/autoload.php' ) ) {
	fwrite( STDERR, "The local WordPress is not set up: run bin/test.sh (or bin/start.sh) once first.\n" ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fwrite
	exit( 1 );
}

// PHPUnit includes this file inside a function, but WordPress assigns some globals at file scope.
global $wpdb, $current_site, $current_blog, $wp_rewrite, $shortcode_tags, $wp, $phpmailer, $wp_theme_directories; // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedVariableFound

putenv( 'DONATION_WIDGET_SITE=phpunit' );
putenv( 'DONATION_WIDGET_STATE_DIR=' . $donation_widget_state );
$_SERVER['HTTP_HOST']   = '127.0.0.1:8891';
$_SERVER['SERVER_NAME'] = '127.0.0.1';
$_SERVER['REQUEST_URI'] = '/';

require_once dirname( __DIR__, 2 ) . '/vendor/autoload.php';
require_once $donation_widget_state . '/core/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';

if ( ! is_plugin_active( 'donation-widget/donation-widget.php' ) ) {
	fwrite( STDERR, "The plugin is not active on the phpunit site: run bin/test.sh.\n" ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fwrite
	exit( 1 );
}
