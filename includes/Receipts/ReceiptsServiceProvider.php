<?php
/**
 * Wires the receipts domain.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Receipts;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Container;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Donations\SubscriptionRepository;
use DonationWidget\Emails\MailQueue;
use DonationWidget\Emails\MailWorker;
use DonationWidget\ServiceProvider;
use DonationWidget\Settings\Settings;

/**
 * What donors are told about their giving: a receipt after each successful donation or
 * renewal, and a confirmation when a 4-weekly donation ends.
 */
final class ReceiptsServiceProvider implements ServiceProvider {

	/**
	 * The action fired when a donation row becomes succeeded.
	 */
	public const DONATION_SUCCEEDED = 'donation_widget_donation_succeeded';

	/**
	 * The log, the receipt and the sender are built from their constructors; the cancellation
	 * email's subscriptions are optional in its constructor, so it is given them here.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		$container->set(
			CancellationEmail::class,
			static fn ( Container $c ): CancellationEmail => new CancellationEmail( $c->get( DonationRepository::class ), $c->get( MailQueue::class ), $c->get( Settings::class ), $c->get( SubscriptionRepository::class ) )
		);
	}

	/**
	 * Sends the receipt when a donation succeeds, the cancellation email when a subscription
	 * ends, and keeps each receipt's log row in step with the mail queue.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action( self::DONATION_SUCCEEDED, $container->lazy( ReceiptSender::class, 'on_donation_succeeded' ) );
		add_action( 'donation_widget_subscription_cancelled', $container->lazy( CancellationEmail::class, 'on_subscription_cancelled' ), 10, 3 );
		add_action( MailWorker::SENT_ACTION, $container->lazy( ReceiptSender::class, 'on_mail_sent' ), 10, 3 );
		add_action( MailWorker::FAILED_ACTION, $container->lazy( ReceiptSender::class, 'on_mail_failed' ), 10, 3 );
		add_action( MailQueue::REQUEUED_ACTION, $container->lazy( ReceiptSender::class, 'on_mail_requeued' ), 10, 3 );
	}
}
