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
use DonationWidget\ServiceProvider;
use DonationWidget\Settings\Settings;

/**
 * Shares the mailer and the mail queue, and runs the queue's worker from WP-Cron. Each email's
 * own domain decides when to queue it, and listens for how it went.
 */
final class EmailsServiceProvider implements ServiceProvider {

	/**
	 * Days a sent email stays in the queue's table (shown in the Emails screen) before it is removed.
	 */
	public const KEEP_SENT_DAYS = 90;

	/**
	 * Shares the mailer, the queue, the schedule and the worker.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		$container->set( DonorMailer::class, static fn ( Container $c ): DonorMailer => new DonorMailer( $c->get( Settings::class ) ) );
		$container->set( MailQueue::class, static fn (): MailQueue => new MailQueue() );
		$container->set( MailSchedule::class, static fn (): MailSchedule => new MailSchedule() );
		$container->set(
			MailWorker::class,
			static fn ( Container $c ): MailWorker => new MailWorker( $c->get( MailQueue::class ), $c->get( DonorMailer::class ), $c->get( MailSchedule::class ) )
		);
	}

	/**
	 * Wakes the worker when an email is queued; runs it on the single and the recurring event.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action( MailQueue::QUEUED_ACTION, static fn () => $container->get( MailSchedule::class )->soon() );
		add_action( MailSchedule::HOOK, static fn () => $container->get( MailWorker::class )->run() );
		add_action(
			MailSchedule::SAFETY_NET_HOOK,
			static function () use ( $container ): void {
				$container->get( MailWorker::class )->run();
				$container->get( MailQueue::class )->purge_sent( self::KEEP_SENT_DAYS, 500 );
			}
		);
	}
}
