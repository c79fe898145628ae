<?php
/**
 * Wires the admin screens.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Container;
use DonationWidget\Http\AjaxRouter;
use DonationWidget\ServiceProvider;

/**
 * The "Donation Widget" admin menu and its screens.
 */
final class AdminServiceProvider implements ServiceProvider {

	public const MENU_SLUG = 'donation-widget';

	/**
	 * Nothing to share by hand: every screen is built from its constructor.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
	}

	/**
	 * Adds the menu.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action( 'admin_menu', $container->lazy( SettingsPage::class, 'add_menu' ) );
		add_action( 'admin_notices', $container->lazy( WebhookHealthReport::class, 'print_notice' ) );
		add_action( 'admin_post_' . WebhookConnectPanel::ACTION, $container->lazy( WebhookConnectPanel::class, 'handle' ) );
		add_action( 'admin_enqueue_scripts', $container->lazy( SettingsPage::class, 'enqueue_on' ) );
		$container->get( AjaxRouter::class )->admin_action( ConnectionTester::ACTION, SettingsPage::CAPABILITY, $container->lazy( ConnectionTester::class, 'handle' ) );
		add_filter( 'plugin_action_links_' . plugin_basename( DONATION_WIDGET_FILE ), $container->lazy( SettingsPage::class, 'add_settings_link' ) );
	}
}
