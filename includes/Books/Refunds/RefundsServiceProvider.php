<?php
/**
 * Wires the refunds of the books.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books\Refunds;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Checkout\DonationLedger;
use DonationWidget\Checkout\GatewayRegistry;
use DonationWidget\Container;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\ServiceProvider;

/**
 * Shares the refunds table, the ledger the gateways' webhooks record refunds through, and the
 * admin's refund.
 */
final class RefundsServiceProvider implements ServiceProvider {

	/**
	 * Shares the repository, the ledger and the service.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		$container->set( RefundRepository::class, static fn (): RefundRepository => new RefundRepository() );
		$container->set(
			RefundLedger::class,
			static fn ( Container $c ): RefundLedger => new RefundLedger( $c->get( RefundRepository::class ), $c->get( DonationRepository::class ), $c->get( DonationLedger::class ) )
		);
		$container->set(
			Refunds::class,
			static fn ( Container $c ): Refunds => new Refunds( $c->get( DonationRepository::class ), $c->get( RefundRepository::class ), $c->get( RefundLedger::class ), $c->get( GatewayRegistry::class ) )
		);
	}

	/**
	 * Nothing runs on its own: refunds are asked for on the donation's screen and heard of
	 * through the gateways' webhooks.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
	}
}
