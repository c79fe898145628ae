<?php
/**
 * The 4-weekly donors' movements: new, cancelled, failed, recovered.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Donations;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;
use DonationWidget\Donations\DonationStatus;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- figures shared by every web server, never cached; the only interpolated names are the plugin's own tables from Schema::table() and fixed SQL fragments, every value is a placeholder of $wpdb->prepare().

/**
 * One row per (movement, site day, subscription) in the recurring_movements table, so the
 * reports count 4-weekly donors gained, lost, failing and recovered in any period from a key
 * range instead of reading every subscription and donation:
 * - new: the subscription's first donation was received (on the day it was made);
 * - cancelled: a subscription that had started was cancelled (on cancelled_at);
 * - failed: a renewal (any later donation of it) failed;
 * - recovered: the donor updated the card (card-update audit) while the subscription's latest
 *   donation was a failed renewal.
 * Active at the end of a period is new − cancelled up to its last day.
 *
 * The rows are facts read from the subscriptions, donations and card-update audit, so they can
 * be derived again at any time: refresh() redoes the rows of some subscriptions after each
 * write that concerns them (SubscriptionRepository, CardUpdateAudit), rederive() the rows of
 * some days (upgrade, daily safety net). INSERT IGNORE on the primary key makes a fact seen
 * twice one row.
 */
final class RecurringMovements {

	public const NEW       = 'new';
	public const CANCELLED = 'cancelled';
	public const FAILED    = 'failed';
	public const RECOVERED = 'recovered';

	/**
	 * The card-update audit event that counts as an update (CardUpdate\AuditEntry::CARD_UPDATED).
	 */
	public const CARD_UPDATED_EVENT = 'card_updated';

	/**
	 * Rows written per INSERT.
	 */
	private const INSERT_BATCH = 500;

	/**
	 * Subscriptions refreshed per statement.
	 */
	private const REFRESH_BATCH = 200;

	/**
	 * Redoes the movements of some subscriptions from their rows.
	 *
	 * @param string[] $subscription_ids sub_… ids ('' is ignored).
	 */
	public function refresh( array $subscription_ids ): void {
		global $wpdb;
		$subscription_ids = array_values( array_unique( array_filter( array_map( 'strval', $subscription_ids ) ) ) );
		$table            = Schema::table( 'recurring_movements' );
		foreach ( array_chunk( $subscription_ids, self::REFRESH_BATCH ) as $ids ) {
			$in    = implode( ', ', array_fill( 0, count( $ids ), '%s' ) );
			$facts = $this->facts( "IN ({$in})", $ids );
			$keep  = array();
			foreach ( $facts as $fact ) {
				$keep[ implode( '|', $fact ) ] = true;
			}
			// Facts no longer true (a failed renewal that was paid after all) go.
			$rows = $wpdb->get_results( $wpdb->prepare( "SELECT movement, day, subscription_id FROM {$table} WHERE subscription_id IN ({$in})", $ids ), ARRAY_N ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, DonationWidgetDirectory.DB.InterpolatedSql, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- $in is one %s per id.
			foreach ( is_array( $rows ) ? $rows : array() as $row ) {
				if ( ! isset( $keep[ implode( '|', $row ) ] ) ) {
					$wpdb->delete(
						$table,
						array(
							'movement'        => $row[0],
							'day'             => $row[1],
							'subscription_id' => $row[2],
						)
					);
				}
			}
			$this->insert( $facts );
		}//end foreach
	}

	/**
	 * Sets the movements of some site days to what the rows say.
	 *
	 * @param string $first_day First site day, Y-m-d.
	 * @param string $last_day  Last site day, Y-m-d (included).
	 */
	public function rederive( string $first_day, string $last_day ): void {
		global $wpdb;
		$table = Schema::table( 'recurring_movements' );
		$facts = $this->facts( null, array(), LocalDays::utc_start( $first_day ), LocalDays::utc_start( LocalDays::next( $last_day ) ) );
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$table} WHERE day >= %s AND day <= %s", $first_day, $last_day ) );
		$this->insert( $facts );
	}

	/**
	 * Re-derives every day, a year at a time (on upgrade and after seeding).
	 */
	public function rebuild(): void {
		global $wpdb;
		$subscriptions = Schema::table( 'subscriptions' );
		$table         = Schema::table( 'recurring_movements' );
		$first         = $wpdb->get_var( "SELECT MIN(created_at) FROM {$subscriptions}" );
		$wpdb->query( "DELETE FROM {$table}" );
		if ( ! is_string( $first ) || '' === $first ) {
			return;
		}
		$day  = LocalDays::day_of( $first );
		$last = LocalDays::today();
		while ( $day <= $last ) {
			$end = gmdate( 'Y-m-d', (int) strtotime( $day . ' 00:00:00 UTC +364 days' ) );
			$this->rederive( $day, min( $end, $last ) );
			$day = LocalDays::next( $end );
		}
	}

	/**
	 * How many 4-weekly donors moved in some site days, and how many were active at the end.
	 *
	 * @param string $first_day First site day, Y-m-d.
	 * @param string $last_day  Last site day, Y-m-d (included).
	 * @return array{active: int, new: int, cancelled: int, failed: int, recovered: int}
	 */
	public function counts( string $first_day, string $last_day ): array {
		global $wpdb;
		$table  = Schema::table( 'recurring_movements' );
		$counts = array(
			'active'        => 0,
			self::NEW       => 0,
			self::CANCELLED => 0,
			self::FAILED    => 0,
			self::RECOVERED => 0,
		);
		// A subscription starts and ends once: its rows are counted on the key alone. It may fail
		// or recover on several days: those are counted once per donor.
		foreach ( array(
			self::NEW       => 'COUNT(*)',
			self::CANCELLED => 'COUNT(*)',
			self::FAILED    => 'COUNT(DISTINCT subscription_id)',
			self::RECOVERED => 'COUNT(DISTINCT subscription_id)',
		) as $movement => $count ) {
			$counts[ $movement ] = (int) $wpdb->get_var( $wpdb->prepare( "SELECT {$count} FROM {$table} WHERE movement = %s AND day >= %s AND day <= %s", $movement, $first_day, $last_day ) ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- $count is one of the two fixed expressions above.
		}
		$started          = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$table} WHERE movement = %s AND day <= %s", self::NEW, $last_day ) );
		$ended            = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$table} WHERE movement = %s AND day <= %s", self::CANCELLED, $last_day ) );
		$counts['active'] = max( 0, $started - $ended );
		return $counts;
	}

	/**
	 * The movements the rows say, for some subscriptions or for a UTC range.
	 *
	 * @param string|null $ids_sql  "IN (%s, …)" for some subscriptions, or null for a range.
	 * @param array       $ids      The ids of $ids_sql.
	 * @phpstan-param list<string> $ids
	 * @param string      $from     UTC start of the range.
	 * @param string      $to       UTC end of the range (excluded).
	 * @return list<array{0: string, 1: string, 2: string}> Movement, site day, subscription id.
	 */
	private function facts( ?string $ids_sql, array $ids, string $from = '', string $to = '' ): array {
		global $wpdb;
		$donations = Schema::table( 'donations' );
		$subs      = Schema::table( 'subscriptions' );
		$audit     = Schema::table( 'card_update_audit' );
		$received  = array( DonationStatus::SUCCEEDED, DonationStatus::PARTIALLY_REFUNDED, DonationStatus::REFUNDED );
		$queries   = array(
			// The first donation was received: the subscription started that day.
			array(
				self::NEW,
				"SELECT d.created_at AS at, s.subscription_id FROM {$subs} s JOIN {$donations} d ON d.id = s.donation_id WHERE d.status IN (%s, %s, %s)",
				$received,
				'd.created_at',
				's.subscription_id',
			),
			array(
				self::CANCELLED,
				"SELECT s.cancelled_at AS at, s.subscription_id FROM {$subs} s JOIN {$donations} d ON d.id = s.donation_id WHERE s.cancelled_at IS NOT NULL AND d.status IN (%s, %s, %s)",
				$received,
				's.cancelled_at',
				's.subscription_id',
			),
			array(
				self::FAILED,
				"SELECT d.created_at AS at, d.subscription_id FROM {$donations} d JOIN {$subs} s ON s.subscription_id = d.subscription_id WHERE d.status = %s AND d.subscription_id <> '' AND d.id <> s.donation_id",
				array( DonationStatus::FAILED ),
				'd.created_at',
				'd.subscription_id',
			),
			array(
				self::RECOVERED,
				"SELECT a.created_at AS at, a.subscription_id FROM {$audit} a WHERE a.event = %s AND a.subscription_id <> ''
					AND (SELECT l.status FROM {$donations} l JOIN {$subs} f ON f.subscription_id = l.subscription_id
						WHERE l.subscription_id = a.subscription_id AND l.created_at <= a.created_at AND l.id <> f.donation_id ORDER BY l.id DESC LIMIT 1) = %s",
				array( self::CARD_UPDATED_EVENT, DonationStatus::FAILED ),
				'a.created_at',
				'a.subscription_id',
			),
		);
		$facts     = array();
		foreach ( $queries as list( $movement, $sql, $args, $at, $subscription ) ) {
			if ( null !== $ids_sql ) {
				$sql .= " AND {$subscription} {$ids_sql}";
				$args = array_merge( $args, $ids );
			} else {
				$sql .= " AND {$at} >= %s AND {$at} < %s";
				$args = array_merge( $args, array( $from, $to ) );
			}
			$rows = $wpdb->get_results( $wpdb->prepare( $sql, $args ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, DonationWidgetDirectory.DB.InterpolatedSql -- the plugin's table names, fixed columns and placeholders only.
			foreach ( is_array( $rows ) ? $rows : array() as $row ) {
				$facts[] = array( $movement, LocalDays::day_of( (string) $row['at'] ), (string) $row['subscription_id'] );
			}
		}
		return $facts;
	}

	/**
	 * Writes movements (those already there stay as they are).
	 *
	 * @param list<array{0: string, 1: string, 2: string}> $facts Movement, site day, subscription id.
	 */
	private function insert( array $facts ): void {
		global $wpdb;
		$table = Schema::table( 'recurring_movements' );
		foreach ( array_chunk( $facts, self::INSERT_BATCH ) as $batch ) {
			$sql  = "INSERT IGNORE INTO {$table} (movement, day, subscription_id) VALUES " . implode( ', ', array_fill( 0, count( $batch ), '(%s, %s, %s)' ) );
			$args = array();
			foreach ( $batch as $fact ) {
				array_push( $args, ...$fact );
			}
			$wpdb->query( $wpdb->prepare( $sql, $args ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, DonationWidgetDirectory.DB.InterpolatedSql -- the plugin's table name and placeholders only.
		}
	}
}
