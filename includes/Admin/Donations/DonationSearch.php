<?php
/**
 * How the admin screens search donations.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Donations;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;

/**
 * A search of the donations list (and of the 4-weekly list, through each subscription's first
 * donation), as SQL that reads indexes only: never a LIKE '%…%' over the whole table.
 */
final class DonationSearch {

	/**
	 * Columns every search_* key holds besides its searched columns (and the id): what the list
	 * sorts by, and what the totals need for the kept amount (total less refunds and lost
	 * disputes), so the totals never read a match back from the table.
	 */
	public const COVERED = array( 'created_at', 'status', 'currency', 'total_cents', 'refunded_cents', 'dispute_lost_cents' );

	/**
	 * The ids a search finds: a UNION of lookups that each use an index, so no search reads
	 * the whole table. It matches the start of an email address, of its domain, of a first
	 * name, a last name, "first last" or an organisation; or exactly a provider id (charge,
	 * capture, PaymentIntent, customer, subscription), a donation id (42, #42) or a receipt
	 * number (REC-00000042).
	 *
	 * @param string $search Search text.
	 * @return array{0: string, 1: list<string|int>}
	 */
	public static function ids( string $search ): array {
		return self::union( $search, 'id' );
	}

	/**
	 * The same matches as ids(), each with some of the columns a search sorts and sums
	 * (COVERED): the name and email lookups read them from their search_* keys, which hold
	 * them, so counting, summing and paging thousands of matches reads no row of the table. The
	 * UNION removes a row found by two lookups, as in ids(): the columns all follow from the id.
	 *
	 * @param string   $search  Search text.
	 * @param string[] $columns Which of COVERED (others are left out); all when empty.
	 * @return array{0: string, 1: list<string|int>}
	 */
	public static function rows( string $search, array $columns = array() ): array {
		$columns = array() === $columns ? self::COVERED : array_values( array_intersect( self::COVERED, $columns ) );
		return self::union( $search, implode( ', ', array_merge( array( 'id' ), $columns ) ) );
	}

	/**
	 * The UNION of indexed lookups behind ids() and rows().
	 *
	 * @param string $search Search text.
	 * @param string $select The columns each lookup answers.
	 * @return array{0: string, 1: list<string|int>}
	 */
	private static function union( string $search, string $select ): array {
		global $wpdb;
		$table    = Schema::table( 'donations' );
		$prefix   = $wpdb->esc_like( $search ) . '%';
		$branches = array();
		$args     = array();
		foreach ( array( 'email', 'email_domain', 'first_name', 'last_name', 'organisation_name' ) as $column ) {
			$branches[] = "SELECT {$select} FROM {$table} WHERE {$column} LIKE %s";
			$args[]     = $prefix;
		}
		$words = preg_split( '/\s+/', $search, 2 );
		if ( is_array( $words ) && 2 === count( $words ) ) {
			$branches[] = "SELECT {$select} FROM {$table} WHERE first_name = %s AND last_name LIKE %s";
			array_push( $args, $words[0], $wpdb->esc_like( $words[1] ) . '%' );
		}
		foreach ( array( 'provider_reference', 'payment_intent_id', 'customer_id', 'subscription_id' ) as $column ) {
			$branches[] = "SELECT {$select} FROM {$table} WHERE {$column} = %s";
			$args[]     = $search;
		}
		if ( self::id_in( $search ) > 0 ) {
			$branches[] = "SELECT {$select} FROM {$table} WHERE id = %d";
			$args[]     = self::id_in( $search );
		}
		if ( self::receipt_in( $search ) > 0 ) {
			$branches[] = "SELECT {$select} FROM {$table} WHERE receipt_seq = %d";
			$args[]     = self::receipt_in( $search );
		}
		return array( implode( ' UNION ', $branches ), $args );
	}

	/**
	 * The donation id a search names, as "42" or "#42"; 0 (no row has it) otherwise.
	 *
	 * @param string $search Search text.
	 */
	private static function id_in( string $search ): int {
		return preg_match( '/^#?0*([1-9][0-9]{0,17})$/D', $search, $match ) ? (int) $match[1] : 0;
	}

	/**
	 * The receipt sequence number a search names, as "42" or a receipt number with any prefix
	 * such as "REC-00000042" or "KC/00000042"; 0 (no row has it) otherwise.
	 *
	 * @param string $search Search text.
	 */
	private static function receipt_in( string $search ): int {
		return preg_match( '/^(?!#)[^\s0-9]{0,20}0*([1-9][0-9]{0,17})$/D', $search, $match ) ? (int) $match[1] : 0;
	}

}
