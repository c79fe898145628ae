<?php
/**
 * Stripe event customer.subscription.deleted.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Webhooks\Listeners;

use DonationWidget\Donations\SubscriptionRepository;

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
	 * @param SubscriptionRepository $subscriptions 4-weekly subscriptions.
	 */
	public function __construct( private readonly SubscriptionRepository $subscriptions ) {
	}

	/**
	 * Marks the subscription cancelled and announces it.
	 *
	 * @param array<mixed> $object The subscription.
	 */
	public function handle( array $object ): string {
		$subscription_id = is_string( $object['id'] ?? null ) ? $object['id'] : '';
		$before          = $this->subscriptions->find( $subscription_id );
		if ( null === $before ) {
			return 'ignored: not a subscription of this site';
		}
		if ( ! $this->subscriptions->cancel( $subscription_id ) ) {
			return "ignored: subscription {$subscription_id} was already cancelled";
		}
		if ( SubscriptionRepository::ACTIVE === $before['status'] ) {
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
