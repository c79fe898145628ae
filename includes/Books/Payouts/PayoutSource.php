<?php
/**
 * A provider that makes bank deposits, read for the books.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books\Payouts;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Http\ProviderUnavailable;

/**
 * Implemented by the gateways whose provider pays the balance out to the bank (found with
 * GatewayRegistry::gateway() and instanceof, like Checkout\RefundsPayments), and by their
 * payout listeners: PayoutBooks records and explains each payout, PayoutReconciler lists them.
 */
interface PayoutSource {

	/**
	 * The payouts made since a time, newest first, read as the caller walks them.
	 *
	 * @param int $since Unix time.
	 * @return iterable<ProviderPayout>
	 * @throws ProviderUnavailable When the provider cannot be reached or refuses the list.
	 */
	public function payouts_since( int $since ): iterable;

	/**
	 * Every movement of the balance a payout is made of, read as the caller walks them.
	 *
	 * @param string $payout_id The provider's payout id.
	 * @return iterable<PayoutTransaction>
	 * @throws ProviderUnavailable When the provider cannot be reached or refuses the list.
	 */
	public function payout_transactions( string $payout_id ): iterable;
}
