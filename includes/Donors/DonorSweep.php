<?php
/**
 * The donors' safety net: donations changed since the last sweep, re-read.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Donors;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- reads the shared donations table (never cached); the only interpolated name is the plugin's own table from Schema::table().

/**
 * A request killed between a donation's write and its donation_widget_donation_changed listener
 * leaves that donor stale. Every hour this re-reads each donation whose updated_at is at or after
 * the last sweep's mark (on the donations' updated_at key), and the first gift of each
 * subscription changed since, less an overlap for writes committed
 * late or stamped by a server whose clock runs behind, and re-derives their donors. Re-reading a
 * donation twice changes nothing, so the overlap costs only time.
 */
final class DonorSweep {

	public const HOOK = 'donation_widget_donors_sweep';

	/**
	 * The option holding the mark: the UTC updated_at of the last donation read.
	 */
	public const MARK_OPTION = 'donation_widget_donors_swept';

	/**
	 * Seconds read again before the mark.
	 */
	private const OVERLAP_SECONDS = 600;

	/**
	 * Donations read per query.
	 */
	private const BATCH = 500;

	/**
	 * Takes the figures.
	 *
	 * @param DonorTotals $totals Places gifts and re-derives donors.
	 */
	public function __construct( private readonly DonorTotals $totals = new DonorTotals() ) {
	}

	/**
	 * The HOOK action: re-reads the donations changed since the mark, for up to $seconds.
	 *
	 * @param float $seconds Time budget.
	 * @return int Donations re-read.
	 */
	public function run( float $seconds = 30.0 ): int {
		global $wpdb;
		$mark = (string) get_option( self::MARK_OPTION, '' );
		if ( '' === $mark ) {
			// The first sweep: everything before it is the upgrade's fill.
			update_option( self::MARK_OPTION, current_time( 'mysql', true ), false );
			return 0;
		}
		$from     = gmdate( 'Y-m-d H:i:s', (int) strtotime( $mark . ' UTC' ) - self::OVERLAP_SECONDS );
		$since    = $from;
		$after_id = 0;
		$until    = microtime( true ) + $seconds;
		$table    = Schema::table( 'donations' );
		$read     = 0;
		$donors   = array();
		do {
			$rows = $wpdb->get_results( $wpdb->prepare( "SELECT id, updated_at FROM {$table} WHERE (updated_at > %s OR (updated_at = %s AND id > %d)) ORDER BY updated_at ASC, id ASC LIMIT %d", $since, $since, $after_id, self::BATCH ), ARRAY_A );
			$rows = is_array( $rows ) ? $rows : array();
			$full = count( $rows ) === self::BATCH;
			foreach ( $rows as $row ) {
				foreach ( $this->totals->place( (int) $row['id'] ) as $donor_id ) {
					$donors[ $donor_id ] = true;
				}
				$since    = (string) $row['updated_at'];
				$after_id = (int) $row['id'];
				++$read;
			}
		} while ( $full && microtime( true ) < $until );
		// Subscriptions started or ended since (their running count), from the small subscriptions
		// table as it stands.
		$subscriptions   = Schema::table( 'subscriptions' );
		$first_donations = $wpdb->get_col( $wpdb->prepare( "SELECT donation_id FROM {$subscriptions} WHERE updated_at >= %s", $from ) );
		foreach ( array_map( 'intval', $first_donations ) as $donation_id ) {
			foreach ( $this->totals->place( $donation_id ) as $donor_id ) {
				$donors[ $donor_id ] = true;
			}
		}
		foreach ( array_keys( $donors ) as $donor_id ) {
			$this->totals->rederive( $donor_id );
		}
		if ( $since > $mark ) {
			// Never back: the next sweep starts at the last donation read (less the overlap).
			update_option( self::MARK_OPTION, $since, false );
		}
		return $read;
	}
}
