<?php
/**
 * A Stripe SetupIntent, as far as card updates need it.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe\Subscriptions;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Subscriptions\CardDetails;
use DonationWidget\Subscriptions\CardSetup;

/**
 * Typed, read-only access to a SetupIntent: saving a card for later payments, with 3-D Secure
 * when the bank asks for it.
 */
final class SetupIntent implements CardSetup {

	public const REQUIRES_PAYMENT_METHOD = 'requires_payment_method';

	/**
	 * Wraps the object.
	 *
	 * @param array<mixed> $data The SetupIntent.
	 */
	public function __construct( private readonly array $data ) {
	}

	/**
	 * The seti_… id.
	 */
	public function id(): string {
		return $this->text( $this->data, 'id' );
	}

	/**
	 * Status: succeeded, requires_action, requires_payment_method and so on.
	 */
	public function status(): string {
		return $this->text( $this->data, 'status' );
	}

	/**
	 * For stripe.handleNextAction() in the browser.
	 */
	public function client_secret(): string {
		return $this->text( $this->data, 'client_secret' );
	}

	/**
	 * The customer it saves the card for.
	 */
	public function customer_id(): string {
		return $this->id_of( 'customer' );
	}

	/**
	 * The card it saves (pm_…), expanded or not.
	 */
	public function payment_method_id(): string {
		return $this->id_of( 'payment_method' );
	}

	/**
	 * Brand and last four of the card, when payment_method was expanded.
	 */
	public function card(): ?CardDetails {
		return CardDetails::from_payment_method( $this->data['payment_method'] ?? null );
	}

	/**
	 * One metadata value ('' when absent).
	 *
	 * @param string $key Metadata key.
	 */
	public function metadata( string $key ): string {
		$metadata = $this->data['metadata'] ?? array();
		return is_array( $metadata ) ? $this->text( $metadata, $key ) : '';
	}

	/**
	 * The last error's most specific reason (decline code, else code), or ''.
	 */
	public function last_error_reason(): string {
		$error = is_array( $this->data['last_setup_error'] ?? null ) ? $this->data['last_setup_error'] : array();
		$code  = $this->text( $error, 'decline_code' );
		return '' !== $code ? $code : $this->text( $error, 'code' );
	}

	/**
	 * A member that is an id or an expanded object's id.
	 *
	 * @param string $key Member name.
	 */
	private function id_of( string $key ): string {
		$value = $this->data[ $key ] ?? '';
		if ( is_array( $value ) ) {
			$value = $value['id'] ?? '';
		}
		return is_string( $value ) ? $value : '';
	}

	/**
	 * A string member ('' when absent or not a string).
	 *
	 * @param array<mixed> $data Object.
	 * @param string       $key  Member name.
	 */
	private function text( array $data, string $key ): string {
		$value = $data[ $key ] ?? '';
		return is_string( $value ) ? $value : '';
	}
}
