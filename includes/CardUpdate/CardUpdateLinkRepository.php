<?php
/**
 * Reads and writes card-update links.
 *
 * @package DonationWidget
 */

namespace DonationWidget\CardUpdate;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the card_update_links table's one gateway: whether a link is still usable must be read fresh from the shared database on every server (never a cache); the only interpolated name is the plugin's own table from Schema::table(), every value goes through $wpdb->prepare(), $wpdb->insert() or $wpdb->update().

/**
 * The only place that touches the card_update_links table. The writes that decide something
 * (a link for a failed invoice, a link used) are single statements whose UNIQUE key or WHERE
 * clause makes them safe when several web servers race.
 */
final class CardUpdateLinkRepository {

	/**
	 * Stores a new link.
	 *
	 * @param string      $token_hash         SHA-256 of the requestID.
	 * @param string      $subscription_id    sub_… id.
	 * @param string      $customer_id        cus_… id.
	 * @param string      $email              Donor's email address.
	 * @param string      $issued_by          Who or what issued it.
	 * @param int         $expires_at         Unix time it stops working.
	 * @param string|null $renewal_invoice_id The failed invoice it is emailed for, or null.
	 * @return CardUpdateLink|null The link, or null when that invoice already has one.
	 */
	public function create( string $token_hash, string $subscription_id, string $customer_id, string $email, string $issued_by, int $expires_at, ?string $renewal_invoice_id = null ): ?CardUpdateLink {
		global $wpdb;
		$table = Schema::table( 'card_update_links' );
		// INSERT IGNORE: the UNIQUE renewal_invoice_id makes a second link for the same failed
		// invoice a no-op, even when two webhook deliveries arrive at once on two servers.
		$wpdb->query(
			$wpdb->prepare(
				"INSERT IGNORE INTO {$table} (token_hash, subscription_id, customer_id, email, issued_by, renewal_invoice_id, created_at, expires_at) VALUES (%s, %s, %s, %s, %s, NULLIF(%s, ''), %s, %s)",
				$token_hash,
				$subscription_id,
				$customer_id,
				mb_substr( $email, 0, 100 ),
				mb_substr( $issued_by, 0, 191 ),
				(string) $renewal_invoice_id,
				current_time( 'mysql', true ),
				gmdate( 'Y-m-d H:i:s', $expires_at )
			)
		);
		if ( 1 !== (int) $wpdb->rows_affected ) {
			return null;
		}
		return $this->find( (int) $wpdb->insert_id );
	}

	/**
	 * A link by id.
	 *
	 * @param int $id Row id.
	 */
	public function find( int $id ): ?CardUpdateLink {
		global $wpdb;
		$table = Schema::table( 'card_update_links' );
		return $this->link( $wpdb->get_row( $wpdb->prepare( "SELECT * FROM {$table} WHERE id = %d", $id ), ARRAY_A ) );
	}

	/**
	 * The link whose requestID has this hash.
	 *
	 * @param string $token_hash SHA-256 of a requestID.
	 */
	public function find_by_hash( string $token_hash ): ?CardUpdateLink {
		global $wpdb;
		$table = Schema::table( 'card_update_links' );
		return $this->link( $wpdb->get_row( $wpdb->prepare( "SELECT * FROM {$table} WHERE token_hash = %s", $token_hash ), ARRAY_A ) );
	}

	/**
	 * Every link of a subscription, newest first.
	 *
	 * @param string $subscription_id sub_… id.
	 * @return list<CardUpdateLink>
	 */
	public function for_subscription( string $subscription_id ): array {
		global $wpdb;
		$table = Schema::table( 'card_update_links' );
		$rows  = $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$table} WHERE subscription_id = %s ORDER BY id DESC", $subscription_id ), ARRAY_A );
		$links = array();
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$link = $this->link( $row );
			if ( null !== $link ) {
				$links[] = $link;
			}
		}
		return $links;
	}

	/**
	 * Revokes the subscription's other links that are still unused.
	 *
	 * @param string $subscription_id sub_… id.
	 * @param int    $keep_id         The new link, which stays.
	 * @return list<int> Ids of the links revoked.
	 */
	public function revoke_others( string $subscription_id, int $keep_id ): array {
		global $wpdb;
		$table   = Schema::table( 'card_update_links' );
		$ids     = $wpdb->get_col(
			$wpdb->prepare(
				"SELECT id FROM {$table} WHERE subscription_id = %s AND id <> %d AND used_at IS NULL AND revoked_at IS NULL",
				$subscription_id,
				$keep_id
			)
		);
		$revoked = array();
		foreach ( $ids as $id ) {
			if ( $this->revoke( (int) $id ) ) {
				$revoked[] = (int) $id;
			}
		}
		return $revoked;
	}

	/**
	 * Revokes one unused link.
	 *
	 * @param int $id Row id.
	 * @return bool Whether it was usable until now.
	 */
	public function revoke( int $id ): bool {
		global $wpdb;
		$table = Schema::table( 'card_update_links' );
		$wpdb->query(
			$wpdb->prepare(
				"UPDATE {$table} SET revoked_at = %s WHERE id = %d AND used_at IS NULL AND revoked_at IS NULL",
				current_time( 'mysql', true ),
				$id
			)
		);
		return 1 === (int) $wpdb->rows_affected;
	}

	/**
	 * Marks a link used: it can never open the form again.
	 *
	 * @param int $id Row id.
	 * @return bool Whether this call used it (false: already used or revoked).
	 */
	public function mark_used( int $id ): bool {
		global $wpdb;
		$table = Schema::table( 'card_update_links' );
		$wpdb->query(
			$wpdb->prepare(
				"UPDATE {$table} SET used_at = %s WHERE id = %d AND used_at IS NULL AND revoked_at IS NULL",
				current_time( 'mysql', true ),
				$id
			)
		);
		return 1 === (int) $wpdb->rows_affected;
	}

	/**
	 * Takes the link's lock, so one card replacement runs at a time per link, on any server.
	 * MySQL named locks are released when the connection ends, so a crashed request frees it.
	 *
	 * @param int $id Row id.
	 * @return bool Whether this request holds it now.
	 */
	public function lock( int $id ): bool {
		global $wpdb;
		return '1' === (string) $wpdb->get_var( $wpdb->prepare( 'SELECT GET_LOCK(%s, 0)', $this->lock_name( $id ) ) );
	}

	/**
	 * Gives the link's lock back.
	 *
	 * @param int $id Row id.
	 */
	public function unlock( int $id ): void {
		global $wpdb;
		$wpdb->get_var( $wpdb->prepare( 'SELECT RELEASE_LOCK(%s)', $this->lock_name( $id ) ) );
	}

	/**
	 * The lock's name: per site, so two sites sharing a database server never share it.
	 *
	 * @param int $id Row id.
	 */
	private function lock_name( int $id ): string {
		global $wpdb;
		return substr( 'dw_card_' . md5( home_url() . '|' . $wpdb->prefix ) . '_' . $id, 0, 64 );
	}

	/**
	 * A link from a get_row() result.
	 *
	 * @param mixed $row Array row or null.
	 */
	private function link( mixed $row ): ?CardUpdateLink {
		return is_array( $row ) ? CardUpdateLink::from_row( $row ) : null;
	}
}
