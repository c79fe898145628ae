<?php
/**
 * Wires the reports' REST routes.
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
 * The Reports screen's data: GET …/reports (JSON) and …/reports.csv.
 */
final class ReportsRestServiceProvider implements ServiceProvider {

	/**
	 * Nothing to share by hand: every class here is built from its constructor.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
	}

	/**
	 * Adds the routes, and serves the CSV route's text as a file.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action( 'rest_api_init', $container->lazy( ReportsRestController::class, 'register_routes' ) );
		add_filter( 'rest_pre_serve_request', array( ReportsRestController::class, 'serve_csv' ), 10, 3 );
	}
}
