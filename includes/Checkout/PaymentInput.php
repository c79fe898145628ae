<?php
/**
 * What the browser sent for one payment method, checked.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Checkout;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * The fields of a payment call that belong to its method (formData and attemptId are the
 * checkout's), read and checked by PaymentMethod::read().
 */
final class PaymentInput {

	/**
	 * Builds the input.
	 *
	 * @param array<string, string> $fields    The method's own fields, checked, by name.
	 * @param string                $page_url  The page the donor is on, kept on the record ('' for none).
	 * @param string                $continues A payment the browser carries on with (after 3-D Secure), else ''.
	 * @param string                $reference The provider's id of money that moved before this call (a
	 *                                         wallet capture), else ''.
	 */
	public function __construct(
		private readonly array $fields = array(),
		public readonly string $page_url = '',
		public readonly string $continues = '',
		public readonly string $reference = ''
	) {
	}

	/**
	 * One of the method's fields, '' when absent.
	 *
	 * @param string $name Field name.
	 */
	public function field( string $name ): string {
		return $this->fields[ $name ] ?? '';
	}

	/**
	 * Whether the money moved before the call reached us (the browser captured it), so the
	 * donation must be recorded whatever else the call gets wrong.
	 */
	public function money_already_moved(): bool {
		return '' !== $this->reference;
	}
}
