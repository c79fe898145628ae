<?php
/**
 * What a supporter's email address gives on record: their 4-weekly donations and past gifts.
 *
 * @package DonationWidget
 */

namespace DonationWidget\SelfService;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;
use DonationWidget\Donations\Donation;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Donations\SubscriptionRepository;
use DonationWidget\Receipts\ReceiptLog;
use DonationWidget\Subscriptions\RecurringPayments;
use DonationWidget\Subscriptions\RecurringSubscription;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- reads a donor's own rows fresh (a cache could show a cancelled donation as running); the only interpolated names are the plugin's own tables from Schema::table() and ReceiptLog's column, every value goes through $wpdb->prepare().

/**
 * Reads by email address only: the address the session was opened for, never one the browser
 * sends. A subscription belongs to the address of the donation that started it.
 */
final class DonorAccount {

	/**
	 * Past gifts shown at most.
	 */
	public const MAX_GIFTS = 100;

	/**
	 * Builds the reader.
	 *
	 * @param RecurringPayments $provider Next dates, pauses and cards, as the provider has them.
	 */
	public function __construct( private readonly RecurringPayments $provider ) {
	}

	/**
	 * Whether the address has given (any donation whose money was received).
	 *
	 * @param string $email Address.
	 */
	public function has_donations( string $email ): bool {
		global $wpdb;
		$table = Schema::table( 'donations' );
		return null !== $wpdb->get_var(
			$wpdb->prepare(
				"SELECT id FROM {$table} WHERE email = %s AND status IN (%s, %s, %s) LIMIT 1",
				$email,
				DonationStatus::SUCCEEDED,
				DonationStatus::PARTIALLY_REFUNDED,
				DonationStatus::REFUNDED
			)
		);
	}

	/**
	 * The address's 4-weekly donations (running first, then ended), from the plugin's records.
	 *
	 * @param string $email Address.
	 * @return list<array{subscription_id: string, customer_id: string, status: string, amount_cents: int, created_at: string}>
	 */
	public function subscriptions( string $email ): array {
		global $wpdb;
		$subscriptions = Schema::table( 'subscriptions' );
		$donations     = Schema::table( 'donations' );
		$rows          = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT s.subscription_id, s.customer_id, s.status, s.amount_cents, s.created_at FROM {$subscriptions} s INNER JOIN {$donations} d ON d.id = s.donation_id
				WHERE d.email = %s AND s.status IN (%s, %s) ORDER BY s.status = %s DESC, s.id DESC LIMIT 20",
				$email,
				SubscriptionRepository::ACTIVE,
				SubscriptionRepository::CANCELLED,
				SubscriptionRepository::ACTIVE
			),
			ARRAY_A
		);
		$list          = array();
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$list[] = array(
				'subscription_id' => (string) $row['subscription_id'],
				'customer_id'     => (string) $row['customer_id'],
				'status'          => (string) $row['status'],
				'amount_cents'    => (int) $row['amount_cents'],
				'created_at'      => (string) $row['created_at'],
			);
		}
		return $list;
	}

	/**
	 * One running subscription of the address, or null when it is not theirs or has ended.
	 *
	 * @param string $email           Address.
	 * @param string $subscription_id sub_… id from the browser.
	 * @return array{subscription_id: string, customer_id: string, status: string, amount_cents: int, created_at: string}|null
	 */
	public function running_subscription( string $email, string $subscription_id ): ?array {
		foreach ( $this->subscriptions( $email ) as $subscription ) {
			if ( $subscription['subscription_id'] === $subscription_id && SubscriptionRepository::ACTIVE === $subscription['status'] ) {
				return $subscription;
			}
		}
		return null;
	}

	/**
	 * Past gifts with money received, newest first, with their receipt numbers.
	 *
	 * @param string $email Address.
	 * @return list<Donation>
	 */
	public function gifts( string $email ): array {
		global $wpdb;
		$table  = Schema::table( 'donations' );
		$number = ReceiptLog::sent_number_column( 'd' );
		$rows   = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT d.*, {$number} FROM {$table} d WHERE d.email = %s AND d.status IN (%s, %s, %s) ORDER BY d.id DESC LIMIT %d", // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- the sent-number column is a fixed subquery over the plugin's table.
				$email,
				DonationStatus::SUCCEEDED,
				DonationStatus::PARTIALLY_REFUNDED,
				DonationStatus::REFUNDED,
				self::MAX_GIFTS
			),
			ARRAY_A
		);
		$gifts  = array();
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$gifts[] = Donation::from_row( $row );
		}
		return $gifts;
	}

	/**
	 * What the provider says of a subscription now: its next charge, pause and card.
	 *
	 * @param string $subscription_id The provider's subscription id.
	 * @param string $customer_id     The customer it must belong to.
	 */
	public function at_provider( string $subscription_id, string $customer_id ): ?RecurringSubscription {
		return $this->provider->subscription( $subscription_id, $customer_id );
	}
}
