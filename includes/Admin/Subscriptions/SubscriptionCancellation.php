<?php
/**
 * Staff cancel a 4-weekly donation.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Subscriptions;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donations\SubscriptionRepository;
use DonationWidget\Http\ProviderUnavailable;
use DonationWidget\Gateways\Stripe\StripeClient;
use DonationWidget\Gateways\Stripe\StripeError;

/**
 * Cancels at Stripe first (so no further payment is taken), then records it. When this request
 * is the one that ends a collecting subscription, it announces it with the same action the
 * customer.subscription.deleted webhook fires: Stripe's own webhook for this cancellation then
 * finds it already cancelled and stays quiet, so the donor is told once.
 */
final class SubscriptionCancellation {

	public const CANCELLED         = 'cancelled';
	public const ALREADY_CANCELLED = 'already_cancelled';
	public const NOT_FOUND         = 'not_found';
	public const STRIPE_REFUSED    = 'stripe_refused';
	public const UNAVAILABLE       = 'unavailable';

	/**
	 * Builds the cancellation.
	 *
	 * @param SubscriptionRepository $subscriptions 4-weekly subscriptions.
	 * @param StripeClient           $stripe        Stripe.
	 */
	public function __construct( private readonly SubscriptionRepository $subscriptions, private readonly StripeClient $stripe ) {
	}

	/**
	 * Cancels a subscription.
	 *
	 * @param string $subscription_id sub_… id.
	 * @return string CANCELLED, ALREADY_CANCELLED, NOT_FOUND, STRIPE_REFUSED or UNAVAILABLE.
	 */
	public function cancel( string $subscription_id ): string {
		$before = $this->subscriptions->find( $subscription_id );
		if ( null === $before ) {
			return self::NOT_FOUND;
		}
		if ( SubscriptionRepository::CANCELLED === $before['status'] ) {
			return self::ALREADY_CANCELLED;
		}
		try {
			$this->stripe->cancel_subscription( $subscription_id );
		} catch ( StripeError $error ) {
			// resource_missing: Stripe has no running subscription by that id (it ended there
			// already), so recording it as ended is right. Anything else needs a person.
			if ( 'resource_missing' !== $error->error_code ) {
				// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- admins need Stripe's reason.
				error_log( "Donation Widget: Stripe refused to cancel subscription {$subscription_id}: " . $error->getMessage() );
				return self::STRIPE_REFUSED;
			}
		} catch ( ProviderUnavailable $error ) {
			return self::UNAVAILABLE;
		}
		if ( $this->subscriptions->cancel( $subscription_id ) && SubscriptionRepository::ACTIVE === $before['status'] ) {
			/** This action is documented in includes/Webhooks/Listeners/CustomerSubscriptionDeleted.php */
			do_action( 'donation_widget_subscription_cancelled', $subscription_id, $before['customer_id'], $before['donation_id'] );
		}
		return self::CANCELLED;
	}
}
