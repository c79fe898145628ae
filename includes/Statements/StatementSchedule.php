<?php
/**
 * When a year's statements are sent in the background.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Statements;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * A single WP-Cron event as soon as "Send all" starts, and again after each pass while a year
 * is unfinished, so sending goes on when staff close the tab; the admin's progress requests
 * step the same run meanwhile.
 */
final class StatementSchedule {

	public const HOOK = 'donation_widget_send_statements';

	/**
	 * Asks for a pass now (WP-Cron keeps one event when several requests ask at once).
	 */
	public function soon(): void {
		if ( false === wp_next_scheduled( self::HOOK ) ) {
			wp_schedule_single_event( time(), self::HOOK );
		}
	}
}
