<?php
/**
 * Wires the settings domain.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Settings;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Container;
use DonationWidget\ServiceProvider;

/**
 * The stored option, its sanitiser and the public settings route.
 */
final class SettingsServiceProvider implements ServiceProvider {

	public const OPTION_GROUP = SettingsOption::GROUP;

	/**
	 * The settings objects are built from their constructors.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
	}

	/**
	 * Registers the option and the REST routes.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action( 'rest_api_init', $container->lazy( SettingsRestController::class, 'register_routes' ) );
		add_action( 'rest_api_init', $container->lazy( SettingsAdminRestController::class, 'register_routes' ) );
		add_action( 'admin_init', $container->lazy( SettingsOption::class, 'register' ) );
	}
}
