<?php
/**
 * A card being saved for a 4-weekly donation.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Subscriptions;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Saving a card for later donations, with 3-D Secure when the bank asks for it.
 */
interface CardSetup {

	public const SUCCEEDED       = 'succeeded';
	public const REQUIRES_ACTION = 'requires_action';

	/**
	 * The provider's id of the setup.
	 */
	public function id(): string;

	/**
	 * SUCCEEDED, REQUIRES_ACTION, or the provider's word for anything else.
	 */
	public function status(): string;

	/**
	 * What the browser needs to run 3-D Secure.
	 */
	public function client_secret(): string;

	/**
	 * The saved card's id.
	 */
	public function payment_method_id(): string;

	/**
	 * Brand and last four of the card, when known.
	 */
	public function card(): ?CardDetails;

	/**
	 * The last error's most specific reason, or ''.
	 */
	public function last_error_reason(): string;
}
