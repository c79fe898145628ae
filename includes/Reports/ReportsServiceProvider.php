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
	public const REBUILD_HOOK = 'donation_widget_rebuild_reports';

	/**
	 * Shares the objects.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		$container->set( ReportTotals::class, static fn (): ReportTotals => new ReportTotals() );
		$container->set( RecurringMovements::class, static fn (): RecurringMovements => new RecurringMovements() );
		$container->set( ReportQuery::class, static fn ( Container $c ): ReportQuery => new ReportQuery( $c->get( RecurringMovements::class ) ) );
	}

	/**
	 * The reports count the site's days: a new time zone moves donations between days, so every
	 * day is derived again, in the background (minutes at a million donations).
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		$schedule = static function (): void {
			if ( false === wp_next_scheduled( self::REBUILD_HOOK ) ) {
				wp_schedule_single_event( time(), self::REBUILD_HOOK );
			}
		};
		add_action( 'update_option_timezone_string', $schedule );
		add_action( 'update_option_gmt_offset', $schedule );
		add_action( self::REBUILD_HOOK, static fn () => $container->get( DonationTotals::class )->rebuild_reports() );
	}
}
