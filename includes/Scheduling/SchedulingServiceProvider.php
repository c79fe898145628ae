<?php
/**
 * Wires the plugin's WP-Cron events.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Scheduling;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Container;
use DonationWidget\ServiceProvider;

/**
 * Adds the five-minute recurrence and keeps every recurring event scheduled.
 */
final class SchedulingServiceProvider implements ServiceProvider {

	/**
	 * Nothing to share.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
	}

	/**
	 * The recurrence, and a check on each request that every event is scheduled.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_filter( 'cron_schedules', array( RecurringEvents::class, 'add_recurrence' ) ); // phpcs:ignore WordPress.WP.CronInterval.CronSchedulesInterval, WordPress.WP.CronInterval.ChangeDetected -- five minutes, on purpose: a donor should not wait longer for a receipt, nor the books for a payment nobody reported.
		add_action( 'init', array( RecurringEvents::class, 'ensure_scheduled' ) );
	}
}
