<?php
/**
 * The record of every receipt emailed.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Receipts;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the receipts table's one gateway: the claim must be decided by the shared database on every server (never a cache); the only interpolated name is the plugin's own table from Schema::table(), every value goes through $wpdb->prepare() or $wpdb->update().

/**
 * One row per receipt email: the automatic one after a donation succeeds, and each copy staff
 * resend. The automatic row is claimed with INSERT IGNORE on a UNIQUE key before the email goes
 * out, so it is sent at most once however many requests complete the same donation.
 */
final class ReceiptLog {

	public const SENDING = 'sending';
	public const QUEUED  = 'queued';
	public const SENT    = 'sent';
	public const FAILED  = 'failed';

	/**
	 * The column sent_number_column() adds to a donation row.
	 */
	public const SENT_NUMBER = 'receipt_number_sent';

	/**
	 * Claims the automatic receipt of a donation.
	 *
	 * @param int    $donation_id    Donation row id.
	 * @param string $receipt_number The number it will carry.
	 * @return int The log row's id, or 0 when another request already claimed it.
	 */
	public function claim_automatic( int $donation_id, string $receipt_number ): int {
		global $wpdb;
		$table = Schema::table( 'receipts' );
		$wpdb->query(
			$wpdb->prepare(
				"INSERT IGNORE INTO {$table} (donation_id, automatic_donation_id, receipt_number, status, sent_by, created_at) VALUES (%d, %d, %s, %s, 0, %s)",
				$donation_id,
				$donation_id,
				$receipt_number,
				self::SENDING,
				current_time( 'mysql', true )
			)
		);
		return 1 === (int) $wpdb->rows_affected ? (int) $wpdb->insert_id : 0;
	}

	/**
	 * Records a copy that staff asked for.
	 *
	 * @param int    $donation_id    Donation row id.
	 * @param string $receipt_number The number it carries.
	 * @param int    $user_id        Who asked.
	 * @return int The log row's id.
	 */
	public function start_resend( int $donation_id, string $receipt_number, int $user_id ): int {
		global $wpdb;
		$wpdb->insert(
			Schema::table( 'receipts' ),
			array(
				'donation_id'    => $donation_id,
				'receipt_number' => $receipt_number,
				'status'         => self::SENDING,
				'sent_by'        => $user_id,
				'created_at'     => current_time( 'mysql', true ),
			),
			array( '%d', '%s', '%s', '%d', '%s' )
		);
		return (int) $wpdb->insert_id;
	}

	/**
	 * Records where the email is: queued for the mail worker, sent, or failed.
	 *
	 * @param int    $id     Log row id.
	 * @param string $status QUEUED, SENT or FAILED.
	 */
	public function finish( int $id, string $status ): void {
		global $wpdb;
		$wpdb->update( Schema::table( 'receipts' ), array( 'status' => $status ), array( 'id' => $id ), array( '%s' ), array( '%d' ) );
	}

	/**
	 * The number already given to a donation's receipt, or ''.
	 *
	 * @param int $donation_id Donation row id.
	 */
	public function number_of( int $donation_id ): string {
		global $wpdb;
		$table = Schema::table( 'receipts' );
		$found = $wpdb->get_var( $wpdb->prepare( "SELECT receipt_number FROM {$table} WHERE donation_id = %d AND receipt_number <> '' ORDER BY id ASC LIMIT 1", $donation_id ) );
		return is_string( $found ) ? $found : '';
	}

	/**
	 * A SELECT column holding the number first sent for each donation row (as SENT_NUMBER), for
	 * screens that read many donations at once; read it with ReceiptNumber::shown().
	 *
	 * @param string $alias The donations table's alias in the query (letters only).
	 */
	public static function sent_number_column( string $alias ): string {
		$alias = preg_replace( '/[^a-z]/', '', $alias );
		$table = Schema::table( 'receipts' );
		return "(SELECT sent.receipt_number FROM {$table} sent WHERE sent.donation_id = {$alias}.id AND sent.receipt_number <> '' ORDER BY sent.id ASC LIMIT 1) AS " . self::SENT_NUMBER;
	}

	/**
	 * Every receipt of a donation, oldest first.
	 *
	 * @param int $donation_id Donation row id.
	 * @return list<array{id: int, automatic: bool, receipt_number: string, status: string, sent_by: int, created_at: string}>
	 */
	public function for_donation( int $donation_id ): array {
		global $wpdb;
		$table = Schema::table( 'receipts' );
		$rows  = $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$table} WHERE donation_id = %d ORDER BY id ASC", $donation_id ), ARRAY_A );
		$found = array();
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$found[] = array(
				'id'             => (int) $row['id'],
				'automatic'      => null !== $row['automatic_donation_id'],
				'receipt_number' => (string) $row['receipt_number'],
				'status'         => (string) $row['status'],
				'sent_by'        => (int) $row['sent_by'],
				'created_at'     => (string) $row['created_at'],
			);
		}
		return $found;
	}
}
