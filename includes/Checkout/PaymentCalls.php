<?php
/**
 * The public payment calls, one set per registered way to pay.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Checkout;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Http\AjaxRouter;

/**
 * Registers each way to pay's calls as public admin-ajax actions (no nonce: see AjaxRouter and
 * PaymentCallGuard), each handled by the checkout.
 */
final class PaymentCalls {

	/**
	 * Takes the router, the ways to pay and a way to reach the checkout.
	 *
	 * @param AjaxRouter      $router   Public admin-ajax actions.
	 * @param GatewayRegistry $registry The gateways and their ways to pay.
	 * @param \Closure        $checkout Makes the attempt sequence, only when a payment call
	 *                                  arrives, not on every page load.
	 * @phpstan-param \Closure(): Checkout $checkout
	 */
	public function __construct(
		private readonly AjaxRouter $router,
		private readonly GatewayRegistry $registry,
		private readonly \Closure $checkout
	) {
	}

	/**
	 * Adds the calls.
	 */
	public function register(): void {
		foreach ( $this->registry->payment_methods() as $method ) {
			$this->router->public_action( $method->action(), fn ( array $request ) => ( $this->checkout )()->pay( $method, $request ) );
			if ( $method instanceof OpeningCall ) {
				$this->router->public_action( $method->open_action(), fn ( array $request ) => ( $this->checkout )()->open_payment( $method, $request ) );
			}
			if ( $method instanceof FollowUpCall ) {
				$this->router->public_action( $method->follow_up_action(), fn ( array $request ) => ( $this->checkout )()->follow_up( $method, $request ) );
			}
		}
	}
}
