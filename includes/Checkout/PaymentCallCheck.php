<?php
/**
 * What the abuse checks decided about one payment call.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Checkout;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Http\AjaxResult;

/**
 * Refused (with the answer), or let through. A call reporting money the browser already moved
 * is let through even when reCAPTCHA did not pass, since a captcha cannot undo a payment: its
 * record is then flagged for staff with the review reason.
 */
final class PaymentCallCheck {

	/**
	 * Builds the decision.
	 *
	 * @param AjaxResult|null $refusal       The answer when the call is refused.
	 * @param string          $review_reason captcha_failed or captcha_unavailable for money that moved
	 *                                       without a passed captcha; '' otherwise.
	 */
	private function __construct( public readonly ?AjaxResult $refusal, public readonly string $review_reason ) {
	}

	/**
	 * The call goes on.
	 *
	 * @param string $review_reason Why its record needs review ('' when it does not).
	 */
	public static function passed( string $review_reason = '' ): self {
		return new self( null, $review_reason );
	}

	/**
	 * The call is answered with this and goes no further.
	 *
	 * @param AjaxResult $refusal The answer.
	 */
	public static function refused( AjaxResult $refusal ): self {
		return new self( $refusal, '' );
	}
}
