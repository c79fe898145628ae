<?php
/**
 * Wires the checkout.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Checkout;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Container;
use DonationWidget\ServiceProvider;

/**
 * The payment calls of docs/widget-contract.md#7-the-calls-it-makes, one per registered way to pay.
 */
final class CheckoutServiceProvider implements ServiceProvider {

	/**
	 * The checkout, the ledger and the guard are built from their constructors.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
	}

	/**
	 * The payment calls.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		$container->get( PaymentCalls::class )->register();
	}
}
