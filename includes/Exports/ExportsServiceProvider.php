<?php
/**
 * Wires background exports' events and cleanup.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Exports;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Container;
use DonationWidget\Database\Uninstaller;
use DonationWidget\Scheduling\RecurringEvents;
use DonationWidget\ServiceProvider;

/**
 * The exports' WP-Cron events (their work is hooked by the admin's donations screen, which
 * starts exports), and their tables: copies of donor details, emptied on every uninstall.
 */
final class ExportsServiceProvider implements ServiceProvider {

	/**
	 * Adds the events and the tables emptied on uninstall.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		RecurringEvents::add( ExportSchedule::SAFETY_NET_HOOK, RecurringEvents::FIVE_MINUTES );
		RecurringEvents::add( ExportSchedule::PRUNE_HOOK, 'daily' );
		RecurringEvents::add_single( ExportSchedule::HOOK );
		Uninstaller::empty_always( 'exports' );
		Uninstaller::empty_always( 'export_chunks' );
	}

	/**
	 * No hooks of its own.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
	}
}
