<?php
/**
 * The disputes table.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books\Disputes;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;

// phpcs:disable WordPress.DB.DirectDatabaseQuery -- disputes are read as they are now (no cache); every value is a placeholder of $wpdb->prepare().

/**
 * One row per provider dispute, keyed by (provider, provider_dispute_id): every event of a
 * dispute, in any order and any number of times, writes the same row with what the provider says now.
 */
final class DisputeRepository {

	/**
	 * Writes the dispute as it is now (insert, or update the row of its id).
	 *
	 * @param Dispute $dispute  The dispute.
	 * @param string  $provider The stored provider id.
	 */
	public function save( Dispute $dispute, string $provider ): void {
		global $wpdb;
		$table  = Schema::table( 'disputes' );
		$values = array( $dispute->donation_id, $provider, $dispute->provider_dispute_id, $dispute->charge_id, $dispute->amount_cents, $dispute->fee_cents, $dispute->currency, $dispute->reason, $dispute->status, $dispute->evidence_due_at, $dispute->outcome(), $dispute->created_at, current_time( 'mysql', true ) );
		// A donation once matched keeps its id (a later event cannot lose it).
		$sql = "INSERT INTO {$table} (donation_id, provider, provider_dispute_id, charge_id, amount_cents, fee_cents, currency, reason, status, evidence_due_at, outcome, created_at, updated_at) VALUES (%d, %s, %s, %s, %d, %d, %s, %s, %s, NULLIF(%s, ''), %s, %s, %s) ON DUPLICATE KEY UPDATE donation_id = GREATEST(donation_id, VALUES(donation_id)), amount_cents = VALUES(amount_cents), fee_cents = VALUES(fee_cents), reason = VALUES(reason), status = VALUES(status), evidence_due_at = VALUES(evidence_due_at), outcome = VALUES(outcome), updated_at = VALUES(updated_at)";
		$wpdb->query( $wpdb->prepare( $sql, $values ) ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql, WordPress.DB.PreparedSQL.NotPrepared -- the plugin's table name and placeholders only.
	}

	/**
	 * The disputes of a donation, newest first.
	 *
	 * @param int $donation_id Donation row id.
	 * @return list<Dispute>
	 */
	public function for_donation( int $donation_id ): array {
		global $wpdb;
		$table = Schema::table( 'disputes' );
		$rows  = $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$table} WHERE donation_id = %d ORDER BY created_at DESC, id DESC", $donation_id ), ARRAY_A ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the plugin's table name only.
		$found = array();
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$found[] = Dispute::from_row( $row );
		}
		return $found;
	}

	/**
	 * The disputes of this site's donations still open, and those lost since a date.
	 *
	 * @param string $since UTC datetime: lost disputes raised since then are counted.
	 * @return array{open: int, open_cents: int, lost: int, lost_cents: int}
	 */
	public function summary( string $since ): array {
		global $wpdb;
		$table  = Schema::table( 'disputes' );
		$marks  = implode( ', ', array_fill( 0, count( Dispute::OPEN ), '%s' ) );
		$open   = $wpdb->get_row( $wpdb->prepare( "SELECT COUNT(*) AS disputes, COALESCE(SUM(amount_cents), 0) AS cents FROM {$table} WHERE status IN ({$marks}) AND donation_id > 0", Dispute::OPEN ), ARRAY_A ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- the plugin's table name, and one %s per open status in $marks.
		$lost   = $wpdb->get_row( $wpdb->prepare( "SELECT COUNT(*) AS disputes, COALESCE(SUM(amount_cents), 0) AS cents FROM {$table} WHERE status = %s AND donation_id > 0 AND created_at >= %s", Dispute::LOST, $since ), ARRAY_A ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the plugin's table name only.
		$number = static fn ( mixed $row, string $key ): int => is_array( $row ) && is_numeric( $row[ $key ] ?? null ) ? (int) $row[ $key ] : 0;
		return array(
			'open'       => $number( $open, 'disputes' ),
			'open_cents' => $number( $open, 'cents' ),
			'lost'       => $number( $lost, 'disputes' ),
			'lost_cents' => $number( $lost, 'cents' ),
		);
	}
}
