<?php
/**
 * One bank deposit, as its provider describes it.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books\Payouts;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Read by a PayoutSource; dates are UTC.
 */
final class ProviderPayout {

	/**
	 * Holds the payout.
	 *
	 * @param string $provider     The stored provider id.
	 * @param string $id           The provider's payout id.
	 * @param int    $amount_cents What reaches the bank.
	 * @param string $currency     Upper-case currency.
	 * @param string $status       The provider's status, such as paid.
	 * @param string $arrival_date Y-m-d: when it reaches the bank.
	 * @param string $created_at   When it was made (MySQL datetime).
	 */
	public function __construct(
		public readonly string $provider,
		public readonly string $id,
		public readonly int $amount_cents,
		public readonly string $currency,
		public readonly string $status,
		public readonly string $arrival_date,
		public readonly string $created_at
	) {
	}
}
