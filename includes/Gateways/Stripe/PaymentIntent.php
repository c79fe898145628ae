<?php
/**
 * A Stripe PaymentIntent, as far as donations need it.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Typed, read-only access to a PaymentIntent object from Stripe's API or a webhook event.
 */
final class PaymentIntent {

	public const SUCCEEDED               = 'succeeded';
	public const PROCESSING              = 'processing';
	public const REQUIRES_ACTION         = 'requires_action';
	public const REQUIRES_PAYMENT_METHOD = 'requires_payment_method';
	public const REQUIRES_CONFIRMATION   = 'requires_confirmation';
	public const REQUIRES_CAPTURE        = 'requires_capture';
	public const CANCELED                = 'canceled';

	/**
	 * Wraps the object.
	 *
	 * @param array<mixed> $data The PaymentIntent object.
	 */
	public function __construct( private readonly array $data ) {
	}

	/**
	 * The id of a PaymentIntent's client secret ("pi_123_secret_abc" → "pi_123"), or ''.
	 *
	 * @param string $client_secret Client secret.
	 */
	public static function id_from_client_secret( string $client_secret ): string {
		$at = strpos( $client_secret, '_secret_' );
		return false === $at ? '' : substr( $client_secret, 0, $at );
	}

	/**
	 * The pi_… id.
	 */
	public function id(): string {
		return $this->text( $this->data, 'id' );
	}

	/**
	 * Status: succeeded, processing, requires_action …
	 */
	public function status(): string {
		return $this->text( $this->data, 'status' );
	}

	/**
	 * Amount in cents.
	 */
	public function amount(): int {
		$amount = $this->data['amount'] ?? 0;
		return is_int( $amount ) ? $amount : ( is_numeric( $amount ) ? (int) $amount : 0 );
	}

	/**
	 * Lower-case currency, such as aud.
	 */
	public function currency(): string {
		return strtolower( $this->text( $this->data, 'currency' ) );
	}

	/**
	 * The customer it is for (cus_…), whether or not it was expanded, or ''.
	 */
	public function customer_id(): string {
		$customer = $this->data['customer'] ?? '';
		if ( is_array( $customer ) ) {
			return $this->text( $customer, 'id' );
		}
		return is_string( $customer ) ? $customer : '';
	}

	/**
	 * When it was made (Unix time), or 0.
	 */
	public function created(): int {
		$created = $this->data['created'] ?? 0;
		return is_numeric( $created ) ? (int) $created : 0;
	}

	/**
	 * The client secret the browser needs to authenticate or confirm.
	 */
	public function client_secret(): string {
		return $this->text( $this->data, 'client_secret' );
	}

	/**
	 * The id of the latest charge (ch_…), whether or not it was expanded.
	 */
	public function latest_charge_id(): string {
		$charge = $this->data['latest_charge'] ?? '';
		if ( is_array( $charge ) ) {
			return $this->text( $charge, 'id' );
		}
		return is_string( $charge ) ? $charge : '';
	}

	/**
	 * The payment method of its latest attempt (pm_…), whether or not it was expanded, or ''.
	 */
	public function payment_method_id(): string {
		$method = $this->data['payment_method'] ?? '';
		if ( is_array( $method ) ) {
			return $this->text( $method, 'id' );
		}
		return is_string( $method ) ? $method : '';
	}

	/**
	 * How it may be confirmed: manual when only the site's secret key may confirm it (the browser can only authenticate);
	 * automatic or automatic_async when the browser may confirm it with its client secret.
	 */
	public function confirmation_method(): string {
		return $this->text( $this->data, 'confirmation_method' );
	}

	/**
	 * Whether only the site may confirm it.
	 */
	public function is_confirmed_by_server(): bool {
		return 'manual' === $this->confirmation_method();
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
	 * Whether the last attempt failed (declined, or authentication failed).
	 */
	public function has_failed_attempt(): bool {
		return is_array( $this->data['last_payment_error'] ?? null );
	}

	/**
	 * The last error's type: card_error, or invalid_request_error for a failed authentication.
	 */
	public function last_error_type(): string {
		return $this->last_error( 'type' );
	}

	/**
	 * The last error's most specific reason: decline code, else error code.
	 */
	public function last_error_reason(): string {
		$decline = $this->last_error( 'decline_code' );
		return '' !== $decline ? $decline : $this->last_error( 'code' );
	}

	/**
	 * The last error's message.
	 */
	public function last_error_message(): string {
		return $this->last_error( 'message' );
	}

	/**
	 * Whether latest_charge was expanded, so method() knows the wallet.
	 */
	public function has_expanded_charge(): bool {
		return is_array( $this->data['latest_charge'] ?? null );
	}

	/**
	 * The latest charge when expanded (with its balance_transaction when that was expanded too).
	 *
	 * @return array<mixed>|null
	 */
	public function expanded_charge(): ?array {
		$charge = $this->data['latest_charge'] ?? null;
		return is_array( $charge ) ? $charge : null;
	}

	/**
	 * How the donor paid: the wallet (google_pay, apple_pay …) of a card, link, or card.
	 * Reads the expanded latest_charge when there is one, else the allowed types.
	 */
	public function method(): string {
		$charge = $this->data['latest_charge'] ?? null;
		if ( is_array( $charge ) && is_array( $charge['payment_method_details'] ?? null ) ) {
			$details = $charge['payment_method_details'];
			$type    = $this->text( $details, 'type' );
			if ( 'card' === $type && is_array( $details['card'] ?? null ) && is_array( $details['card']['wallet'] ?? null ) ) {
				$wallet = $this->text( $details['card']['wallet'], 'type' );
				return '' !== $wallet ? $wallet : 'card';
			}
			if ( '' !== $type ) {
				return $type;
			}
		}
		$types = $this->data['payment_method_types'] ?? array();
		return is_array( $types ) && 1 === count( $types ) && is_string( reset( $types ) ) ? reset( $types ) : 'card';
	}

	/**
	 * One member of the last_payment_error object.
	 *
	 * @param string $key Member name.
	 */
	private function last_error( string $key ): string {
		$error = $this->data['last_payment_error'] ?? null;
		return is_array( $error ) ? $this->text( $error, $key ) : '';
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
