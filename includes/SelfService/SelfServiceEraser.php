<?php
/**
 * Erases a donor's self-service links and sessions on a personal-data erasure request.
 *
 * @package DonationWidget
 */

namespace DonationWidget\SelfService;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- a privacy erasure of the plugin's own tables; the only interpolated names are the tables from Schema::table() and a list of %d placeholders, every value goes through $wpdb->prepare().

/**
 * Deletes the address's links, sessions and waiting requests (they only exist to reach the donations, which the
 * donation eraser handles) and the IP addresses in their audit rows.
 */
final class SelfServiceEraser {

	/**
	 * Adds the eraser to WordPress's list.
	 *
	 * @param mixed $erasers Registered erasers.
	 * @return array<string, mixed>
	 */
	public function register( mixed $erasers ): array {
		$erasers                                 = is_array( $erasers ) ? $erasers : array();
		$erasers['donation-widget-self-service'] = array(
			'eraser_friendly_name' => __( 'Donation Widget self-service links', 'donation-widget' ),
			'callback'             => array( $this, 'erase' ),
		);
		return $erasers;
	}

	/**
	 * Erases one address's links and sessions.
	 *
	 * @param string $email The requester's address.
	 * @return array{items_removed: bool, items_retained: bool, messages: list<string>, done: bool}
	 */
	public function erase( string $email ): array {
		global $wpdb;
		$links    = Schema::table( 'self_service_links' );
		$sessions = Schema::table( 'self_service_sessions' );
		$audit    = Schema::table( 'self_service_audit' );
		$asked    = Schema::table( 'self_service_requests' );
		$ids      = array_map( 'intval', $wpdb->get_col( $wpdb->prepare( "SELECT id FROM {$links} WHERE email = %s", $email ) ) );
		$removed  = 0;
		if ( array() !== $ids ) {
			$placeholders = implode( ', ', array_fill( 0, count( $ids ), '%d' ) );
			$wpdb->query( $wpdb->prepare( "UPDATE {$audit} SET ip = '' WHERE link_id IN ({$placeholders})", $ids ) ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- a %d placeholder per id.
			$removed += (int) $wpdb->query( $wpdb->prepare( "DELETE FROM {$links} WHERE id IN ({$placeholders})", $ids ) ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- a %d placeholder per id.
		}
		$removed += (int) $wpdb->query( $wpdb->prepare( "DELETE FROM {$sessions} WHERE email = %s", $email ) );
		$removed += (int) $wpdb->query( $wpdb->prepare( "DELETE FROM {$asked} WHERE email = %s", $email ) );
		return array(
			'items_removed'  => $removed > 0,
			'items_retained' => false,
			'messages'       => $removed > 0 ? array( __( 'The donor\'s self-service links and sessions were deleted.', 'donation-widget' ) ) : array(),
			'done'           => true,
		);
	}
}
