<?php
/**
 * A gateway that tells what it took from a payment.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books\Fees;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donations\Donation;
use DonationWidget\Http\ProviderUnavailable;

/**
 * Implemented by the gateways whose provider reports its fee on each payment, so the books
 * record fee and net without naming a gateway (found with GatewayRegistry::gateway() and
 * instanceof, like Checkout\RefundsPayments).
 */
interface ReadsFees {

	/**
	 * The provider's fee and net on the donation's payment.
	 *
	 * @param Donation $donation A paid donation with its provider reference.
	 * @return ProviderFee|null Null when the provider has no such payment or no figures for it
	 *                          (not settled yet, another currency).
	 * @throws ProviderUnavailable When the provider cannot answer now: try later.
	 */
	public function payment_fee( Donation $donation ): ?ProviderFee;
}
