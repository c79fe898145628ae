<?php
/**
 * When background exports advance and are deleted.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Exports;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * WP-Cron events of the exports: a single event as soon as an export starts (and again after
 * each pass while one is unfinished), so an export goes on when staff close the tab; a
 * five-minute safety net that picks up anything a lost event left behind; and the daily
 * deletion of exports older than a day, with their files.
 */
final class ExportSchedule {

	/**
	 * The single event.
	 */
	public const HOOK = 'donation_widget_run_exports';

	/**
	 * The recurring safety net.
	 */
	public const SAFETY_NET_HOOK = 'donation_widget_run_exports_safety_net';

	/**
	 * The daily deletion.
	 */
	public const PRUNE_HOOK = 'donation_widget_prune_exports';

	/**
	 * Asks for a pass now. WP-Cron keeps one event when several requests ask within ten
	 * minutes of each other, and one pass advances every unfinished export.
	 */
	public function soon(): void {
		wp_schedule_single_event( time(), self::HOOK );
	}
}
