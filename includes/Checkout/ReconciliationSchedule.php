<?php
/**
 * The WP-Cron event that runs the reconciliation pass.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Checkout;

/**
 * A recurring event every five minutes. WP-Cron runs it on page loads, or, on a site that sets
 * DISABLE_WP_CRON, when a real cron job calls wp-cron.php. It is scheduled on the first request
 * after activation (at a five-minute boundary, so servers racing to schedule it write the same
 * entry) and cleared on deactivation.
 */
final class ReconciliationSchedule {

	public const HOOK = 'donation_widget_reconcile';

	public const RECURRENCE = 'donation_widget_five_minutes';

	public const INTERVAL = 5 * MINUTE_IN_SECONDS;

	/**
	 * Adds the five-minute recurrence to WP-Cron's schedules.
	 *
	 * @param mixed $schedules WP-Cron's schedules.
	 * @return array<string, mixed>
	 */
	public static function add_recurrence( mixed $schedules ): array {
		$schedules                     = is_array( $schedules ) ? $schedules : array();
		$schedules[ self::RECURRENCE ] = array(
			'interval' => self::INTERVAL,
			'display'  => __( 'Every five minutes (Donation Widget reconciliation)', 'donation-widget' ),
		);
		return $schedules;
	}

	/**
	 * Schedules the event unless it is.
	 */
	public static function ensure_scheduled(): void {
		if ( false !== wp_next_scheduled( self::HOOK ) ) {
			return;
		}
		wp_schedule_event( (int) ( ceil( time() / self::INTERVAL ) * self::INTERVAL ), self::RECURRENCE, self::HOOK );
	}

	/**
	 * Clears the event (plugin deactivation).
	 */
	public static function deactivate(): void {
		wp_clear_scheduled_hook( self::HOOK );
	}
}
