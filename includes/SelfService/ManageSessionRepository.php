<?php
/**
 * Reads and writes self-service sessions.
 *
 * @package DonationWidget
 */

namespace DonationWidget\SelfService;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the self_service_sessions table's one gateway: a session must be checked against the shared database on every server (never a cache, which could keep a signed-out session alive); the only interpolated name is the plugin's own table from Schema::table(), every value goes through $wpdb->prepare().

/**
 * The only place that touches the self_service_sessions table.
 */
final class ManageSessionRepository {

	/**
	 * Stores a new session.
	 *
	 * @param string $token_hash SHA-256 of the cookie's token.
	 * @param string $email      Whose donations it shows.
	 * @param int    $link_id    The link it was opened from.
	 * @param int    $expires_at Unix time it ends.
	 * @return int The session's id, or 0.
	 */
	public function create( string $token_hash, string $email, int $link_id, int $expires_at ): int {
		global $wpdb;
		$table = Schema::table( 'self_service_sessions' );
		$wpdb->query(
			$wpdb->prepare(
				"INSERT INTO {$table} (token_hash, email, link_id, created_at, expires_at) VALUES (%s, %s, %d, %s, %s)",
				$token_hash,
				mb_substr( $email, 0, 100 ),
				$link_id,
				current_time( 'mysql', true ),
				gmdate( 'Y-m-d H:i:s', $expires_at )
			)
		);
		return 1 === (int) $wpdb->rows_affected ? (int) $wpdb->insert_id : 0;
	}

	/**
	 * The live session whose token has this hash, or null (unknown, ended or expired).
	 *
	 * @param string $token_hash SHA-256 of a cookie's token.
	 */
	public function find_live( string $token_hash ): ?ManageSession {
		global $wpdb;
		$table = Schema::table( 'self_service_sessions' );
		$row   = $wpdb->get_row(
			$wpdb->prepare(
				"SELECT id, token_hash, email, expires_at FROM {$table} WHERE token_hash = %s AND ended_at IS NULL AND expires_at > %s",
				$token_hash,
				current_time( 'mysql', true )
			),
			ARRAY_A
		);
		if ( ! is_array( $row ) ) {
			return null;
		}
		return new ManageSession( (int) $row['id'], (string) $row['token_hash'], (string) $row['email'], (string) $row['expires_at'] );
	}

	/**
	 * Ends a session (signing out).
	 *
	 * @param int $id Row id.
	 */
	public function end( int $id ): void {
		global $wpdb;
		$table = Schema::table( 'self_service_sessions' );
		$wpdb->query( $wpdb->prepare( "UPDATE {$table} SET ended_at = %s WHERE id = %d AND ended_at IS NULL", current_time( 'mysql', true ), $id ) );
	}
}
