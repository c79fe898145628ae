<?php
/**
 * Wires the reports domain.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Reports;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Container;
use DonationWidget\Donations\DonationTotals;
use DonationWidget\ServiceProvider;

/**
 * Shares the reports' query; re-derives the reports' days when the site's time zone changes.
 */
final class ReportsServiceProvider implements ServiceProvider {

	/**
	 * The WP-Cron event that re-derives every day of the reports.
	 */
	public const REBUILD_HOOK = ReportRebuild::HOOK;

	/**
	 * Nothing to share by hand: every class here is built from its constructor.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
	}

	/**
	 * The reports count the site's days: a new time zone moves donations between days, so every
	 * day is derived again, in the background (minutes at a million donations).
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action( 'update_option_timezone_string', $container->lazy( ReportRebuild::class, 'schedule' ), 10, 0 );
		add_action( 'update_option_gmt_offset', $container->lazy( ReportRebuild::class, 'schedule' ), 10, 0 );
		add_action( self::REBUILD_HOOK, $container->lazy( DonationTotals::class, 'rebuild_reports' ), 10, 0 );
	}
}
