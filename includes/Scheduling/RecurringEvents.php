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

/**
 * The registry of the plugin's WP-Cron events. Each domain's provider adds its own events
 * (hook and recurrence) in register() and hooks its own work to them; this class only makes
 * sure the events exist (on the first request that finds one missing, so
 * a plugin updated by uploading its zip gets them without a reactivation) and removes them all
 * on deactivation and uninstall. WP-Cron runs them on page loads, or from a real cron job
 * calling wp-cron.php on sites that set DISABLE_WP_CRON.
 */
final class RecurringEvents {

	public const FIVE_MINUTES = 'donation_widget_five_minutes';

	private const FIVE_MINUTES_INTERVAL = 5 * MINUTE_IN_SECONDS;

	/**
	 * Recurrence by hook, as the domains added them.
	 *
	 * @var array<string, string>
	 */
	private static array $events = array();

	/**
	 * Hooks of one-off events that domains schedule themselves (a worker woken soon).
	 *
	 * @var array<string, true>
	 */
	private static array $single_events = array();

	/**
	 * Adds a recurring event. Adding the same hook again keeps one event (the last recurrence).
	 *
	 * @param string $hook       The action WP-Cron runs.
	 * @param string $recurrence A WP-Cron recurrence: 'hourly', 'daily', self::FIVE_MINUTES ….
	 */
	public static function add( string $hook, string $recurrence ): void {
		self::$events[ $hook ] = $recurrence;
	}

	/**
	 * Adds a one-off event a domain schedules itself, so deactivation and uninstall clear it too.
	 *
	 * @param string $hook The action WP-Cron runs.
	 */
	public static function add_single( string $hook ): void {
		self::$single_events[ $hook ] = true;
	}

	/**
	 * Each recurring event's hook and recurrence.
	 *
	 * @return array<string, string>
	 */
	public static function all(): array {
		return self::$events;
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
	 * Removes every event of the plugin, the one-off ones too (deactivation, uninstall).
	 */
	public static function clear(): void {
		foreach ( array_merge( array_keys( self::$events ), array_keys( self::$single_events ) ) as $hook ) {
			wp_clear_scheduled_hook( $hook );
		}
	}
}
