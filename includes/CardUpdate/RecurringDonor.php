<?php
/**
 * The donor behind a 4-weekly subscription, as far as card-update links need them.
 *
 * @package DonationWidget
 */

namespace DonationWidget\CardUpdate;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Who a link is for: the subscription and customer it is bound to, and how to write to them.
 */
final class RecurringDonor {

	/**
	 * Builds the donor.
	 *
	 * @param string $subscription_id sub_… id.
	 * @param string $customer_id     cus_… id.
	 * @param string $status          SubscriptionRepository status: incomplete, active or cancelled.
	 * @param string $email           Email address from the first donation.
	 * @param string $first_name      First name from the first donation.
	 * @param int    $amount_cents    The 4-weekly amount.
	 */
	public function __construct(
		public readonly string $subscription_id,
		public readonly string $customer_id,
		public readonly string $status,
		public readonly string $email,
		public readonly string $first_name,
		public readonly int $amount_cents
	) {
	}
}
