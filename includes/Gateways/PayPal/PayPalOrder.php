<?php
/**
 * A PayPal order, as far as donations need it.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\PayPal;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

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
	 * The invoice_id of its first purchase unit: the attemptId the widget gave it, '' when none.
	 */
	public function invoice_id(): string {
		$unit = $this->first_unit();
		return is_string( $unit['invoice_id'] ?? null ) ? $unit['invoice_id'] : '';
	}

	/**
	 * The latest capture of the first purchase unit (purchase_units[0].payments.captures), or
	 * null while nothing was captured. Intent CAPTURE allows one capture per order.
	 */
	public function capture(): ?PayPalCapture {
		$unit     = $this->first_unit();
		$payments = $unit['payments'] ?? null;
		$captures = is_array( $payments ) ? ( $payments['captures'] ?? null ) : null;
		if ( ! is_array( $captures ) || array() === $captures ) {
			return null;
		}
		$last = end( $captures );
		if ( ! is_array( $last ) ) {
			return null;
		}
		// A capture listed in its order names neither the order nor always the invoice: both are
		// the order's.
		$last['invoice_id']         = is_string( $last['invoice_id'] ?? null ) ? $last['invoice_id'] : $this->invoice_id();
		$last['supplementary_data'] = array( 'related_ids' => array( 'order_id' => $this->id() ) );
		return new PayPalCapture( $last );
	}

	/**
	 * The first purchase unit.
	 *
	 * @return array<mixed>
	 */
	private function first_unit(): array {
		$units = $this->data['purchase_units'] ?? null;
		$unit  = is_array( $units ) ? ( $units[0] ?? null ) : null;
		return is_array( $unit ) ? $unit : array();
	}
}
