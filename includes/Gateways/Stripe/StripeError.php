<?php
/**
 * An error answer from Stripe.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Stripe's error object (https://docs.stripe.com/api/errors): type, code, decline_code, param
 * and message. Stripe's outages and timeouts are not these: they are ProviderUnavailable.
 */
abstract class StripeError extends \RuntimeException {

	/**
	 * Describes the error.
	 *
	 * @param int                  $status         HTTP status.
	 * @param string               $type           Error type: card_error, invalid_request_error, idempotency_error and so on.
	 * @param string               $error_code     Stripe's error code, such as card_declined.
	 * @param string               $decline_code   The bank's reason, for card errors.
	 * @param string               $param          The parameter at fault.
	 * @param string               $stripe_message Stripe's message (for card errors, written for the payer).
	 * @param array<string, mixed> $error          The whole error object.
	 */
	public function __construct(
		public readonly int $status,
		public readonly string $type,
		public readonly string $error_code,
		public readonly string $decline_code,
		public readonly string $param,
		public readonly string $stripe_message,
		public readonly array $error
	) {
		parent::__construct( esc_html( "Stripe {$type} ({$error_code}): {$stripe_message}" ) );
	}

	/**
	 * The PaymentIntent Stripe attached to the error (a declined confirmation carries it), if any.
	 *
	 * @return array<string, mixed>|null
	 */
	public function payment_intent(): ?array {
		$intent = $this->error['payment_intent'] ?? null;
		if ( ! is_array( $intent ) ) {
			return null;
		}
		$clean = array();
		foreach ( $intent as $key => $value ) {
			$clean[ (string) $key ] = $value;
		}
		return $clean;
	}

	/**
	 * The most specific reason: the decline code when there is one, else the error code.
	 */
	public function reason_code(): string {
		if ( '' !== $this->decline_code ) {
			return $this->decline_code;
		}
		return '' !== $this->error_code ? $this->error_code : $this->type;
	}
}
