<?php
/**
 * Words for a donation flagged for review.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Donations;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * A donation can be recorded exactly as it happened and still need a person to look at it,
 * such as a wallet payment whose donor failed reCAPTCHA after the wallet provider had taken the
 * money, or a wallet capture of another amount than the donation's (held: status "Needs review").
 */
final class ReviewReason {

	/**
	 * "Needs review: …" for a stored review_reason, or '' when there is none.
	 *
	 * @param string $reason The stored reason, such as captcha_failed.
	 */
	public static function label( string $reason ): string {
		if ( '' === $reason ) {
			return '';
		}
		$why = array(
			'captcha_failed'      => __( 'reCAPTCHA failed', 'donation-widget' ),
			'captcha_unavailable' => __( 'reCAPTCHA could not be checked', 'donation-widget' ),
			'amount_mismatch'     => __( 'the payment received is not the amount given, so no receipt was sent; refund it or contact the donor', 'donation-widget' ),
		);
		/* translators: %s: why the donation needs review, such as "reCAPTCHA failed". */
		return sprintf( __( 'Needs review: %s', 'donation-widget' ), $why[ $reason ] ?? $reason );
	}
}
