<?php
/**
 * Cancelling a 4-weekly donation: the one place it is done.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Subscriptions;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donations\SubscriptionRepository;
use DonationWidget\Http\ProviderUnavailable;

/**
 * Staff (the admin screen) and donors (the manage page) cancel through here: at the provider
 * first (so no further donation is taken), then the record. The request that ends a collecting
 * subscription announces it with donation_widget_subscription_cancelled, the same action the
 * provider's "subscription ended" webhook fires, which then finds it already cancelled and stays
 * quiet: the donor is told once (the cancellation email listens to that action).
 *
 * One cancellation of a subscription runs at a time (a named database lock), so an admin and the
 * donor cancelling together make one provider call and one email: the second waits, then finds
 * it cancelled.
 */
final class Cancellation {

	public const CANCELLED         = 'cancelled';
	public const ALREADY_CANCELLED = 'already_cancelled';
	public const NOT_FOUND         = 'not_found';

	/**
	 * How long a second cancellation of the same subscription waits for the first, in seconds.
	 */
	private const LOCK_WAIT = 15;

	/**
	 * Builds the cancellation.
	 *
	 * @param SubscriptionRepository $subscriptions 4-weekly subscriptions.
	 * @param RecurringPayments      $provider      The provider that collects them.
	 */
	public function __construct( private readonly SubscriptionRepository $subscriptions, private readonly RecurringPayments $provider ) {
	}

	/**
	 * Cancels a subscription. The provider having no such subscription (any more) counts as
	 * cancelled there: recording it as ended is right.
	 *
	 * @param string $subscription_id The provider's subscription id.
	 * @param string $reason          The donor's reason, or ''.
	 * @return string CANCELLED, ALREADY_CANCELLED or NOT_FOUND.
	 * @throws ProviderRefused     When the provider refuses (nothing is recorded).
	 * @throws ProviderUnavailable When it cannot be reached (nothing is recorded).
	 */
	public function cancel( string $subscription_id, string $reason = '' ): string {
		$locked = $this->lock( $subscription_id );
		try {
			$before = $this->subscriptions->find( $subscription_id );
			if ( null === $before ) {
				return self::NOT_FOUND;
			}
			if ( SubscriptionRepository::CANCELLED === $before['status'] ) {
				return self::ALREADY_CANCELLED;
			}
			try {
				$this->provider->cancel( $subscription_id, $reason );
			} catch ( ProviderRefused $refused ) {
				if ( ProviderRefused::MISSING !== $refused->error_code ) {
					throw $refused;
				}
			} catch ( ProviderUnavailable $unavailable ) {
				throw $unavailable;
			}
			if ( $this->subscriptions->cancel( $subscription_id ) && SubscriptionRepository::ACTIVE === $before['status'] ) {
				/**
				 * A collecting 4-weekly donation has ended (also fired by the provider's webhook).
				 *
				 * @param string $subscription_id The provider's subscription id.
				 * @param string $customer_id     The provider's customer id.
				 * @param int    $donation_id     The donation that started it.
				 */
				do_action( 'donation_widget_subscription_cancelled', $subscription_id, $before['customer_id'], $before['donation_id'] );
			}
			return self::CANCELLED;
		} finally {
			if ( $locked ) {
				$this->unlock( $subscription_id );
			}
		}//end try
	}

	/**
	 * Waits for (then holds) the subscription's cancellation lock.
	 *
	 * @param string $subscription_id The provider's subscription id.
	 * @return bool Whether it is held (false: the database would not say; go on without it).
	 */
	private function lock( string $subscription_id ): bool {
		global $wpdb;
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- a named lock, not data.
		return '1' === (string) $wpdb->get_var( $wpdb->prepare( 'SELECT GET_LOCK(%s, %d)', self::lock_name( $subscription_id ), self::LOCK_WAIT ) );
	}

	/**
	 * Lets the next cancellation of the subscription go.
	 *
	 * @param string $subscription_id The provider's subscription id.
	 */
	private function unlock( string $subscription_id ): void {
		global $wpdb;
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- a named lock, not data.
		$wpdb->query( $wpdb->prepare( 'SELECT RELEASE_LOCK(%s)', self::lock_name( $subscription_id ) ) );
	}

	/**
	 * The lock's name: short enough for MySQL's 64 characters, one per site and subscription.
	 *
	 * @param string $subscription_id The provider's subscription id.
	 */
	private static function lock_name( string $subscription_id ): string {
		global $wpdb;
		return 'dw-cancel-' . md5( $wpdb->prefix . $subscription_id );
	}
}
