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
use DonationWidget\Emails\DonorMailer;
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
	 * Shares the receipt log, template and senders.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		$container->set( ReceiptLog::class, static fn (): ReceiptLog => new ReceiptLog() );
		$container->set( ReceiptEmail::class, static fn ( Container $c ): ReceiptEmail => new ReceiptEmail( $c->get( Settings::class ) ) );
		$container->set(
			ReceiptSender::class,
			static fn ( Container $c ): ReceiptSender => new ReceiptSender(
				$c->get( DonationRepository::class ),
				$c->get( ReceiptLog::class ),
				$c->get( ReceiptEmail::class ),
				$c->get( DonorMailer::class ),
				$c->get( Settings::class ),
				$c->get( MailQueue::class )
			)
		);
		$container->set(
			CancellationEmail::class,
			static fn ( Container $c ): CancellationEmail => new CancellationEmail( $c->get( DonationRepository::class ), $c->get( MailQueue::class ), $c->get( Settings::class ), $c->get( SubscriptionRepository::class ) )
		);
	}

	/**
	 * Listens for succeeded donations and ended subscriptions, and for the mail queue's news of
	 * the receipts it sends.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action(
			self::DONATION_SUCCEEDED,
			static fn ( $donation_id ) => $container->get( ReceiptSender::class )->on_donation_succeeded( $donation_id )
		);
		add_action(
			'donation_widget_subscription_cancelled',
			static fn ( $subscription_id, $customer_id = '', $donation_id = 0 ) => $container->get( CancellationEmail::class )->on_subscription_cancelled( $subscription_id, $customer_id, $donation_id ),
			10,
			3
		);
		add_action( MailWorker::SENT_ACTION, static fn ( $id, $kind, $source_id ) => $container->get( ReceiptSender::class )->record_delivery( $kind, $source_id, ReceiptLog::SENT ), 10, 3 );
		add_action( MailWorker::FAILED_ACTION, static fn ( $id, $kind, $source_id ) => $container->get( ReceiptSender::class )->record_delivery( $kind, $source_id, ReceiptLog::FAILED ), 10, 3 );
		add_action( MailQueue::REQUEUED_ACTION, static fn ( $id, $kind, $source_id ) => $container->get( ReceiptSender::class )->record_delivery( $kind, $source_id, ReceiptLog::QUEUED ), 10, 3 );
	}
}
