<?php
/**
 * Plugin Name:       Donation Widget
 * Description:       One-off and 4-weekly donations for Australian charities, and secure card-update links for recurring donors.
 * Version:           0.1.0
 * Requires at least: 6.6
 * Requires PHP:      8.1
 * Author:            Donation Widget developers
 * License:           GPL-2.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:       donation-widget
 * Domain Path:       /languages
 *
 * @package DonationWidget
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

define( 'DONATION_WIDGET_VERSION', '0.1.0' );
define( 'DONATION_WIDGET_FILE', __FILE__ );
define( 'DONATION_WIDGET_DIR', __DIR__ );
define( 'DONATION_WIDGET_MIN_PHP', '8.1' );

/**
 * Shows why the plugin is not running, instead of a fatal error.
 *
 * @param string $message What is missing.
 */
function donation_widget_requirement_notice( string $message ): void {
	add_action(
		'admin_notices',
		static function () use ( $message ): void {
			printf( '<div class="notice notice-error"><p>%s</p></div>', esc_html( $message ) );
		}
	);
}

if ( version_compare( PHP_VERSION, DONATION_WIDGET_MIN_PHP, '<' ) ) {
	donation_widget_requirement_notice(
		sprintf(
			/* translators: 1: required PHP version, 2: running PHP version. */
			__( 'Donation Widget needs PHP %1$s or newer; this site runs PHP %2$s. The plugin is not running.', 'donation-widget' ),
			DONATION_WIDGET_MIN_PHP,
			PHP_VERSION
		)
	);
	return;
}

if ( ! is_readable( __DIR__ . '/vendor/autoload.php' ) ) {
	donation_widget_requirement_notice(
		__( 'Donation Widget is missing its vendor/autoload.php. Install the plugin from its release zip, or run "composer install" in its folder. The plugin is not running.', 'donation-widget' )
	);
	return;
}

require_once __DIR__ . '/vendor/autoload.php';

register_activation_hook( __FILE__, array( \DonationWidget\Plugin::class, 'activate' ) );
register_deactivation_hook( __FILE__, array( \DonationWidget\Plugin::class, 'deactivate' ) );

add_action(
	'plugins_loaded',
	static function (): void {
		\DonationWidget\Plugin::instance()->start();
	}
);
