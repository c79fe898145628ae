<?php
/**
 * Wires the Reports screen.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Reports;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Container;
use DonationWidget\ServiceProvider;

/**
 * The screen under Donation Widget and its script (the figures come from the Reports domain's
 * REST route).
 */
final class ReportsAdminServiceProvider implements ServiceProvider {

	/**
	 * Nothing to share by hand: every class here is built from its constructor.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
	}

	/**
	 * Adds the menu item (after Tax statements) and the screen's script.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action( 'admin_menu', $container->lazy( ReportsPage::class, 'add_menu' ), 15 );
		add_action( 'admin_enqueue_scripts', $container->lazy( ReportsPage::class, 'enqueue' ) );
	}
}
