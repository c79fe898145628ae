<?php
/**
 * A PayPal order, as far as donations need it.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\PayPal;

/**
 * Typed, read-only access to an order from GET /v2/checkout/orders/{id} (Orders v2): its
 * status and the capture of its first purchase unit, once captured.
 */
final class PayPalOrder {

	public const COMPLETED = 'COMPLETED';

	/**
	 * Wraps the order.
	 *
	 * @param array<mixed> $data The order object.
	 */
	public function __construct( private readonly array $data ) {
	}

	/**
	 * The order id.
	 */
	public function id(): string {
		$id = $this->data['id'] ?? '';
		return is_string( $id ) ? $id : '';
	}

	/**
	 * CREATED, SAVED, APPROVED, VOIDED, COMPLETED or PAYER_ACTION_REQUIRED.
	 */
	public function status(): string {
		$status = $this->data['status'] ?? '';
		return is_string( $status ) ? $status : '';
	}

	/**
	 * The latest capture of the first purchase unit (purchase_units[0].payments.captures), or
	 * null while nothing was captured. Intent CAPTURE allows one capture per order.
	 */
	public function capture(): ?PayPalCapture {
		$units    = $this->data['purchase_units'] ?? null;
		$unit     = is_array( $units ) ? ( $units[0] ?? null ) : null;
		$payments = is_array( $unit ) ? ( $unit['payments'] ?? null ) : null;
		$captures = is_array( $payments ) ? ( $payments['captures'] ?? null ) : null;
		if ( ! is_array( $captures ) || array() === $captures ) {
			return null;
		}
		$last = end( $captures );
		return is_array( $last ) ? new PayPalCapture( $last ) : null;
	}
}
