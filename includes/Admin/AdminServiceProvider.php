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

use DonationWidget\AddressLookup\ExperianClient;
use DonationWidget\Blocks\Assets;
use DonationWidget\Admin\SiteHealth\PluginFolderSize;
use DonationWidget\Admin\SiteHealth\SiteHealthInfo;
use DonationWidget\Admin\SiteHealth\SiteHealthTests;
use DonationWidget\Captcha\RecaptchaClient;
use DonationWidget\Checkout\GatewayRegistry;
use DonationWidget\Webhooks\WebhookHealth;
use DonationWidget\Container;
use DonationWidget\Emails\MailQueue;
use DonationWidget\Http\AjaxRouter;
use DonationWidget\ServiceProvider;
use DonationWidget\Settings\Settings;

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
		$container->set( SettingsPage::class, static fn ( Container $c ): SettingsPage => new SettingsPage( $c->get( Settings::class ), $c->get( ConnectionTester::class ), $c->get( WebhookHealthReport::class ), $c->get( WebhookConnectPanel::class ) ) );
		$container->set( WebhookSetupStatus::class, static fn ( Container $c ): WebhookSetupStatus => new WebhookSetupStatus( $c->get( GatewayRegistry::class ) ) );
		$container->set( WebhookConnectPanel::class, static fn ( Container $c ): WebhookConnectPanel => new WebhookConnectPanel( $c->get( WebhookSetupStatus::class ) ) );
		$container->set( WebhookHealthReport::class, static fn ( Container $c ): WebhookHealthReport => new WebhookHealthReport( $c->get( WebhookHealth::class ), $c->get( Settings::class ) ) );
		$container->set( SiteHealthTests::class, static fn ( Container $c ): SiteHealthTests => new SiteHealthTests( $c->get( Settings::class ), $c->get( WebhookHealthReport::class ), $c->get( WebhookSetupStatus::class ) ) );
		$container->set( PluginFolderSize::class, static fn (): PluginFolderSize => new PluginFolderSize( DONATION_WIDGET_DIR ) );
		$container->set( SiteHealthInfo::class, static fn ( Container $c ): SiteHealthInfo => new SiteHealthInfo( $c->get( Settings::class ), $c->get( WebhookHealthReport::class ), $c->get( MailQueue::class ) ) );
		$container->set(
			ConnectionTester::class,
			static fn ( Container $c ): ConnectionTester => new ConnectionTester(
				$c->get( GatewayRegistry::class ),
				$c->get( ExperianClient::class ),
				$c->get( RecaptchaClient::class )
			)
		);
	}

	/**
	 * Adds the menu.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action( 'admin_menu', static fn () => $container->get( SettingsPage::class )->add_menu() );
		add_action( 'admin_notices', static fn () => $container->get( WebhookHealthReport::class )->print_notice() );
		add_action( 'admin_post_' . WebhookConnectPanel::ACTION, static fn () => $container->get( WebhookConnectPanel::class )->handle() );
		add_filter( 'site_status_tests', static fn ( mixed $tests ): array => $container->get( SiteHealthTests::class )->register( $tests ) );
		add_filter( 'debug_information', static fn ( mixed $info ): array => $container->get( SiteHealthInfo::class )->add_section( $info ) );
		// Site Health's folder sizes (also asked over REST, so not only in wp-admin).
		add_filter( 'pre_recurse_dirsize', static fn ( mixed $size, mixed $directory, mixed $exclude = null, mixed $max_execution_time = 0 ): mixed => $container->get( PluginFolderSize::class )->filter( $size, $directory, $max_execution_time ), 10, 4 );
		add_action(
			'admin_enqueue_scripts',
			static function ( string $hook_suffix ) use ( $container ): void {
				if ( $hook_suffix === $container->get( SettingsPage::class )->hook_suffix() ) {
					$container->get( SettingsPage::class )->enqueue_script( Assets::ADMIN_SETTINGS_HANDLE, ConnectionTester::ACTION );
				}
			}
		);
		$container->get( AjaxRouter::class )->admin_action(
			ConnectionTester::ACTION,
			SettingsPage::CAPABILITY,
			static fn ( array $request ) => $container->get( ConnectionTester::class )->handle( $request )
		);
		add_filter(
			'plugin_action_links_' . plugin_basename( DONATION_WIDGET_FILE ),
			static fn ( array $links ): array => $container->get( SettingsPage::class )->add_settings_link( $links )
		);
	}
}
