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
use DonationWidget\Http\AjaxRouter;
use DonationWidget\ServiceProvider;

/**
 * The payment calls of docs/widget-contract.md#7-the-calls-it-makes, one per registered way to pay.
 */
final class CheckoutServiceProvider implements ServiceProvider {

	/**
	 * The payment calls reach the checkout lazily; the checkout, the ledger and the guard are
	 * built from their constructors.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		$container->set(
			PaymentCalls::class,
			static fn ( Container $c ): PaymentCalls => new PaymentCalls(
				$c->get( AjaxRouter::class ),
				$c->get( GatewayRegistry::class ),
				static fn (): Checkout => $c->get( Checkout::class )
			)
		);
	}

	/**
	 * The payment calls, and the start of a 4-weekly donation's subscription once its first gift
	 * is paid (whichever news of the payment moved it to succeeded).
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		$container->get( PaymentCalls::class )->register();
		add_action( 'donation_widget_donation_succeeded', $container->lazy( SubscriptionStart::class, 'after_payment' ) );
	}
}
