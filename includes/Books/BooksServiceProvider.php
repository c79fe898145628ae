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

use DonationWidget\Container;
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
	 * Nothing to hook here: the reconciliation pass looks for missing fees (Fees\FeeCatchUp,
	 * wired by Reconciliation\ReconciliationServiceProvider), so the books need not know it.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
	}
}
