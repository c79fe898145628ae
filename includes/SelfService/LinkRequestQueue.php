<?php
/**
 * "Email me a link" requests waiting for the background worker.
 *
 * @package DonationWidget
 */

namespace DonationWidget\SelfService;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the self_service_requests table's one gateway: a work queue shared by every server, claimed with conditional UPDATEs; the only interpolated name is the plugin's own table from Schema::table(), every value goes through $wpdb->prepare().

/**
 * Every request is stored the same way whether or not the address has donations; the worker
 * decides later, off the visitor's request. A row is claimed by one UPDATE that only succeeds
 * while it is unclaimed (or its claim went stale), so two workers never handle it twice.
 */
final class LinkRequestQueue {

	/**
	 * Seconds after which a claim is taken to be from a crashed worker.
	 */
	private const STALE_SECONDS = 600;

	/**
	 * Stores a request.
	 *
	 * @param string $email   The address (lower case).
	 * @param int    $page_id The manage page.
	 * @param string $ip      The visitor's address.
	 */
	public function add( string $email, int $page_id, string $ip ): void {
		global $wpdb;
		$table = Schema::table( 'self_service_requests' );
		$wpdb->query(
			$wpdb->prepare(
				"INSERT INTO {$table} (email, page_id, ip, created_at) VALUES (%s, %d, %s, %s)",
				mb_substr( $email, 0, 100 ),
				$page_id,
				mb_substr( $ip, 0, 45 ),
				current_time( 'mysql', true )
			)
		);
	}

	/**
	 * Claims up to $limit requests.
	 *
	 * @param int $limit Rows at most.
	 * @return list<array{id: int, email: string, page_id: int, ip: string}>
	 */
	public function claim( int $limit ): array {
		global $wpdb;
		$table  = Schema::table( 'self_service_requests' );
		$stale  = gmdate( 'Y-m-d H:i:s', time() - self::STALE_SECONDS );
		$ids    = $wpdb->get_col( $wpdb->prepare( "SELECT id FROM {$table} WHERE claim_token IS NULL OR claimed_at < %s ORDER BY id ASC LIMIT %d", $stale, $limit ) );
		$token  = bin2hex( random_bytes( 16 ) );
		$now    = current_time( 'mysql', true );
		$claims = array();
		foreach ( $ids as $id ) {
			$wpdb->query( $wpdb->prepare( "UPDATE {$table} SET claim_token = %s, claimed_at = %s WHERE id = %d AND (claim_token IS NULL OR claimed_at < %s)", $token, $now, (int) $id, $stale ) );
			if ( 1 !== (int) $wpdb->rows_affected ) {
				continue;
			}
			$row = $wpdb->get_row( $wpdb->prepare( "SELECT id, email, page_id, ip FROM {$table} WHERE id = %d AND claim_token = %s", (int) $id, $token ), ARRAY_A );
			if ( is_array( $row ) ) {
				$claims[] = array(
					'id'      => (int) $row['id'],
					'email'   => (string) $row['email'],
					'page_id' => (int) $row['page_id'],
					'ip'      => (string) $row['ip'],
				);
			}
		}
		return $claims;
	}

	/**
	 * Deletes a handled request.
	 *
	 * @param int $id Row id.
	 */
	public function done( int $id ): void {
		global $wpdb;
		$table = Schema::table( 'self_service_requests' );
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$table} WHERE id = %d", $id ) );
	}
}
