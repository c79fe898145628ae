<?php
/**
 * Reads and writes self-service links.
 *
 * @package DonationWidget
 */

namespace DonationWidget\SelfService;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the self_service_links table's one gateway: whether a link still works must be read fresh from the shared database on every server; the only interpolated name is the plugin's own table from Schema::table(), every value goes through $wpdb->prepare().

/**
 * The only place that touches the self_service_links table. Opening a link is one conditional
 * UPDATE (unused and unexpired), so two servers racing on the same link open it once.
 */
final class ManageLinkRepository {

	/**
	 * Stores a new link.
	 *
	 * @param string $token_hash SHA-256 of the token.
	 * @param string $email      The address it was requested for.
	 * @param int    $page_id    The page holding the "Manage my donation" block.
	 * @param int    $expires_at Unix time it stops working.
	 * @return int The link's id, or 0 when the row could not be written.
	 */
	public function create( string $token_hash, string $email, int $page_id, int $expires_at ): int {
		global $wpdb;
		$table = Schema::table( 'self_service_links' );
		$wpdb->query(
			$wpdb->prepare(
				"INSERT INTO {$table} (token_hash, email, page_id, created_at, expires_at) VALUES (%s, %s, %d, %s, %s)",
				$token_hash,
				mb_substr( $email, 0, 100 ),
				$page_id,
				current_time( 'mysql', true ),
				gmdate( 'Y-m-d H:i:s', $expires_at )
			)
		);
		return 1 === (int) $wpdb->rows_affected ? (int) $wpdb->insert_id : 0;
	}

	/**
	 * A link's row by the hash of its token.
	 *
	 * @param string $token_hash SHA-256 of a token.
	 * @return array{id: int, token_hash: string, email: string, page_id: int, expires_at: string, used_at: string}|null
	 */
	public function find_by_hash( string $token_hash ): ?array {
		global $wpdb;
		$table = Schema::table( 'self_service_links' );
		$row   = $wpdb->get_row( $wpdb->prepare( "SELECT * FROM {$table} WHERE token_hash = %s", $token_hash ), ARRAY_A );
		if ( ! is_array( $row ) ) {
			return null;
		}
		return array(
			'id'         => (int) $row['id'],
			'token_hash' => (string) $row['token_hash'],
			'email'      => (string) $row['email'],
			'page_id'    => (int) $row['page_id'],
			'expires_at' => (string) $row['expires_at'],
			'used_at'    => (string) $row['used_at'],
		);
	}

	/**
	 * Uses a link up, if it is still unused and unexpired: one statement, so only one caller wins.
	 *
	 * @param int $id Row id.
	 * @return bool Whether this call used it.
	 */
	public function claim( int $id ): bool {
		global $wpdb;
		$table = Schema::table( 'self_service_links' );
		$now   = current_time( 'mysql', true );
		$wpdb->query( $wpdb->prepare( "UPDATE {$table} SET used_at = %s WHERE id = %d AND used_at IS NULL AND expires_at > %s", $now, $id, $now ) );
		return 1 === (int) $wpdb->rows_affected;
	}
}
