<?php
/**
 * A way to pay whose browser creates the provider's payment before the donor pays.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Checkout;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donations\DonationForm;
use DonationWidget\Donations\InvalidDonationRequest;
use DonationWidget\Http\ProviderUnavailable;

/**
 * The wallet provider's buttons create the order in the browser, and the browser captures it too: if it
 * never reports the capture, nothing would know of the payment. So the browser first names the
 * order it created (an opening call, before the donor can pay): the checkout writes the
 * attempt's pending record holding the order's id, for the paying call, a webhook or the
 * reconciliation pass to complete.
 */
interface OpeningCall extends PaymentMethod {

	/**
	 * The admin-ajax action of the opening call.
	 */
	public function open_action(): string;

	/**
	 * The provider's payment (the wallet provider's order id) the opening call names, checked.
	 *
	 * @param array<string, mixed> $request POST fields.
	 * @param DonationForm         $form    The checked formData.
	 * @throws InvalidDonationRequest When it is missing or malformed, or the form cannot use the method.
	 */
	public function opened_payment( array $request, DonationForm $form ): string;

	/**
	 * Whether money the browser says it moved (a capture) was made by this widget for this
	 * attempt, asked of the provider: for a paying call with no record yet, so money that is
	 * not the attempt's never gets a record of its own.
	 *
	 * @param string       $attempt_id The attemptId.
	 * @param PaymentInput $input      The paying call's fields (its reference).
	 * @throws ProviderUnavailable When the provider cannot tell now.
	 */
	public function belongs_to( string $attempt_id, PaymentInput $input ): bool;
}
