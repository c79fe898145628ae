<?php
/**
 * A payment call the server refuses: its formData or another field failed the checks.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Donations;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Carries every field that failed, so the answer can name them all.
 */
final class InvalidDonationRequest extends \InvalidArgumentException {

	/**
	 * Describes what is wrong.
	 *
	 * @param array<string, string> $errors Field path (such as "formData.address.city") => message for the donor.
	 */
	public function __construct( public readonly array $errors ) {
		parent::__construct( (string) ( $errors[ array_key_first( $errors ) ] ?? '' ) );
	}

	/**
	 * The first field that failed.
	 */
	public function field(): string {
		return (string) array_key_first( $this->errors );
	}

	/**
	 * The message of the first field that failed.
	 */
	public function first_message(): string {
		$field = array_key_first( $this->errors );
		return null === $field ? '' : $this->errors[ $field ];
	}
}
