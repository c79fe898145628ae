<?php
/**
 * Stripe event customer.subscription.deleted.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe\Webhooks\Listeners;

use DonationWidget\Checkout\DonationLedger;

/**
 * A 4-weekly donation ended (cancelled in Stripe's dashboard, or after Stripe gave up collecting
 * it). The subscription is marked cancelled; its donation rows keep their own statuses, since the
 * money they record did move. The action donation_widget_subscription_cancelled fires only for a
 * subscription that was collecting, not for one whose first payment never went through.
 */
final class CustomerSubscriptionDeleted implements EventListener {

	/**
	 * Builds the listener.
	 *
	 * @param DonationLedger $ledger Subscription records.
	 */
	public function __construct( private readonly DonationLedger $ledger ) {
	}

	/**
	 * Marks the subscription cancelled and announces it.
	 *
	 * @param array<mixed> $object The subscription.
	 */
	public function handle( array $object ): string {
		$subscription_id = is_string( $object['id'] ?? null ) ? $object['id'] : '';
		$before          = $this->ledger->subscription( $subscription_id );
		if ( null === $before ) {
			return 'ignored: not a subscription of this site';
		}
		if ( ! $this->ledger->end_subscription( $subscription_id ) ) {
			return "ignored: subscription {$subscription_id} was already cancelled";
		}
		if ( DonationLedger::SUBSCRIPTION_ACTIVE === $before['status'] ) {
			/**
			 * A collecting 4-weekly donation has ended.
			 *
			 * @param string $subscription_id Stripe subscription (sub_…).
			 * @param string $customer_id     Stripe customer (cus_…).
			 * @param int    $donation_id     The donation that started it.
			 */
			do_action( 'donation_widget_subscription_cancelled', $subscription_id, $before['customer_id'], $before['donation_id'] );
		}
		return "subscription {$subscription_id} cancelled";
	}
}
