<?php
/**
 * Wires the admin screens.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin;

use DonationWidget\Container;
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
		$container->set( SettingsPage::class, static fn ( Container $c ): SettingsPage => new SettingsPage( $c->get( Settings::class ) ) );
	}

	/**
	 * Adds the menu.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action( 'admin_menu', static fn () => $container->get( SettingsPage::class )->add_menu() );
		add_filter(
			'plugin_action_links_' . plugin_basename( DONATION_WIDGET_FILE ),
			static fn ( array $links ): array => $container->get( SettingsPage::class )->add_settings_link( $links )
		);
	}
}
