<?php
/**
 * Wires the books' fees and disputes.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Books\Fees\FeeCatchUp;
use DonationWidget\Container;
use DonationWidget\Reconciliation\ReconciliationSchedule;
use DonationWidget\ServiceProvider;

/**
 * The provider's fee on each payment and the chargebacks on them. The gateways read the fees
 * (Fees\ReadsFees) and register their own event listeners.
 */
final class BooksServiceProvider implements ServiceProvider {

	/**
	 * Nothing to share by hand: every class here is built from its constructor.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
	}

	/**
	 * Missing fees are looked for with the reconciliation pass (every five minutes), which also
	 * settles the payments of sites without webhooks.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action( ReconciliationSchedule::HOOK, $container->lazy( FeeCatchUp::class, 'run' ), 20, 0 );
	}
}
