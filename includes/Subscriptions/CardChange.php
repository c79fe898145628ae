<?php
/**
 * One replacement of a 4-weekly donation's card.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Subscriptions;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Always the subscription and customer a card-update link is bound to (never ids from the
 * browser); the reference (the link's id) marks every call, so a retried request repeats nothing.
 */
final class CardChange {

	/**
	 * Holds the change.
	 *
	 * @param int    $reference       The card-update link's id.
	 * @param string $subscription_id The provider's subscription id.
	 * @param string $customer_id     The provider's customer id.
	 */
	public function __construct( public readonly int $reference, public readonly string $subscription_id, public readonly string $customer_id ) {
	}
}
