<?php
/**
 * Read-only queries of the 4-weekly donations.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Subscriptions;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Admin\Donations\DonationSearch;
use DonationWidget\Database\Schema;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Donations\SubscriptionRepository;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQL.NotPrepared -- staff must see the tables as they are now (no cache); the only interpolated names are the plugin's own tables from Schema::table(), every value is a placeholder of $wpdb->prepare().

/**
 * Finds subscriptions with their donor and payment history. It never writes.
 */
final class SubscriptionQuery {

	/**
	 * One page of subscriptions, newest first.
	 *
	 * @param string $status   A SubscriptionSummary status, or '' for all.
	 * @param string $search   Donor name, email or subscription id, or ''.
	 * @param int    $per_page Rows per page.
	 * @param int    $page     Page number, from 1.
	 * @return list<SubscriptionSummary>
	 */
	public function page( string $status, string $search, int $per_page, int $page ): array {
		global $wpdb;
		list( $from, $where, $args ) = $this->where( $status, $search );
		$args[]                      = max( 1, $per_page );
		$args[]                      = max( 0, ( max( 1, $page ) - 1 ) * $per_page );
		// A deferred join: the page's ids first (on the created_at index), then their summaries.
		$sql = "SELECT s.id FROM {$from} WHERE {$where} ORDER BY s.created_at DESC, s.id DESC LIMIT %d OFFSET %d";
		$ids = array_map( 'intval', $wpdb->get_col( $wpdb->prepare( $sql, $args ) ) ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- the FROM and WHERE come from where(), which holds table names and placeholders only.
		if ( array() === $ids ) {
			return array();
		}
		$sql   = $this->select() . ' WHERE s.id IN (' . implode( ', ', array_fill( 0, count( $ids ), '%d' ) ) . ') ORDER BY s.created_at DESC, s.id DESC';
		$rows  = $wpdb->get_results( $wpdb->prepare( $sql, $ids ), ARRAY_A ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- select() is fixed SQL over the plugin's tables; a %d placeholder per id.
		$found = array();
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$found[] = SubscriptionSummary::from_row( $row );
		}
		return $found;
	}

	/**
	 * How many subscriptions match.
	 *
	 * @param string $status A SubscriptionSummary status, or ''.
	 * @param string $search Search text, or ''.
	 */
	public function count( string $status, string $search ): int {
		global $wpdb;
		list( $from, $where, $args ) = $this->where( $status, $search );
		$args[]                      = 0;
		// s.id > 0 always holds; it keeps a placeholder when nothing filters.
		return (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$from} WHERE {$where} AND s.id > %d", $args ) ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- the FROM and WHERE come from where(), which holds table names and placeholders only.
	}

	/**
	 * How many subscriptions each status view holds: each stored status counted on its index
	 * range, and the running ones whose latest payment failed (past due: latest_status, kept
	 * by DonationRepository on every write of a subscription's donations, on status_latest).
	 *
	 * @return array<string, int> '' (all) and each SubscriptionSummary status => count.
	 */
	public function counts(): array {
		global $wpdb;
		$subscriptions = Schema::table( 'subscriptions' );
		$stored        = array();
		foreach ( array( SubscriptionRepository::ACTIVE, SubscriptionRepository::CANCELLED, SubscriptionRepository::INCOMPLETE ) as $status ) {
			$stored[ $status ] = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$subscriptions} WHERE status = %s", $status ) );
		}
		$past_due = (int) $wpdb->get_var(
			$wpdb->prepare(
				"SELECT COUNT(*) FROM {$subscriptions} WHERE status = %s AND latest_status = %s",
				SubscriptionRepository::ACTIVE,
				DonationStatus::FAILED
			)
		);
		return array(
			''                              => array_sum( $stored ),
			SubscriptionSummary::ACTIVE     => $stored[ SubscriptionRepository::ACTIVE ] - $past_due,
			SubscriptionSummary::PAST_DUE   => $past_due,
			SubscriptionSummary::CANCELLED  => $stored[ SubscriptionRepository::CANCELLED ],
			SubscriptionSummary::INCOMPLETE => $stored[ SubscriptionRepository::INCOMPLETE ],
		);
	}

	/**
	 * One subscription.
	 *
	 * @param string $subscription_id sub_… id.
	 */
	public function find( string $subscription_id ): ?SubscriptionSummary {
		global $wpdb;
		$row = $wpdb->get_row( $wpdb->prepare( $this->select() . ' WHERE s.subscription_id = %s', $subscription_id ), ARRAY_A ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- select() is fixed SQL over the plugin's tables.
		return is_array( $row ) ? SubscriptionSummary::from_row( $row ) : null;
	}

	/**
	 * The 4-weekly amount of every running subscription, in cents, how many there are, and how
	 * many people give them (distinct donor email addresses, whatever their case: one donor
	 * with three 4-weekly donations is one donor).
	 *
	 * Exact, and read from the status_donor key alone: each subscription carries its first
	 * donation's lower-cased email (donor_email, written with the row and again whenever that
	 * donation's email changes), so no donation row is read.
	 *
	 * @return array{count: int, cents: int, donors: int}
	 */
	public function recurring_income(): array {
		global $wpdb;
		$table = Schema::table( 'subscriptions' );
		$row   = $wpdb->get_row(
			$wpdb->prepare(
				"SELECT COUNT(*) AS running, COALESCE(SUM(amount_cents), 0) AS cents, COUNT(DISTINCT NULLIF(donor_email, '')) AS donors
				FROM {$table} WHERE status = %s",
				SubscriptionRepository::ACTIVE
			),
			ARRAY_A
		);
		return array(
			'count'  => (int) ( $row['running'] ?? 0 ),
			'cents'  => (int) ( $row['cents'] ?? 0 ),
			'donors' => (int) ( $row['donors'] ?? 0 ),
		);
	}

	/**
	 * The SELECT of a summary: the subscription, its donor, and what its payments say.
	 */
	private function select(): string {
		global $wpdb;
		$subscriptions = Schema::table( 'subscriptions' );
		$donations     = Schema::table( 'donations' );
		$paid          = "'" . implode( "', '", array( DonationStatus::SUCCEEDED, DonationStatus::PARTIALLY_REFUNDED, DonationStatus::REFUNDED ) ) . "'";
		return "SELECT s.subscription_id, s.customer_id, s.donation_id, s.status, s.amount_cents, s.created_at, s.cancelled_at,
				d.first_name, d.last_name, d.email, d.organisation_name, d.currency,
				(SELECT MAX(p.created_at) FROM {$donations} p WHERE p.subscription_id = s.subscription_id AND p.status IN ({$paid})) AS last_paid_at,
				(SELECT l.status FROM {$donations} l WHERE l.subscription_id = s.subscription_id ORDER BY l.id DESC LIMIT 1) AS latest_status,
				(SELECT COUNT(*) FROM {$donations} c WHERE c.subscription_id = s.subscription_id) AS payments
			FROM {$subscriptions} s LEFT JOIN {$donations} d ON d.id = s.donation_id";
	}

	/**
	 * The FROM and WHERE clauses of a status and search (the subscriptions are s), with the
	 * placeholder values of both in order. A search finds subscriptions by their id, their
	 * customer, or their first donation's donor (DonationSearch: indexed lookups only).
	 *
	 * @param string $status A SubscriptionSummary status, or ''.
	 * @param string $search Search text, or ''.
	 * @return array{0: string, 1: string, 2: list<string|int>}
	 */
	private function where( string $status, string $search ): array {
		$subscriptions = Schema::table( 'subscriptions' );
		$donations     = Schema::table( 'donations' );
		$latest        = "(SELECT l.status FROM {$donations} l WHERE l.subscription_id = s.subscription_id ORDER BY l.id DESC LIMIT 1)";
		$from          = "{$subscriptions} s";
		$clauses       = array( '1=1' );
		$args          = array();
		if ( '' !== $search ) {
			list( $union, $args ) = DonationSearch::ids( $search );
			$from                 = "(SELECT f.id FROM ({$union}) m STRAIGHT_JOIN {$subscriptions} f ON f.donation_id = m.id
				UNION SELECT id FROM {$subscriptions} WHERE subscription_id = %s UNION SELECT id FROM {$subscriptions} WHERE customer_id = %s) found
				STRAIGHT_JOIN {$subscriptions} s ON s.id = found.id";
			array_push( $args, $search, $search );
		}
		switch ( $status ) {
			case SubscriptionSummary::ACTIVE:
				$clauses[] = "s.status = %s AND COALESCE({$latest}, '') <> %s";
				array_push( $args, SubscriptionRepository::ACTIVE, DonationStatus::FAILED );
				break;
			case SubscriptionSummary::PAST_DUE:
				$clauses[] = "s.status = %s AND {$latest} = %s";
				array_push( $args, SubscriptionRepository::ACTIVE, DonationStatus::FAILED );
				break;
			case SubscriptionSummary::CANCELLED:
			case SubscriptionSummary::INCOMPLETE:
				$clauses[] = 's.status = %s';
				$args[]    = SubscriptionSummary::CANCELLED === $status ? SubscriptionRepository::CANCELLED : SubscriptionRepository::INCOMPLETE;
				break;
		}
		return array( $from, implode( ' AND ', $clauses ), $args );
	}
}
