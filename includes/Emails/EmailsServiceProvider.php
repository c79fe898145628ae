<?php
/**
 * Wires the donor emails.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Emails;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Container;
use DonationWidget\Scheduling\RecurringEvents;
use DonationWidget\ServiceProvider;

/**
 * Shares the mailer and the mail queue, and runs the queue's worker from WP-Cron. Each email's
 * own domain decides when to queue it, and listens for how it went.
 */
final class EmailsServiceProvider implements ServiceProvider {

	/**
	 * The mailer, the queue, the schedule and the worker are built from their constructors; the
	 * worker's safety net runs every five minutes, and its single wake-up goes with the plugin.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		RecurringEvents::add( MailSchedule::SAFETY_NET_HOOK, RecurringEvents::FIVE_MINUTES );
		RecurringEvents::add_single( MailSchedule::HOOK );
	}

	/**
	 * A queued email wakes the worker soon; the safety net also removes old sent emails.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action( MailQueue::QUEUED_ACTION, $container->lazy( MailSchedule::class, 'soon' ), 10, 0 );
		add_action( MailSchedule::HOOK, $container->lazy( MailWorker::class, 'run' ), 10, 0 );
		add_action( MailSchedule::SAFETY_NET_HOOK, $container->lazy( MailWorker::class, 'run_safety_net' ), 10, 0 );
	}
}
