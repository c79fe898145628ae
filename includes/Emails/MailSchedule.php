<?php
/**
 * When the mail worker runs.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Emails;

/**
 * WP-Cron events that run MailWorker: a single event a few seconds after an email is queued
 * (or at the time of its next retry), and a recurring safety net every five minutes that picks
 * up anything a lost event left behind. On a busy site WP-Cron runs on page loads; a site with
 * DISABLE_WP_CRON runs them when its system cron calls wp-cron.php.
 */
final class MailSchedule {

	/**
	 * The single event.
	 */
	public const HOOK = 'donation_widget_send_emails';

	/**
	 * The recurring event.
	 */
	public const SAFETY_NET_HOOK = 'donation_widget_send_emails_safety_net';

	/**
	 * The recurring event's interval name.
	 */
	public const INTERVAL = 'donation_widget_five_minutes';

	/**
	 * Seconds between queuing and the pass that sends it.
	 */
	private const DELAY = 5;

	/**
	 * The cron_schedules filter: adds the five-minute interval.
	 *
	 * @param mixed $schedules WordPress's intervals.
	 * @return array<string, mixed>
	 */
	public static function add_interval( mixed $schedules ): array {
		$schedules                   = is_array( $schedules ) ? $schedules : array();
		$schedules[ self::INTERVAL ] = array(
			'interval' => 5 * MINUTE_IN_SECONDS,
			'display'  => __( 'Every five minutes (Donation Widget emails)', 'donation-widget' ),
		);
		return $schedules;
	}

	/**
	 * Asks for a pass a few seconds from now. WP-Cron keeps one event when several requests ask
	 * within ten minutes of each other, and one pass sends every due row.
	 */
	public function soon(): void {
		$this->at( time() + self::DELAY );
	}

	/**
	 * Asks for a pass at a time (a retry's).
	 *
	 * @param int $timestamp Unix time.
	 */
	public function at( int $timestamp ): void {
		wp_schedule_single_event( $timestamp, self::HOOK );
	}

	/**
	 * Schedules the safety net when it is missing (first run, or after WP-Cron lost it).
	 */
	public function ensure_recurring(): void {
		if ( false === wp_next_scheduled( self::SAFETY_NET_HOOK ) ) {
			wp_schedule_event( time() + 5 * MINUTE_IN_SECONDS, self::INTERVAL, self::SAFETY_NET_HOOK );
		}
	}

	/**
	 * Removes every event of the worker (uninstall).
	 */
	public static function clear(): void {
		wp_clear_scheduled_hook( self::HOOK );
		wp_clear_scheduled_hook( self::SAFETY_NET_HOOK );
	}
}
