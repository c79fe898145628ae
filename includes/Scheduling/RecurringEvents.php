<?php
/**
 * The plugin's WP-Cron events, in one list.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Scheduling;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Books\Payouts\PayoutSchedule;
use DonationWidget\Reconciliation\ReconciliationSchedule;
use DonationWidget\Donations\DonationTotals;
use DonationWidget\Emails\MailSchedule;
use DonationWidget\Exports\ExportSchedule;
use DonationWidget\Protection\RateLimiter;

/**
 * Every recurring event and how often it runs. Each domain hooks its own work to its event;
 * this class only makes sure the events exist (on the first request that finds one missing, so
 * a plugin updated by uploading its zip gets them without a reactivation) and removes them all
 * on deactivation and uninstall. WP-Cron runs them on page loads, or from a real cron job
 * calling wp-cron.php on sites that set DISABLE_WP_CRON.
 */
final class RecurringEvents {

	public const FIVE_MINUTES = 'donation_widget_five_minutes';

	private const FIVE_MINUTES_INTERVAL = 5 * MINUTE_IN_SECONDS;

	/**
	 * Each recurring event's hook and recurrence.
	 *
	 * @return array<string, string>
	 */
	public static function all(): array {
		return array(
			ReconciliationSchedule::HOOK    => self::FIVE_MINUTES,
			MailSchedule::SAFETY_NET_HOOK   => self::FIVE_MINUTES,
			RateLimiter::PRUNE_HOOK         => 'daily',
			ExportSchedule::SAFETY_NET_HOOK => self::FIVE_MINUTES,
			ExportSchedule::PRUNE_HOOK      => 'daily',
			DonationTotals::SAFETY_NET_HOOK => 'daily',
			PayoutSchedule::HOOK            => 'hourly',
		);
	}

	/**
	 * The cron_schedules filter: adds the five-minute recurrence.
	 *
	 * @param mixed $schedules WP-Cron's recurrences.
	 * @return array<string, mixed>
	 */
	public static function add_recurrence( mixed $schedules ): array {
		$schedules                       = is_array( $schedules ) ? $schedules : array();
		$schedules[ self::FIVE_MINUTES ] = array(
			'interval' => self::FIVE_MINUTES_INTERVAL,
			'display'  => __( 'Every five minutes (Donation Widget)', 'donation-widget' ),
		);
		return $schedules;
	}

	/**
	 * Schedules every event that is missing. The first run is put on a five-minute boundary, so
	 * servers racing to schedule one write the same entry.
	 */
	public static function ensure_scheduled(): void {
		$first_run = (int) ( ceil( time() / self::FIVE_MINUTES_INTERVAL ) * self::FIVE_MINUTES_INTERVAL );
		foreach ( self::all() as $hook => $recurrence ) {
			if ( false === wp_next_scheduled( $hook ) ) {
				wp_schedule_event( $first_run, $recurrence, $hook );
			}
		}
	}

	/**
	 * Removes every event of the plugin, the mail worker's and exports' single ones too (deactivation, uninstall).
	 */
	public static function clear(): void {
		foreach ( array_merge( array_keys( self::all() ), array( MailSchedule::HOOK, ExportSchedule::HOOK ) ) as $hook ) {
			wp_clear_scheduled_hook( $hook );
		}
	}
}
