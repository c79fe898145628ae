<?php
/**
 * When the mail worker runs.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Emails;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

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
	 * Seconds between queuing and the pass that sends it.
	 */
	private const DELAY = 5;

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
}
