<?php
/**
 * Which webhook events were already taken.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Webhooks;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the webhook_events table's one gateway: the claim must be decided by the shared database (never a cache); the only interpolated name is the plugin's own table from Schema::table(), every value goes through $wpdb->prepare().

/**
 * Providers deliver an event at least once: retries, replays and parallel deliveries to several
 * web servers happen. Each event id is claimed with one INSERT IGNORE against a UNIQUE key, so
 * exactly one request processes it. A request that fails part-way releases its claim, so the provider's
 * retry runs it again; a claim left by a crashed request is taken over after a while.
 */
final class WebhookEventLog {

	public const PROCESSING = 'processing';
	public const PROCESSED  = 'processed';

	/**
	 * After this many seconds a "processing" claim is considered abandoned.
	 */
	private const ABANDONED_AFTER_SECONDS = 600;

	/**
	 * Claims an event for this request.
	 *
	 * @param string $event_id    The evt_… id.
	 * @param string $type        Event type.
	 * @param string $api_version The API version the payload was written in ('' when unknown).
	 * @return bool True when this request must process it; false when it was (or is being) processed.
	 */
	public function claim( string $event_id, string $type, string $api_version = '' ): bool {
		global $wpdb;
		$table = Schema::table( 'webhook_events' );
		$now   = current_time( 'mysql', true );
		$wpdb->query(
			$wpdb->prepare(
				"INSERT IGNORE INTO {$table} (event_id, type, api_version, status, received_at) VALUES (%s, %s, %s, %s, %s)",
				$event_id,
				mb_substr( $type, 0, 100 ),
				mb_substr( $api_version, 0, 40 ),
				self::PROCESSING,
				$now
			)
		);
		if ( 1 === $this->rows_affected() ) {
			return true;
		}
		// Take over a claim whose request died without finishing or releasing it.
		$abandoned = gmdate( 'Y-m-d H:i:s', time() - self::ABANDONED_AFTER_SECONDS );
		$wpdb->query(
			$wpdb->prepare(
				"UPDATE {$table} SET received_at = %s WHERE event_id = %s AND status = %s AND received_at < %s",
				$now,
				$event_id,
				self::PROCESSING,
				$abandoned
			)
		);
		return 1 === $this->rows_affected();
	}

	/**
	 * How many rows the last statement changed.
	 *
	 * @phpstan-impure
	 */
	private function rows_affected(): int {
		global $wpdb;
		return (int) $wpdb->rows_affected;
	}

	/**
	 * Records that the event was processed, and what it did.
	 *
	 * @param string $event_id The evt_… id.
	 * @param string $outcome  What happened, for the admin.
	 */
	public function finish( string $event_id, string $outcome ): void {
		global $wpdb;
		$wpdb->update(
			Schema::table( 'webhook_events' ),
			array(
				'status'       => self::PROCESSED,
				'outcome'      => mb_substr( $outcome, 0, 255 ),
				'processed_at' => current_time( 'mysql', true ),
			),
			array( 'event_id' => $event_id )
		);
	}

	/**
	 * Gives a claim up after processing failed, so the provider's retry processes the event again.
	 *
	 * @param string $event_id The evt_… id.
	 */
	public function release( string $event_id ): void {
		global $wpdb;
		$wpdb->delete(
			Schema::table( 'webhook_events' ),
			array(
				'event_id' => $event_id,
				'status'   => self::PROCESSING,
			)
		);
	}

	/**
	 * The stored status and outcome of an event, or null when never claimed.
	 *
	 * @param string $event_id The evt_… id.
	 * @return array{status: string, outcome: string, api_version: string}|null
	 */
	public function find( string $event_id ): ?array {
		global $wpdb;
		$table = Schema::table( 'webhook_events' );
		$row   = $wpdb->get_row( $wpdb->prepare( "SELECT status, outcome, api_version FROM {$table} WHERE event_id = %s", $event_id ), ARRAY_A );
		if ( ! is_array( $row ) ) {
			return null;
		}
		return array(
			'status'      => (string) $row['status'],
			'outcome'     => (string) $row['outcome'],
			'api_version' => (string) $row['api_version'],
		);
	}
}
