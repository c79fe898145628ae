<?php
/**
 * The provider's fee on one payment, and what reached the provider balance.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books\Fees;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Read by the payment's gateway (ReadsFees) from the provider's answer, in cents.
 */
final class ProviderFee {

	/**
	 * Holds the figures.
	 *
	 * @param int    $fee_cents  The provider's fee.
	 * @param int    $net_cents  What reached the balance (gross less fee).
	 * @param string $currency   Upper-case currency of both.
	 * @param string $reference  The provider's balance transaction, '' when it has none.
	 */
	public function __construct(
		public readonly int $fee_cents,
		public readonly int $net_cents,
		public readonly string $currency,
		public readonly string $reference = ''
	) {
	}
}
