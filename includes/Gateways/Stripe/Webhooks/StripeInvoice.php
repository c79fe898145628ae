<?php
/**
 * A Stripe invoice, as far as 4-weekly donations need it.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe\Webhooks;

/**
 * Typed, read-only access to an invoice from a webhook event. Reads both the pinned API
 * version's fields (subscription, payment_intent, charge) and the newer nesting
 * (parent.subscription_details.subscription).
 */
final class StripeInvoice {

	public const FIRST_INVOICE = 'subscription_create';

	/**
	 * Wraps the invoice.
	 *
	 * @param array<mixed> $data The invoice object.
	 */
	public function __construct( private readonly array $data ) {
	}

	/**
	 * The in_… id.
	 */
	public function id(): string {
		return $this->id_of( 'id' );
	}

	/**
	 * The subscription it bills, or ''.
	 */
	public function subscription_id(): string {
		$id = $this->id_of( 'subscription' );
		if ( '' !== $id ) {
			return $id;
		}
		$parent  = is_array( $this->data['parent'] ?? null ) ? $this->data['parent'] : array();
		$details = is_array( $parent['subscription_details'] ?? null ) ? $parent['subscription_details'] : array();
		$id      = $details['subscription'] ?? '';
		return is_string( $id ) ? $id : '';
	}

	/**
	 * The customer billed.
	 */
	public function customer_id(): string {
		return $this->id_of( 'customer' );
	}

	/**
	 * Why it was made: subscription_create for the first payment, subscription_cycle for renewals.
	 */
	public function billing_reason(): string {
		return $this->id_of( 'billing_reason' );
	}

	/**
	 * Whether this is the subscription's first invoice (the donation made in the widget).
	 */
	public function is_first(): bool {
		return self::FIRST_INVOICE === $this->billing_reason();
	}

	/**
	 * The PaymentIntent that collects it, or '' (newer API versions leave it out).
	 */
	public function payment_intent_id(): string {
		return $this->id_of( 'payment_intent' );
	}

	/**
	 * The charge that paid it, or '' (newer API versions leave it out).
	 */
	public function charge_id(): string {
		return $this->id_of( 'charge' );
	}

	/**
	 * Amount paid, in cents.
	 */
	public function amount_paid(): int {
		return $this->cents( 'amount_paid' );
	}

	/**
	 * Amount due, in cents.
	 */
	public function amount_due(): int {
		return $this->cents( 'amount_due' );
	}

	/**
	 * Upper-case currency.
	 */
	public function currency(): string {
		return strtoupper( $this->id_of( 'currency' ) );
	}

	/**
	 * How many times Stripe tried to collect it.
	 */
	public function attempt_count(): int {
		return $this->cents( 'attempt_count' );
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
	 * An integer member.
	 *
	 * @param string $key Member name.
	 */
	private function cents( string $key ): int {
		$value = $this->data[ $key ] ?? 0;
		return is_numeric( $value ) ? (int) $value : 0;
	}
}
