<?php
/**
 * Wires the payouts' books.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books\Payouts;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Container;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Gateways\Stripe\StripeClient;
use DonationWidget\Scheduling\RecurringEvents;
use DonationWidget\ServiceProvider;

/**
 * The payouts' tables, the books that fill them, the webhook listener (added to Stripe's
 * listeners by StripeServiceProvider) and the hourly reconciliation pass.
 */
final class PayoutsServiceProvider implements ServiceProvider {

	/**
	 * Shares the books, the listener and the pass.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		RecurringEvents::add( PayoutSchedule::HOOK, 'hourly' );
		$container->set( PayoutRepository::class, static fn (): PayoutRepository => new PayoutRepository() );
		$container->set( BalanceTransactionRepository::class, static fn (): BalanceTransactionRepository => new BalanceTransactionRepository() );
		$container->set( PayPalBalance::class, static fn (): PayPalBalance => new PayPalBalance() );
		$container->set(
			PayoutBooks::class,
			static fn ( Container $c ): PayoutBooks => new PayoutBooks(
				$c->get( StripeClient::class ),
				$c->get( PayoutRepository::class ),
				$c->get( BalanceTransactionRepository::class ),
				$c->get( DonationRepository::class )
			)
		);
		$container->set( PayoutEvent::class, static fn ( Container $c ): PayoutEvent => new PayoutEvent( $c->get( PayoutBooks::class ) ) );
		$container->set( PayoutReconciler::class, static fn ( Container $c ): PayoutReconciler => new PayoutReconciler( $c->get( StripeClient::class ), $c->get( PayoutBooks::class ) ) );
	}

	/**
	 * The reconciliation pass's work on its WP-Cron event.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action(
			PayoutSchedule::HOOK,
			static function () use ( $container ): void {
				foreach ( $container->get( PayoutReconciler::class )->run() as $line ) {
					if ( ! str_contains( $line, 'already explained' ) ) {
						// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- admins need to see what the pass recorded.
						error_log( 'Donation Widget payouts: ' . $line );
					}
				}
			}
		);
	}
}
