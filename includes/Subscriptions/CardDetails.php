<?php
/**
 * Which card: brand and last four digits, nothing more.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Subscriptions;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * What the widget may show about a saved card ("Visa ending in 4242"). Never the number.
 */
final class CardDetails {

	/**
	 * Holds the card.
	 *
	 * @param string $brand The card provider's brand: visa, mastercard, amex and so on.
	 * @param string $last4 Last four digits.
	 */
	public function __construct( public readonly string $brand, public readonly string $last4 ) {
	}

	/**
	 * The card of an expanded PaymentMethod (or a legacy Card object), or null.
	 *
	 * @param mixed $payment_method A PaymentMethod object, or an id (not expanded: null).
	 */
	public static function from_payment_method( mixed $payment_method ): ?self {
		if ( ! is_array( $payment_method ) ) {
			return null;
		}
		$card  = is_array( $payment_method['card'] ?? null ) ? $payment_method['card'] : $payment_method;
		$brand = is_string( $card['brand'] ?? null ) ? strtolower( $card['brand'] ) : '';
		$last4 = is_string( $card['last4'] ?? null ) ? $card['last4'] : '';
		if ( '' === $brand || ! preg_match( '/^[0-9]{4}$/D', $last4 ) ) {
			return null;
		}
		return new self( preg_replace( '/[^a-z_]/', '', $brand ) ?? '', $last4 );
	}

	/**
	 * As the calls answer it.
	 *
	 * @return array{brand: string, last4: string}
	 */
	public function to_array(): array {
		return array(
			'brand' => $this->brand,
			'last4' => $this->last4,
		);
	}

	/**
	 * For the audit, such as "visa ending 4242".
	 */
	public function describe(): string {
		return $this->brand . ' ending ' . $this->last4;
	}
}
