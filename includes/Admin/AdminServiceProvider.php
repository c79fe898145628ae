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

use DonationWidget\Admin\SiteHealth\PluginFolderSize;
use DonationWidget\Admin\SiteHealth\SiteHealthInfo;
use DonationWidget\Admin\SiteHealth\SiteHealthTests;
use DonationWidget\Container;
use DonationWidget\Http\AjaxRouter;
use DonationWidget\ServiceProvider;

/**
 * The "Donation Widget" admin menu and its screens.
 */
final class AdminServiceProvider implements ServiceProvider {

	public const MENU_SLUG = 'donation-widget';

	/**
	 * Shares the screens.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		// Every screen is built from its constructor; only the folder to measure is a value.
		$container->set( PluginFolderSize::class, static fn (): PluginFolderSize => new PluginFolderSize( DONATION_WIDGET_DIR ) );
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
		add_filter( 'site_status_tests', $container->lazy( SiteHealthTests::class, 'register' ) );
		add_filter( 'debug_information', $container->lazy( SiteHealthInfo::class, 'add_section' ) );
		// Site Health's folder sizes (also asked over REST, so not only in wp-admin).
		add_filter( 'pre_recurse_dirsize', static fn ( mixed $size, mixed $directory, mixed $exclude = null, mixed $max_execution_time = 0 ): mixed => $container->get( PluginFolderSize::class )->filter( $size, $directory, $max_execution_time ), 10, 4 );
		add_action( 'admin_enqueue_scripts', $container->lazy( SettingsPage::class, 'enqueue_on' ) );
		$container->get( AjaxRouter::class )->admin_action( ConnectionTester::ACTION, SettingsPage::CAPABILITY, $container->lazy( ConnectionTester::class, 'handle' ) );
		add_filter( 'plugin_action_links_' . plugin_basename( DONATION_WIDGET_FILE ), $container->lazy( SettingsPage::class, 'add_settings_link' ) );
	}
}
