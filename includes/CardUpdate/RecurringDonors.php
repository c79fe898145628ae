<?php
/**
 * Finds the donor behind a subscription, or the subscriptions behind an email address.
 *
 * @package DonationWidget
 */

namespace DonationWidget\CardUpdate;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Donations\SubscriptionRepository;

/**
 * Reads the donations domain's records for card-update links: the subscription row (customer,
 * status) and its first donation (email, first name).
 */
final class RecurringDonors {

	/**
	 * Builds the finder.
	 *
	 * @param SubscriptionRepository $subscriptions 4-weekly subscriptions.
	 * @param DonationRepository     $donations     Donation records.
	 */
	public function __construct(
		private readonly SubscriptionRepository $subscriptions,
		private readonly DonationRepository $donations
	) {
	}

	/**
	 * The donor of a subscription this site started, or null.
	 *
	 * @param string $subscription_id sub_… id.
	 */
	public function for_subscription( string $subscription_id ): ?RecurringDonor {
		if ( '' === $subscription_id ) {
			return null;
		}
		$subscription = $this->subscriptions->find( $subscription_id );
		$first        = $this->donations->find_first_of_subscription( $subscription_id );
		if ( null === $subscription || null === $first ) {
			return null;
		}
		return new RecurringDonor(
			$subscription_id,
			'' !== $subscription['customer_id'] ? $subscription['customer_id'] : $first->customer_id(),
			$subscription['status'],
			$first->email(),
			$first->value( 'first_name' ),
			$subscription['amount_cents']
		);
	}

	/**
	 * The subscriptions still running (not cancelled) whose donations carry this email address,
	 * oldest first.
	 *
	 * @param string $email Email address, any case.
	 * @return list<string> sub_… ids.
	 */
	public function running_subscriptions_of( string $email ): array {
		global $wpdb;
		$donations     = Schema::table( 'donations' );
		$subscriptions = Schema::table( 'subscriptions' );
		// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- an admin look-up across the plugin's own tables (names from Schema::table()); the values are prepared.
		$ids = $wpdb->get_col(
			$wpdb->prepare(
				"SELECT s.subscription_id FROM {$subscriptions} s WHERE s.status <> %s AND EXISTS (SELECT 1 FROM {$donations} d WHERE d.subscription_id = s.subscription_id AND d.email = %s) ORDER BY s.id ASC",
				SubscriptionRepository::CANCELLED,
				$email
			)
		);
		// phpcs:enable
		return array_values( array_map( 'strval', $ids ) );
	}
}
