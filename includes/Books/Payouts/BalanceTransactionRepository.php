<?php
/**
 * The balance_transactions table.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books\Payouts;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;

/**
 * Every movement of the provider balance a payout is made of, one row per provider
 * transaction id however often it is read.
 */
final class BalanceTransactionRepository {

	/**
	 * Inserts or updates one transaction.
	 *
	 * @param string               $provider    The stored provider id.
	 * @param array<string, mixed> $transaction transaction_id, payout_id, type, reporting_category, amount_cents, fee_cents, net_cents, currency, source_id, donation_id, description, provider_created_at.
	 */
	public function save( string $provider, array $transaction ): void {
		global $wpdb;
		$table = Schema::table( 'balance_transactions' );
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- one upsert on the provider's unique key.
		$wpdb->query(
			$wpdb->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the table name is the plugin's own.
				"INSERT INTO {$table} (provider, transaction_id, payout_id, type, reporting_category, amount_cents, fee_cents, net_cents, currency, source_id, donation_id, description, provider_created_at, created_at) VALUES (%s, %s, %s, %s, %s, %d, %d, %d, %s, %s, %d, %s, %s, %s)
				ON DUPLICATE KEY UPDATE payout_id = VALUES(payout_id), type = VALUES(type), reporting_category = VALUES(reporting_category), amount_cents = VALUES(amount_cents), fee_cents = VALUES(fee_cents), net_cents = VALUES(net_cents), currency = VALUES(currency), source_id = VALUES(source_id), donation_id = VALUES(donation_id), description = VALUES(description), provider_created_at = VALUES(provider_created_at)",
				$provider,
				(string) $transaction['transaction_id'],
				(string) $transaction['payout_id'],
				(string) $transaction['type'],
				(string) $transaction['reporting_category'],
				(int) $transaction['amount_cents'],
				(int) $transaction['fee_cents'],
				(int) $transaction['net_cents'],
				(string) $transaction['currency'],
				(string) $transaction['source_id'],
				(int) $transaction['donation_id'],
				mb_substr( (string) $transaction['description'], 0, 255 ),
				(string) $transaction['provider_created_at'],
				current_time( 'mysql', true )
			)
		);
	}

	/**
	 * A payout's transactions, oldest first (the provider lists newest first, so among those of one
	 * second the later row is the older), the deposit's own last.
	 *
	 * @param string $payout_id po_… id.
	 * @return list<array<string, string>>
	 */
	public function of_payout( string $payout_id ): array {
		global $wpdb;
		$table = Schema::table( 'balance_transactions' );
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the table name is the plugin's own; on the payout_id key.
		$rows = $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$table} WHERE payout_id = %s ORDER BY type = 'payout' ASC, provider_created_at ASC, id DESC", $payout_id ), ARRAY_A );
		return array_values( array_map( static fn ( array $row ): array => array_map( 'strval', $row ), is_array( $rows ) ? $rows : array() ) );
	}
}
