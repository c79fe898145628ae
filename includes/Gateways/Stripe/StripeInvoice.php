<?php
/**
 * A Stripe invoice, as far as 4-weekly donations need it.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Typed, read-only access to an invoice in the pinned API version's shape (StripeClient::
 * API_VERSION): the subscription it bills is parent.subscription_details.subscription, and what
 * paid it is its list of invoice payments (expand[]=payments), each naming a PaymentIntent. The
 * invoice no longer names a charge or PaymentIntent itself (Stripe removed them in 2025-03-31),
 * so StripeInvoices::read() adds the charge of its paying PaymentIntent.
 */
final class StripeInvoice {

	public const PAID = 'paid';

	/**
	 * Wraps the invoice.
	 *
	 * @param array<mixed> $data      The invoice object, payments expanded.
	 * @param string       $charge_id The charge of its paying PaymentIntent ('' when none yet).
	 */
	public function __construct( private readonly array $data, private readonly string $charge_id = '' ) {
	}

	/**
	 * The in_… id.
	 */
	public function id(): string {
		return self::id_of( $this->data, 'id' );
	}

	/**
	 * Its status: draft, open, paid, uncollectible or void.
	 */
	public function status(): string {
		return self::id_of( $this->data, 'status' );
	}

	/**
	 * Whether the invoice is paid.
	 */
	public function is_paid(): bool {
		return self::PAID === $this->status();
	}

	/**
	 * The subscription it bills, or ''.
	 */
	public function subscription_id(): string {
		$parent  = is_array( $this->data['parent'] ?? null ) ? $this->data['parent'] : array();
		$details = is_array( $parent['subscription_details'] ?? null ) ? $parent['subscription_details'] : array();
		return self::id_of( $details, 'subscription' );
	}

	/**
	 * The customer billed.
	 */
	public function customer_id(): string {
		return self::id_of( $this->data, 'customer' );
	}

	/**
	 * The PaymentIntent that paid it (or, while unpaid, that is collecting it), or ''.
	 */
	public function payment_intent_id(): string {
		$payment = $this->payment();
		$details = is_array( $payment['payment'] ?? null ) ? $payment['payment'] : array();
		return self::id_of( $details, 'payment_intent' );
	}

	/**
	 * The charge that paid it, or ''.
	 */
	public function charge_id(): string {
		return $this->charge_id;
	}

	/**
	 * Amount paid, in cents.
	 */
	public function amount_paid(): int {
		return self::cents( $this->data, 'amount_paid' );
	}

	/**
	 * Amount due, in cents.
	 */
	public function amount_due(): int {
		return self::cents( $this->data, 'amount_due' );
	}

	/**
	 * Upper-case currency.
	 */
	public function currency(): string {
		return strtoupper( self::id_of( $this->data, 'currency' ) );
	}

	/**
	 * How many times Stripe tried to collect it.
	 */
	public function attempt_count(): int {
		return self::cents( $this->data, 'attempt_count' );
	}

	/**
	 * The invoice payment that counts: the paid one, else the default one (the PaymentIntent
	 * Stripe is collecting with), else the newest.
	 *
	 * @return array<mixed>
	 */
	private function payment(): array {
		$payments = is_array( $this->data['payments'] ?? null ) ? $this->data['payments'] : array();
		$list     = array_values( array_filter( is_array( $payments['data'] ?? null ) ? $payments['data'] : array(), 'is_array' ) );
		foreach ( $list as $payment ) {
			if ( 'paid' === ( $payment['status'] ?? '' ) ) {
				return $payment;
			}
		}
		foreach ( $list as $payment ) {
			if ( true === ( $payment['is_default'] ?? false ) ) {
				return $payment;
			}
		}
		$last = end( $list );
		return false === $last ? array() : $last;
	}

	/**
	 * A member that is an id or an expanded object's id.
	 *
	 * @param array<mixed> $data Object.
	 * @param string       $key  Member name.
	 */
	private static function id_of( array $data, string $key ): string {
		$value = $data[ $key ] ?? '';
		if ( is_array( $value ) ) {
			$value = $value['id'] ?? '';
		}
		return is_string( $value ) ? $value : '';
	}

	/**
	 * An integer member.
	 *
	 * @param array<mixed> $data Object.
	 * @param string       $key  Member name.
	 */
	private static function cents( array $data, string $key ): int {
		$value = $data[ $key ] ?? 0;
		return is_numeric( $value ) ? (int) $value : 0;
	}
}
