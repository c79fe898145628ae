<?php
/**
 * Wires the history import: its tables and its background work.
 *
 * @package DonationWidget
 */

namespace DonationWidget\HistoryImport;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Container;
use DonationWidget\Database\Uninstaller;
use DonationWidget\Scheduling\RecurringEvents;
use DonationWidget\ServiceProvider;

/**
 * The import's own tables (staged copies of donor details: emptied on every uninstall) and its
 * WP-Cron events.
 */
final class HistoryImportServiceProvider implements ServiceProvider {

	/**
	 * Adds the tables and the events.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		ImportTables::register();
		RecurringEvents::add( ImportSchedule::SAFETY_NET_HOOK, RecurringEvents::FIVE_MINUTES );
		RecurringEvents::add_single( ImportSchedule::HOOK );
		Uninstaller::empty_always( ImportTables::IMPORTS );
		Uninstaller::empty_always( ImportTables::ROWS );
	}

	/**
	 * Hooks the worker to its events, and the staged rows' privacy eraser.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action( ImportSchedule::HOOK, $container->lazy( ImportWorker::class, 'run' ), 10, 0 );
		add_action( ImportSchedule::SAFETY_NET_HOOK, $container->lazy( ImportWorker::class, 'run' ), 10, 0 );
		add_filter( 'wp_privacy_personal_data_erasers', $container->lazy( StagedRowsEraser::class, 'register' ) );
	}
}
