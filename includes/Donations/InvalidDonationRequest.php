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
	 * Field path => plain-text message for the donor.
	 *
	 * @var array<string, string>
	 */
	public readonly array $errors;

	/**
	 * Describes what is wrong.
	 *
	 * @param array<string, string> $errors Field path (such as "formData.address.city") => message for the donor,
	 *                                     HTML-escaped where thrown (the directory's rule); kept as plain text,
	 *                                     which the widget shows as text.
	 */
	public function __construct( array $errors ) {
		$plain = array();
		foreach ( $errors as $field => $message ) {
			$plain[ wp_specialchars_decode( (string) $field, ENT_QUOTES ) ] = wp_specialchars_decode( $message, ENT_QUOTES );
		}
		$this->errors = $plain;
		parent::__construct( (string) ( $plain[ array_key_first( $plain ) ] ?? '' ) );
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
