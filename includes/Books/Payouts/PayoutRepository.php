<?php
/**
 * The payouts table.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books\Payouts;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;

/**
 * One row per provider payout (bank deposit), keyed by (provider, payout_id): written again
 * whenever a webhook or the reconciliation pass reads the payout, so both paths end on the
 * same row.
 */
final class PayoutRepository {

	/**
	 * Rows per page of the Payouts screen.
	 */
	public const PER_PAGE = 50;

	/**
	 * Inserts or updates a payout's provider facts (amount, status, dates), keeping its
	 * explanation.
	 *
	 * @param string $provider   The stored provider id.
	 * @param string $payout_id  po_… id.
	 * @param int    $amount     Cents.
	 * @param string $currency   ISO code, upper case.
	 * @param string $status     Provider status (pending, in_transit, paid, failed, canceled).
	 * @param string $arrival    Y-m-d (the bank's date, UTC as the provider gives it).
	 * @param string $created_at UTC datetime.
	 */
	public function save( string $provider, string $payout_id, int $amount, string $currency, string $status, string $arrival, string $created_at ): void {
		global $wpdb;
		$table = Schema::table( 'payouts' );
		$now   = current_time( 'mysql', true );
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- one upsert on the provider's unique key; rows are read fresh on the screen.
		$wpdb->query(
			$wpdb->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the table name is the plugin's own.
				"INSERT INTO {$table} (provider, payout_id, amount_cents, currency, status, arrival_date, provider_created_at, created_at, updated_at) VALUES (%s, %s, %d, %s, %s, %s, %s, %s, %s)
				ON DUPLICATE KEY UPDATE amount_cents = VALUES(amount_cents), currency = VALUES(currency), status = VALUES(status), arrival_date = VALUES(arrival_date), provider_created_at = VALUES(provider_created_at), updated_at = VALUES(updated_at)",
				$provider,
				$payout_id,
				$amount,
				$currency,
				$status,
				$arrival,
				$created_at,
				$now,
				$now
			)
		);
	}

	/**
	 * Stores the explanation: the parts, and whether they come to the deposit.
	 *
	 * @param string      $provider  The stored provider id.
	 * @param string      $payout_id po_… id.
	 * @param PayoutParts $parts     The parts.
	 * @param int         $amount    The deposit, cents.
	 */
	public function explain( string $provider, string $payout_id, PayoutParts $parts, int $amount ): void {
		global $wpdb;
		$now = current_time( 'mysql', true );
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the explanation is written on every read of the payout.
		$wpdb->update(
			Schema::table( 'payouts' ),
			array(
				'gross_cents'      => $parts->gross_cents,
				'fee_cents'        => $parts->fee_cents,
				'refund_cents'     => $parts->refund_cents,
				'dispute_cents'    => $parts->dispute_cents,
				'other_cents'      => $parts->other_cents,
				'transactions'     => $parts->transactions,
				'check_status'     => $parts->check_status( $amount ),
				'difference_cents' => $parts->difference_cents( $amount ),
				'explained_at'     => $now,
				'updated_at'       => $now,
			),
			array(
				'provider'  => $provider,
				'payout_id' => $payout_id,
			),
			array( '%d', '%d', '%d', '%d', '%d', '%d', '%s', '%d', '%s', '%s' ),
			array( '%s', '%s' )
		);
	}

	/**
	 * One payout row.
	 *
	 * @param string $payout_id po_… id.
	 * @return array<string, string>|null
	 */
	public function find( string $payout_id ): ?array {
		global $wpdb;
		$table = Schema::table( 'payouts' );
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the table name is the plugin's own; read fresh.
		$row = $wpdb->get_row( $wpdb->prepare( "SELECT * FROM {$table} WHERE payout_id = %s LIMIT 1", $payout_id ), ARRAY_A );
		return is_array( $row ) ? array_map( 'strval', $row ) : null;
	}

	/**
	 * A page of payouts, newest deposit first.
	 *
	 * @param int $page 1-based page.
	 * @return list<array<string, string>>
	 */
	public function page( int $page ): array {
		global $wpdb;
		$table = Schema::table( 'payouts' );
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the table name is the plugin's own; read fresh.
		$rows = $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$table} ORDER BY arrival_date DESC, id DESC LIMIT %d OFFSET %d", self::PER_PAGE, self::PER_PAGE * max( 0, $page - 1 ) ), ARRAY_A );
		return array_values( array_map( static fn ( array $row ): array => array_map( 'strval', $row ), is_array( $rows ) ? $rows : array() ) );
	}

	/**
	 * How many payouts there are.
	 */
	public function count(): int {
		global $wpdb;
		$table = Schema::table( 'payouts' );
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the table name is the plugin's own.
		return (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$table}" );
	}

	/**
	 * The payouts whose parts do not come to their deposit (the admin notice's list).
	 *
	 * @return list<array<string, string>>
	 */
	public function mismatched(): array {
		global $wpdb;
		$table = Schema::table( 'payouts' );
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the table name is the plugin's own; on the check_status key.
		$rows = $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$table} WHERE check_status = %s ORDER BY arrival_date DESC LIMIT 20", PayoutParts::MISMATCH ), ARRAY_A );
		return array_values( array_map( static fn ( array $row ): array => array_map( 'strval', $row ), is_array( $rows ) ? $rows : array() ) );
	}
}
