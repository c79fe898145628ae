<?php
/**
 * Wires the database domain.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Database;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Container;
use DonationWidget\ServiceProvider;

/**
 * Keeps the tables at the current schema version.
 */
final class DatabaseServiceProvider implements ServiceProvider {

	/**
	 * Nothing to share yet.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
	}

	/**
	 * Upgrades the tables on the first request after a plugin update, front end included: the
	 * public payment calls need them before any admin visits.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action( 'init', array( Installer::class, 'maybe_upgrade' ), 1 );
	}
}
