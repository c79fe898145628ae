<?php
/**
 * Derives the reports' days again after the site's time zone changes.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Reports;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * The reports count the site's days: a new time zone moves donations between days, so every day
 * is derived again, in the background (minutes at a million donations), once however many
 * settings changed.
 */
final class ReportRebuild {

	public const HOOK = 'donation_widget_rebuild_reports';

	/**
	 * Schedules the rebuild, unless one is waiting.
	 */
	public function schedule(): void {
		if ( false === wp_next_scheduled( self::HOOK ) ) {
			wp_schedule_single_event( time(), self::HOOK );
		}
	}
}
