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

use DonationWidget\Http\AjaxResult;
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
			$this->router->public_action( $method->action(), fn ( array $request ) => self::answer( fn () => ( $this->checkout )()->pay( $method, $request ) ) );
			if ( $method instanceof OpeningCall ) {
				$this->router->public_action( $method->open_action(), fn ( array $request ) => self::answer( fn () => ( $this->checkout )()->open_payment( $method, $request ) ) );
			}
			if ( $method instanceof FollowUpCall ) {
				$this->router->public_action( $method->follow_up_action(), fn ( array $request ) => self::answer( fn () => ( $this->checkout )()->follow_up( $method, $request ) ) );
			}
		}
	}

	/**
	 * A payment call's answer. One that fails unexpectedly (the database refused a write, a bug)
	 * may have done so after the provider took the money, so it is answered as an outcome not
	 * known yet: the widget keeps the attempt, and Try Again carries on with it instead of
	 * paying a second time.
	 *
	 * @param callable(): AjaxResult $call The checkout's handling of the call.
	 */
	private static function answer( callable $call ): AjaxResult {
		try {
			return $call();
		} catch ( \Throwable $error ) {
			return PaymentAnswers::unexpected_failure( $error );
		}
	}
}
