<?php
/**
 * Reads and writes the refunds table.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books\Refunds;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Checkout\ProviderRefund;
use DonationWidget\Database\Schema;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the refunds table's one gateway: refunds decide money, so they are read fresh from the shared database on every server (never a cache); the only interpolated name is the plugin's own table from Schema::table(), every value goes through $wpdb->prepare().

/**
 * Every write that decides something is one statement a UNIQUE key makes safe when servers
 * race: a refund asked for here claims its request_key (INSERT IGNORE), and a refund the
 * provider reports is one row per provider refund id.
 */
final class RefundRepository {

	/**
	 * Claims a refund asked for here: the row is written only when no other request holds the key.
	 *
	 * @param int    $donation_id  The donation.
	 * @param string $provider     The stored provider id.
	 * @param string $request_key  The donation and the refunded cents the admin saw.
	 * @param int    $amount_cents How much.
	 * @param string $currency     ISO code.
	 * @param string $reason       The admin's reason.
	 * @param int    $user_id      Who asked.
	 * @return Refund|null The claimed row; null when another request holds the key.
	 */
	public function claim( int $donation_id, string $provider, string $request_key, int $amount_cents, string $currency, string $reason, int $user_id ): ?Refund {
		global $wpdb;
		$table    = Schema::table( 'refunds' );
		$now      = current_time( 'mysql', true );
		$inserted = $wpdb->query(
			$wpdb->prepare(
				"INSERT IGNORE INTO {$table} (donation_id, provider, request_key, amount_cents, currency, reason, status, requested_by, created_at, updated_at) VALUES (%d, %s, %s, %d, %s, %s, %s, %d, %s, %s)",
				$donation_id,
				$provider,
				$request_key,
				$amount_cents,
				$currency,
				mb_substr( $reason, 0, 255 ),
				Refund::REQUESTED,
				$user_id,
				$now,
				$now
			)
		);
		if ( 1 !== $inserted ) {
			return null;
		}
		return $this->find( (int) $wpdb->insert_id );
	}

	/**
	 * A refund by row id.
	 *
	 * @param int $id Row id.
	 */
	public function find( int $id ): ?Refund {
		global $wpdb;
		$table = Schema::table( 'refunds' );
		$row   = $wpdb->get_row( $wpdb->prepare( "SELECT * FROM {$table} WHERE id = %d", $id ), ARRAY_A );
		return is_array( $row ) ? new Refund( $row ) : null;
	}

	/**
	 * The refund holding a request key.
	 *
	 * @param string $request_key The key.
	 */
	public function find_by_request_key( string $request_key ): ?Refund {
		global $wpdb;
		$table = Schema::table( 'refunds' );
		$row   = $wpdb->get_row( $wpdb->prepare( "SELECT * FROM {$table} WHERE request_key = %s", $request_key ), ARRAY_A );
		return is_array( $row ) ? new Refund( $row ) : null;
	}

	/**
	 * Refunds asked for here that the provider never answered: still requested, with no
	 * provider id, claimed between two times.
	 *
	 * @param string $created_before UTC datetime.
	 * @param string $created_after  UTC datetime.
	 * @param int    $limit          Most rows.
	 * @return list<Refund>
	 */
	public function unanswered( string $created_before, string $created_after, int $limit ): array {
		global $wpdb;
		$table = Schema::table( 'refunds' );
		$rows  = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT * FROM {$table} WHERE status = %s AND provider_refund_id IS NULL AND created_at < %s AND created_at > %s ORDER BY created_at ASC, id ASC LIMIT %d",
				Refund::REQUESTED,
				$created_before,
				$created_after,
				max( 1, $limit )
			),
			ARRAY_A
		);
		return array_values( array_map( static fn ( array $row ): Refund => new Refund( $row ), is_array( $rows ) ? $rows : array() ) );
	}

	/**
	 * A donation's refunds, oldest first.
	 *
	 * @param int $donation_id The donation.
	 * @return list<Refund>
	 */
	public function for_donation( int $donation_id ): array {
		global $wpdb;
		$table = Schema::table( 'refunds' );
		$rows  = $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$table} WHERE donation_id = %d ORDER BY id ASC", $donation_id ), ARRAY_A );
		return array_values( array_map( static fn ( array $row ): Refund => new Refund( $row ), is_array( $rows ) ? $rows : array() ) );
	}

	/**
	 * The cents of a donation given back: its refunds the provider made or is making.
	 *
	 * @param int $donation_id The donation.
	 */
	public function counted_cents( int $donation_id ): int {
		global $wpdb;
		$table = Schema::table( 'refunds' );
		return (int) $wpdb->get_var(
			$wpdb->prepare(
				"SELECT COALESCE(SUM(amount_cents), 0) FROM {$table} WHERE donation_id = %d AND status IN (%s, %s)",
				$donation_id,
				ProviderRefund::SUCCEEDED,
				ProviderRefund::PENDING
			)
		);
	}

	/**
	 * Records what the provider says of a refund, on the one row of its provider id: the row
	 * claimed here when the refund names it, else a row of its own (a refund made in the
	 * provider's dashboard). Seen again (the answer, then each webhook), it updates that row.
	 *
	 * @param int            $donation_id The donation.
	 * @param ProviderRefund $refund      The provider's refund.
	 */
	public function record( int $donation_id, ProviderRefund $refund ): void {
		global $wpdb;
		$table = Schema::table( 'refunds' );
		$now   = current_time( 'mysql', true );
		if ( $refund->refund_id > 0 ) {
			// The row claimed here: it takes the provider's id unless it holds another one.
			$linked = $wpdb->query(
				$wpdb->prepare(
					"UPDATE {$table} SET provider_refund_id = %s, status = %s, amount_cents = %d, balance_transaction_id = %s, failure = %s, updated_at = %s WHERE id = %d AND donation_id = %d AND provider = %s AND (provider_refund_id IS NULL OR provider_refund_id = %s)",
					$refund->id,
					$refund->status,
					$refund->amount_cents,
					$refund->balance_transaction_id,
					mb_substr( $refund->failure, 0, 255 ),
					$now,
					$refund->refund_id,
					$donation_id,
					$refund->provider,
					$refund->id
				)
			);
			if ( is_int( $linked ) && $linked > 0 ) {
				return;
			}
			$mine = $this->find( $refund->refund_id );
			if ( null !== $mine && $mine->provider_refund_id() === $refund->id ) {
				return;
			}
		}//end if
		$wpdb->query(
			$wpdb->prepare(
				"INSERT INTO {$table} (donation_id, provider, provider_refund_id, amount_cents, currency, status, balance_transaction_id, failure, created_at, updated_at) VALUES (%d, %s, %s, %d, %s, %s, %s, %s, %s, %s) ON DUPLICATE KEY UPDATE status = VALUES(status), amount_cents = VALUES(amount_cents), balance_transaction_id = VALUES(balance_transaction_id), failure = VALUES(failure), updated_at = VALUES(updated_at)",
				$donation_id,
				$refund->provider,
				$refund->id,
				$refund->amount_cents,
				$refund->currency,
				$refund->status,
				$refund->balance_transaction_id,
				mb_substr( $refund->failure, 0, 255 ),
				$now,
				$now
			)
		);
	}

	/**
	 * Marks a claimed refund refused by the provider, and frees its key so the admin may try again.
	 *
	 * @param int    $id   Row id.
	 * @param string $said The provider's words.
	 */
	public function refuse( int $id, string $said ): void {
		global $wpdb;
		$table = Schema::table( 'refunds' );
		$wpdb->query(
			$wpdb->prepare(
				"UPDATE {$table} SET status = %s, request_key = NULL, failure = %s, updated_at = %s WHERE id = %d AND status = %s",
				Refund::REFUSED,
				mb_substr( $said, 0, 255 ),
				current_time( 'mysql', true ),
				$id,
				Refund::REQUESTED
			)
		);
	}

	/**
	 * Notes on a claimed refund that the provider did not answer (it may have been made).
	 *
	 * @param int    $id   Row id.
	 * @param string $note What failed.
	 */
	public function note( int $id, string $note ): void {
		global $wpdb;
		$table = Schema::table( 'refunds' );
		$wpdb->query(
			$wpdb->prepare(
				"UPDATE {$table} SET failure = %s, updated_at = %s WHERE id = %d AND status = %s",
				mb_substr( $note, 0, 255 ),
				current_time( 'mysql', true ),
				$id,
				Refund::REQUESTED
			)
		);
	}
}
