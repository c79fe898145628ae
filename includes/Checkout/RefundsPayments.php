<?php
/**
 * A gateway that can give money back.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Checkout;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donations\Donation;
use DonationWidget\Http\ProviderUnavailable;

/**
 * Implemented by the gateways whose provider refunds through its API (a refund call on the
 * payment), so the donation's screen offers a refund without naming a gateway.
 * The books (Books\Refunds) decide whether a refund may be asked for and record its answer.
 */
interface RefundsPayments {

	/**
	 * Asks the provider to refund part or all of a donation's payment. The same request (same
	 * key) sent twice makes one refund: the provider answers the second with the first's result.
	 *
	 * @param Donation      $donation The paid donation.
	 * @param RefundRequest $request  How much, why, and the keys that make it once-only.
	 * @return ProviderRefund The refund as the provider recorded it.
	 * @throws RefundRefused       When the provider refuses it (nothing was refunded).
	 * @throws ProviderUnavailable When no answer came (it may have been made).
	 */
	public function refund( Donation $donation, RefundRequest $request ): ProviderRefund;
}
