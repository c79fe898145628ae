<?php
/**
 * One movement of the provider balance a payout is made of.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books\Payouts;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Read by a PayoutSource, with the payment it came from (if any), so the books find its donation.
 */
final class PayoutTransaction {

	/**
	 * Holds the transaction.
	 *
	 * @param string $id                 The provider's transaction id.
	 * @param string $type               The provider's type, such as charge.
	 * @param string $reporting_category The provider's reporting category.
	 * @param int    $amount_cents       Gross.
	 * @param int    $fee_cents          What the provider kept.
	 * @param int    $net_cents          What it did to the balance.
	 * @param string $currency           Upper-case currency.
	 * @param string $source_id          What moved the money (a payment, a refund, a dispute…).
	 * @param string $payment_reference  The payment (provider reference) it belongs to, '' for none.
	 * @param string $payment_id         The provider's payment it belongs to, '' for none.
	 * @param string $description        The provider's description.
	 * @param string $created_at         When (MySQL datetime, UTC).
	 */
	public function __construct(
		public readonly string $id,
		public readonly string $type,
		public readonly string $reporting_category,
		public readonly int $amount_cents,
		public readonly int $fee_cents,
		public readonly int $net_cents,
		public readonly string $currency,
		public readonly string $source_id,
		public readonly string $payment_reference,
		public readonly string $payment_id,
		public readonly string $description,
		public readonly string $created_at
	) {
	}
}
