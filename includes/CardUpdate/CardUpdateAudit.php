<?php
/**
 * The history of every card-update link: issued, emailed, opened, used, refused.
 *
 * @package DonationWidget
 */

namespace DonationWidget\CardUpdate;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;
use DonationWidget\Donations\RecurringMovements;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the card_update_audit table's one gateway: an append-only log read fresh for the admin; the only interpolated name is the plugin's own table from Schema::table(), every value goes through $wpdb->prepare() or $wpdb->insert().

/**
 * Appends audit rows and reads a subscription's history for the admin. Rows are never changed.
 */
final class CardUpdateAudit {

	/**
	 * Rows returned at most per subscription.
	 */
	public const MAX_ROWS = 200;

	/**
	 * Appends one row.
	 *
	 * @param string              $event           An AuditEntry constant.
	 * @param string              $actor           Who or what: see CardUpdateActor.
	 * @param CardUpdateLink|null $link            The link involved, if any.
	 * @param string              $detail          More about it (never a requestID).
	 * @param string              $ip              The visitor's address, for public calls.
	 * @param string              $subscription_id The subscription when there is no link.
	 */
	public function record( string $event, string $actor, ?CardUpdateLink $link, string $detail = '', string $ip = '', string $subscription_id = '' ): void {
		global $wpdb;
		$row = array(
			'subscription_id' => null !== $link ? $link->subscription_id : $subscription_id,
			'event'           => $event,
			'actor'           => mb_substr( $actor, 0, 191 ),
			'detail'          => mb_substr( $detail, 0, 255 ),
			'ip'              => mb_substr( $ip, 0, 45 ),
			'created_at'      => current_time( 'mysql', true ),
		);
		if ( null !== $link ) {
			$row['link_id'] = $link->id;
		}
		$wpdb->insert( Schema::table( 'card_update_audit' ), $row );
		if ( AuditEntry::CARD_UPDATED === $event ) {
			// A card updated after a failed renewal is a recovered donor in the reports.
			( new RecurringMovements() )->refresh( array( $row['subscription_id'] ) );
		}
	}

	/**
	 * Card updates made between two times whose subscription has not been looked at again since
	 * (no later PAST_DUE_CHECKED row), oldest first: for MissedDonationCheck.
	 *
	 * @param string $created_before UTC datetime.
	 * @param string $created_after  UTC datetime.
	 * @param int    $limit          Rows at most.
	 * @return list<AuditEntry>
	 */
	public function updates_not_checked( string $created_before, string $created_after, int $limit ): array {
		global $wpdb;
		$table = Schema::table( 'card_update_audit' );
		$rows  = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT a.* FROM {$table} a WHERE a.event = %s AND a.created_at < %s AND a.created_at > %s AND NOT EXISTS ( SELECT 1 FROM {$table} b WHERE b.subscription_id = a.subscription_id AND b.event = %s AND b.id > a.id ) ORDER BY a.id ASC LIMIT %d",
				AuditEntry::CARD_UPDATED,
				$created_before,
				$created_after,
				AuditEntry::PAST_DUE_CHECKED,
				max( 1, $limit )
			),
			ARRAY_A
		);
		return $this->entries( $rows );
	}

	/**
	 * A subscription's history, newest first: what the admin shows on the subscription.
	 *
	 * @param string $subscription_id sub_… id.
	 * @param int    $limit           Rows at most.
	 * @return list<AuditEntry>
	 */
	public function for_subscription( string $subscription_id, int $limit = self::MAX_ROWS ): array {
		global $wpdb;
		if ( '' === $subscription_id ) {
			return array();
		}
		$table = Schema::table( 'card_update_audit' );
		$rows  = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT * FROM {$table} WHERE subscription_id = %s ORDER BY id DESC LIMIT %d",
				$subscription_id,
				max( 1, min( $limit, self::MAX_ROWS ) )
			),
			ARRAY_A
		);
		return $this->entries( $rows );
	}

	/**
	 * One link's history, newest first.
	 *
	 * @param int $link_id Link id.
	 * @return list<AuditEntry>
	 */
	public function for_link( int $link_id ): array {
		global $wpdb;
		$table = Schema::table( 'card_update_audit' );
		$rows  = $wpdb->get_results(
			$wpdb->prepare( "SELECT * FROM {$table} WHERE link_id = %d ORDER BY id DESC LIMIT %d", $link_id, self::MAX_ROWS ),
			ARRAY_A
		);
		return $this->entries( $rows );
	}

	/**
	 * Entries from get_results() rows.
	 *
	 * @param mixed $rows Rows or null.
	 * @return list<AuditEntry>
	 */
	private function entries( mixed $rows ): array {
		$entries = array();
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			if ( is_array( $row ) ) {
				$entries[] = AuditEntry::from_row( $row );
			}
		}
		return $entries;
	}
}
