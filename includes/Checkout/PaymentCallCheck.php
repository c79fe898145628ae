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
 * record is then flagged for staff with the review reason. A refusal because Google had already
 * accepted the token says so (token_spent): the very same call may be under way on another
 * server, having spent it.
 */
final class PaymentCallCheck {

	/**
	 * Builds the decision.
	 *
	 * @param AjaxResult|null $refusal       The answer when the call is refused.
	 * @param string          $review_reason captcha_failed or captcha_unavailable for money that moved
	 *                                       without a passed captcha; '' otherwise.
	 * @param bool            $token_spent   Whether the refusal is Google's timeout-or-duplicate.
	 */
	private function __construct( public readonly ?AjaxResult $refusal, public readonly string $review_reason, public readonly bool $token_spent = false ) {
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
	 * @param AjaxResult $refusal     The answer.
	 * @param bool       $token_spent Whether Google refused the token as used before (or too old).
	 */
	public static function refused( AjaxResult $refusal, bool $token_spent = false ): self {
		return new self( $refusal, '', $token_spent );
	}
}
