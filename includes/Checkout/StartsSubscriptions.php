<?php
/**
 * A way to pay whose 4-weekly donations start their subscription once the first gift is paid.
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
 * A capability of a PaymentMethod (found with GatewayRegistry::method_for() + instanceof): its
 * 4-weekly donation pays the first gift as a payment of its own, like a one-off, and the
 * provider's subscription for the gifts after it is started only once that payment succeeded
 * (SubscriptionStart asks, whichever news of the payment comes first; the reconciliation pass
 * asks again for a paid first gift still without one).
 */
interface StartsSubscriptions {

	/**
	 * Starts the subscription of a paid 4-weekly first donation, its next gift 4 weeks after this
	 * one, and records it on the donation (DonationLedger::start_subscription()). Safe to call
	 * again: a donation that has one keeps it, and a retry makes none twice.
	 *
	 * @param Donation $first A 4-weekly first donation, succeeded.
	 * @return string The provider's subscription id; '' when the provider does not have the first
	 *                payment as paid (nothing was started).
	 * @throws ProviderUnavailable When the provider cannot be reached, fails or refuses.
	 */
	public function start_subscription( Donation $first ): string;
}
