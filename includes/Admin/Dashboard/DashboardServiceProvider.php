<?php
/**
 * Wires the dashboard widget.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Dashboard;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Container;
use DonationWidget\ServiceProvider;

/**
 * The "Donations" box on the WordPress dashboard.
 */
final class DashboardServiceProvider implements ServiceProvider {

	/**
	 * Shares the widget.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		// Built from its constructor.
	}

	/**
	 * Adds the widget when the dashboard is set up.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action( 'wp_dashboard_setup', $container->lazy( DonationsSummaryWidget::class, 'add' ) );
	}
}
