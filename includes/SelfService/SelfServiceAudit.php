<?php
/**
 * The history of self-service links and sessions.
 *
 * @package DonationWidget
 */

namespace DonationWidget\SelfService;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the self_service_audit table's one gateway: an append-only log; the only interpolated name is the plugin's own table from Schema::table(), every value goes through $wpdb->prepare() or $wpdb->insert().

/**
 * Appends one row per request, issue, email, opening and change. Rows are never changed and
 * never hold an email address or a token.
 */
final class SelfServiceAudit {

	public const REQUESTED        = 'requested';
	public const REQUEST_UNKNOWN  = 'request_unknown';
	public const REQUEST_LIMITED  = 'request_limited';
	public const ISSUED           = 'issued';
	public const EMAILED          = 'emailed';
	public const EMAIL_FAILED     = 'email_failed';
	public const OPENED           = 'opened';
	public const REFUSED          = 'refused';
	public const SIGNED_OUT       = 'signed_out';
	public const CHANGED          = 'changed';
	public const CHANGE_REFUSED   = 'change_refused';
	public const CARD_LINK_ISSUED = 'card_link_issued';

	/**
	 * Appends one row.
	 *
	 * @param string $event           One of the constants.
	 * @param int    $link_id         The link involved, or 0.
	 * @param int    $session_id      The session involved, or 0.
	 * @param string $subscription_id The subscription involved, or ''.
	 * @param string $detail          More about it.
	 * @param string $ip              The visitor's address.
	 */
	public function record( string $event, int $link_id = 0, int $session_id = 0, string $subscription_id = '', string $detail = '', string $ip = '' ): void {
		global $wpdb;
		$row = array(
			'event'           => $event,
			'subscription_id' => $subscription_id,
			'detail'          => mb_substr( $detail, 0, 255 ),
			'ip'              => mb_substr( $ip, 0, 45 ),
			'created_at'      => current_time( 'mysql', true ),
		);
		if ( $link_id > 0 ) {
			$row['link_id'] = $link_id;
		}
		if ( $session_id > 0 ) {
			$row['session_id'] = $session_id;
		}
		$wpdb->insert( Schema::table( 'self_service_audit' ), $row );
	}

	/**
	 * The events of one link, oldest first (for tests and support).
	 *
	 * @param int $link_id Link id.
	 * @return list<string>
	 */
	public function events_of_link( int $link_id ): array {
		global $wpdb;
		$table = Schema::table( 'self_service_audit' );
		return array_values( array_map( 'strval', $wpdb->get_col( $wpdb->prepare( "SELECT event FROM {$table} WHERE link_id = %d ORDER BY id ASC", $link_id ) ) ) );
	}
}
