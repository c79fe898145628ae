<?php
/**
 * The resource of a PAYMENT.CAPTURE.* event.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\PayPal\Webhooks;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donations\Money;

/**
 * COMPLETED and DENIED carry the capture itself; REFUNDED and REVERSED carry the refund, whose
 * "up" link names the capture it took money back from.
 */
final class CaptureResource {

	/**
	 * Wraps the resource.
	 *
	 * @param array<mixed> $data The event's resource.
	 */
	public function __construct( private readonly array $data ) {
	}

	/**
	 * The resource's own id (capture or refund).
	 */
	public function id(): string {
		return $this->text( $this->data, 'id' );
	}

	/**
	 * The resource's status, such as COMPLETED.
	 */
	public function status(): string {
		return $this->text( $this->data, 'status' );
	}

	/**
	 * The capture's invoice_id: the attemptId the widget put on its order, '' when none.
	 */
	public function invoice_id(): string {
		return $this->text( $this->data, 'invoice_id' );
	}

	/**
	 * The resource's custom_id (on a refund the site asked for: the refunds row), '' when none.
	 */
	public function custom_id(): string {
		return $this->text( $this->data, 'custom_id' );
	}

	/**
	 * The order the capture belongs to (supplementary_data.related_ids.order_id), '' when none.
	 */
	public function order_id(): string {
		$supplementary = $this->data['supplementary_data'] ?? null;
		$related       = is_array( $supplementary ) ? ( $supplementary['related_ids'] ?? null ) : null;
		return is_array( $related ) ? $this->text( $related, 'order_id' ) : '';
	}

	/**
	 * The capture a refund (or reversal) belongs to, from its "up" link; '' when it has none.
	 */
	public function refunded_capture_id(): string {
		$links = $this->data['links'] ?? null;
		foreach ( is_array( $links ) ? $links : array() as $link ) {
			$href = is_array( $link ) ? $this->text( $link, 'href' ) : '';
			if ( is_array( $link ) && 'up' === $this->text( $link, 'rel' ) && preg_match( '#/v2/payments/captures/([A-Za-z0-9]+)$#', $href, $match ) ) {
				return $match[1];
			}
		}
		return '';
	}

	/**
	 * Upper-case currency of the amount.
	 */
	public function currency(): string {
		return strtoupper( $this->text( $this->amount( $this->data ), 'currency_code' ) );
	}

	/**
	 * The amount in cents, or null when it is not a plain decimal.
	 */
	public function cents(): ?int {
		return self::to_cents( $this->text( $this->amount( $this->data ), 'value' ) );
	}

	/**
	 * For a refund: everything refunded from the capture so far, in cents (PayPal's
	 * seller_payable_breakdown.total_refunded_amount), else this refund's own amount.
	 */
	public function total_refunded_cents(): ?int {
		$breakdown = $this->data['seller_payable_breakdown'] ?? null;
		$total     = is_array( $breakdown ) ? $this->amount( $breakdown, 'total_refunded_amount' ) : array();
		return array() !== $total ? self::to_cents( $this->text( $total, 'value' ) ) : $this->cents();
	}

	/**
	 * Cents of a decimal amount such as "52.50", or null.
	 *
	 * @param string $value PayPal's amount value.
	 */
	private static function to_cents( string $value ): ?int {
		return preg_match( '/^[0-9]{1,9}(\.[0-9]{1,2})?$/D', $value ) ? Money::cents( $value ) : null;
	}

	/**
	 * An amount object.
	 *
	 * @param array<mixed> $data Object holding it.
	 * @param string       $key  Its member name.
	 * @return array<mixed>
	 */
	private function amount( array $data, string $key = 'amount' ): array {
		$amount = $data[ $key ] ?? null;
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
