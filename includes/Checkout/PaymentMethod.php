<?php
/**
 * What the checkout needs of a way to pay.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Checkout;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donations\Donation;
use DonationWidget\Donations\RecordNotWritten;
use DonationWidget\Donations\DonationForm;
use DonationWidget\Donations\InvalidDonationRequest;
use DonationWidget\Http\ProviderUnavailable;

/**
 * One way to pay (card, express checkout, a wallet provider's button, bank debit …). The checkout runs the attempt
 * sequence around it (guard, formData, idempotency, captcha, the pending record) and records
 * what it reports; the method only talks to its provider.
 */
interface PaymentMethod {

	/**
	 * Its id for the widget and the settings: card, express_checkout, au_becs_debit …
	 */
	public function id(): string;

	/**
	 * The admin-ajax action that pays with it (docs/widget-contract.md#7-the-calls-it-makes names for the methods it lists).
	 */
	public function action(): string;

	/**
	 * Whose payment it is, as stored on the record: its gateway's id.
	 */
	public function provider(): string;

	/**
	 * The method stored on a new record, or '' when it is known only once paid (a wallet).
	 */
	public function method(): string;

	/**
	 * Whether donors may use it now: its keys are set and the charity switched it on.
	 */
	public function is_available(): bool;

	/**
	 * Names for people of the method values it stores, such as array( 'card' => 'Card' ).
	 *
	 * @return array<string, string>
	 */
	public function names(): array;

	/**
	 * Reads and checks the call's own fields; formData is already checked.
	 *
	 * @param array<string, mixed> $request POST fields.
	 * @param DonationForm         $form    The checked formData.
	 * @throws InvalidDonationRequest When a field is missing or malformed.
	 */
	public function read( array $request, DonationForm $form ): PaymentInput;

	/**
	 * Starts, or carries on with, the payment of an open donation.
	 *
	 * @param Donation     $donation The attempt's donation, pending or requires_action.
	 * @param PaymentInput $input    What the browser sent.
	 * @throws ProviderUnavailable When the provider cannot be reached or fails: the record stays
	 *                             open and a retry of the attempt is safe.
	 */
	public function pay( Donation $donation, PaymentInput $input ): PaymentOutcome;

	/**
	 * The outcome to answer again to a retried attempt whose donation is already settled.
	 *
	 * @param Donation $donation A settled donation of this method.
	 */
	public function replay( Donation $donation ): PaymentOutcome;

	/**
	 * Asks the provider where an open donation's payment stands now.
	 *
	 * @param Donation $donation An open donation of this method.
	 * @throws ProviderUnavailable When the provider cannot be reached or fails.
	 * @throws RecordNotWritten    When the database refused a write the answer depends on (a claim
	 *                             on the provider's payment).
	 */
	public function settle( Donation $donation ): PaymentOutcome;
}
