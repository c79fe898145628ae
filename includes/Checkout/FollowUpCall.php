<?php
/**
 * A way to pay whose browser asks for the outcome after confirming the payment itself.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Checkout;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donations\InvalidDonationRequest;

/**
 * Express checkout finishes the payment in the browser after its paying call (the bank's
 * 3-D Secure), then calls get_charge_id: the checkout finds the donation by the payment named and
 * settles it from the provider's copy (the method confirms it there when the site must).
 */
interface FollowUpCall extends PaymentMethod {

	/**
	 * The admin-ajax action of the follow-up call.
	 */
	public function follow_up_action(): string;

	/**
	 * The payment the follow-up call names, checked.
	 *
	 * @param array<string, mixed> $request POST fields.
	 * @throws InvalidDonationRequest When it is missing or malformed.
	 */
	public function followed_payment( array $request ): string;
}
