<?php
/**
 * Wires the Import donations screen.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\HistoryImport;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Container;
use DonationWidget\ServiceProvider;

/**
 * The screen under Donation Widget, its progress bar's script and REST routes.
 */
final class HistoryImportAdminServiceProvider implements ServiceProvider {

	/**
	 * Nothing to share by hand: every class here is built from its constructor.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
	}

	/**
	 * Adds the menu item, the script and the routes.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action( 'admin_menu', $container->lazy( ImportPage::class, 'add_menu' ), 16 );
		add_action( 'admin_enqueue_scripts', $container->lazy( ImportPage::class, 'enqueue' ) );
		add_action( 'rest_api_init', $container->lazy( ImportRestController::class, 'register_routes' ), 10, 0 );
	}
}
