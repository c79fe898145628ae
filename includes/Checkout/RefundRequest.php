<?php
/**
 * A refund the site asks a provider for.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Checkout;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * What the admin asked for, with the refund row that claimed it: its id goes to the provider
 * (in the provider's metadata), so the provider's webhook finds the same row, and it makes
 * the provider's idempotency key.
 */
final class RefundRequest {

	/**
	 * Builds the request.
	 *
	 * @param int    $refund_id    The refunds row claimed for it.
	 * @param int    $amount_cents How much to give back, in cents.
	 * @param string $reason       The admin's reason (for the provider's records).
	 */
	public function __construct(
		public readonly int $refund_id,
		public readonly int $amount_cents,
		public readonly string $reason
	) {
	}

	/**
	 * The idempotency key: the row is claimed once, so every retry of it sends the same key.
	 */
	public function idempotency_key(): string {
		return 'donation-widget-refund-' . $this->refund_id;
	}
}
