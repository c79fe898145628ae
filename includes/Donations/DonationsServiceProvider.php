<?php
/**
 * Wires the donations domain.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Donations;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Container;
use DonationWidget\Database\Installer;
use DonationWidget\ServiceProvider;

/**
 * Shares the donation and subscription records with the payment and webhook domains.
 */
final class DonationsServiceProvider implements ServiceProvider {

	/**
	 * Shares the repositories.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		$container->set( DonationTotals::class, static fn (): DonationTotals => new DonationTotals() );
		$container->set( DonationRepository::class, static fn ( Container $c ): DonationRepository => new DonationRepository( $c->get( DonationTotals::class ), $c->get( SubscriptionRepository::class ) ) );
		$container->set( SubscriptionRepository::class, static fn (): SubscriptionRepository => new SubscriptionRepository() );
	}

	/**
	 * Payments and webhooks write the records; the totals' daily safety net re-derives the
	 * last days and the subscriptions' kept columns (scheduled by Scheduling\RecurringEvents).
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action(
			DonationTotals::SAFETY_NET_HOOK,
			static function () use ( $container ): void {
				$container->get( DonationTotals::class )->rederive_recent();
				// And every subscription's donor and latest status, read again from the donations
				// (a request that died between a donation's write and its refresh left one stale).
				Installer::backfill_subscriptions();
			}
		);
	}
}
