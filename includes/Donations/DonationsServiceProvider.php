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
use DonationWidget\Scheduling\RecurringEvents;
use DonationWidget\ServiceProvider;

/**
 * Shares the donation and subscription records with the payment and webhook domains, and keeps
 * what is derived from them (totals, receipt numbers, the subscriptions' donor columns) right.
 */
final class DonationsServiceProvider implements ServiceProvider {

	/**
	 * The repository shares the one totals and subscriptions objects (its constructor's defaults
	 * would make its own); the donations' data steps run on install and upgrade, and the
	 * totals' safety net daily.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		$container->set( DonationRepository::class, static fn ( Container $c ): DonationRepository => new DonationRepository( $c->get( DonationTotals::class ), $c->get( SubscriptionRepository::class ) ) );
		Installer::add_step( $container->lazy( DonationsMigrations::class, 'upgrade' ) );
		RecurringEvents::add( DonationTotals::SAFETY_NET_HOOK, 'daily' );
	}

	/**
	 * The daily safety net re-derives the totals of the last days and the subscriptions' kept
	 * columns.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action( DonationTotals::SAFETY_NET_HOOK, $container->lazy( DonationsMigrations::class, 'rederive' ), 10, 0 );
	}
}
