<?php
/**
 * When imports advance in the background.
 *
 * @package DonationWidget
 */

namespace DonationWidget\HistoryImport;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * A single WP-Cron event as soon as a dry run or an import starts (and again after each pass
 * while one is unfinished), so it goes on when staff close the tab; a five-minute safety net
 * picks up what a lost event left behind. The progress bar's polls run batches too, so an open
 * screen never waits for WP-Cron.
 */
final class ImportSchedule {

	public const HOOK = 'donation_widget_history_import';

	public const SAFETY_NET_HOOK = 'donation_widget_history_import_safety_net';

	/**
	 * Asks for a pass now.
	 */
	public function soon(): void {
		if ( false === wp_next_scheduled( self::HOOK ) ) {
			wp_schedule_single_event( time(), self::HOOK );
		}
	}
}
