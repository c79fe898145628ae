<?php
/**
 * Stripe event customer.subscription.deleted.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe\Webhooks\Listeners;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Checkout\DonationLedger;
use DonationWidget\Gateways\Stripe\StripeClient;

/**
 * A 4-weekly donation ended (cancelled in Stripe's dashboard, or after Stripe gave up collecting
 * it). The subscription is marked cancelled once Stripe says it is; its donation rows keep their
 * own statuses, since the money they record did move. The action
 * donation_widget_subscription_cancelled fires only for a subscription that was collecting, not
 * for one whose first payment never went through.
 */
final class CustomerSubscriptionDeleted implements EventListener {

	/**
	 * Builds the listener.
	 *
	 * @param DonationLedger $ledger Subscription records.
	 * @param StripeClient   $stripe Stripe.
	 */
	public function __construct( private readonly DonationLedger $ledger, private readonly StripeClient $stripe ) {
	}

	/**
	 * Marks the subscription cancelled and announces it.
	 *
	 * @param string $object_id The sub_… id.
	 * @param string $type      customer.subscription.deleted.
	 */
	public function handle( string $object_id, string $type ): string {
		$before = $this->ledger->subscription( $object_id );
		if ( null === $before ) {
			return 'ignored: not a subscription of this site';
		}
		$subscription = $this->stripe->get( '/v1/subscriptions/' . rawurlencode( $object_id ) );
		$status       = is_string( $subscription['status'] ?? null ) ? $subscription['status'] : '';
		if ( 'canceled' !== $status && 'incomplete_expired' !== $status ) {
			return "ignored: subscription {$object_id} is {$status} at Stripe";
		}
		if ( ! $this->ledger->end_subscription( $object_id ) ) {
			return "ignored: subscription {$object_id} was already cancelled";
		}
		if ( DonationLedger::SUBSCRIPTION_ACTIVE === $before['status'] ) {
			/**
			 * A collecting 4-weekly donation has ended.
			 *
			 * @param string $subscription_id Stripe subscription (sub_…).
			 * @param string $customer_id     Stripe customer (cus_…).
			 * @param int    $donation_id     The donation that started it.
			 */
			do_action( 'donation_widget_subscription_cancelled', $object_id, $before['customer_id'], $before['donation_id'] );
		}
		return "subscription {$object_id} cancelled";
	}
}
