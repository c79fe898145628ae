<?php
/**
 * A PayPal capture, as far as donations need it.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\PayPal;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Typed, read-only access to a capture from GET /v2/payments/captures/{id} (or one listed in
 * its order).
 */
final class PayPalCapture {

	public const COMPLETED = 'COMPLETED';
	public const PENDING   = 'PENDING';
	public const DECLINED  = 'DECLINED';
	public const FAILED    = 'FAILED';

	/**
	 * Wraps the capture.
	 *
	 * @param array<mixed> $data The capture object.
	 */
	public function __construct( private readonly array $data ) {
	}

	/**
	 * The capture id.
	 */
	public function id(): string {
		return $this->text( $this->data, 'id' );
	}

	/**
	 * COMPLETED, PENDING, DECLINED, FAILED, REFUNDED or PARTIALLY_REFUNDED.
	 */
	public function status(): string {
		return $this->text( $this->data, 'status' );
	}

	/**
	 * Why it is pending (such as PENDING_REVIEW), or ''.
	 */
	public function status_reason(): string {
		$details = $this->data['status_details'] ?? null;
		return is_array( $details ) ? $this->text( $details, 'reason' ) : '';
	}

	/**
	 * The order it captured (supplementary_data.related_ids.order_id), '' when not given (a
	 * capture read from its order carries none).
	 */
	public function order_id(): string {
		$supplementary = $this->data['supplementary_data'] ?? null;
		$related       = is_array( $supplementary ) ? ( $supplementary['related_ids'] ?? null ) : null;
		return is_array( $related ) ? $this->text( $related, 'order_id' ) : '';
	}

	/**
	 * The invoice_id of the purchase unit it captured: the attemptId the widget gave its order
	 * ('' when none: an order this widget did not make).
	 */
	public function invoice_id(): string {
		return $this->text( $this->data, 'invoice_id' );
	}

	/**
	 * Upper-case currency code, such as AUD.
	 */
	public function currency(): string {
		return strtoupper( $this->text( $this->amount(), 'currency_code' ) );
	}

	/**
	 * The captured amount as PayPal wrote it, such as "52.50".
	 */
	public function value(): string {
		return $this->text( $this->amount(), 'value' );
	}

	/**
	 * What the charity receives: gross_amount, paypal_fee and net_amount ([] when not given,
	 * such as on a capture still pending).
	 *
	 * @return array<mixed>
	 */
	public function seller_receivable_breakdown(): array {
		$breakdown = $this->data['seller_receivable_breakdown'] ?? null;
		return is_array( $breakdown ) ? $breakdown : array();
	}

	/**
	 * The amount object.
	 *
	 * @return array<mixed>
	 */
	private function amount(): array {
		$amount = $this->data['amount'] ?? null;
		return is_array( $amount ) ? $amount : array();
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
