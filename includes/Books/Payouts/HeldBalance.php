<?php
/**
 * What donations left in a provider balance that is not paid out.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books\Payouts;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;
use DonationWidget\Donations\Donation;
use DonationWidget\Donations\DonationStatus;

/**
 * A provider whose gateway KeepsBalance makes no automatic bank deposits: a capture's net (its
 * total less the provider's fee) stays in its balance until someone moves it by hand. So per
 * capture the net, and per period what is waiting there: the nets less what was refunded from
 * the balance.
 */
final class HeldBalance {
	// Money received: succeeded, partially_refunded and refunded (a refunded gift's net went
	// into the balance, then its refund came out of it).

	/**
	 * At most this many captures listed for one period.
	 */
	public const MAX_CAPTURES = 200;

	/**
	 * Per month (in the site's time zone) of a period: captures, gross, fees, refunds, and the net waiting.
	 *
	 * @param string $provider The stored provider id.
	 * @param string $from_utc UTC datetime, inclusive.
	 * @param string $to_utc   UTC datetime, exclusive.
	 * @return list<array{month: string, captures: int, gross_cents: int, fee_cents: int, refunded_cents: int, waiting_cents: int, fee_unknown: int}>
	 */
	public function months( string $provider, string $from_utc, string $to_utc ): array {
		global $wpdb;
		$table  = Schema::table( 'donations' );
		$offset = (int) round( (float) get_option( 'gmt_offset', 0 ) * HOUR_IN_SECONDS );
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the table name is the plugin's own; read from the provider_created key alone (it holds every column summed), never the rows.
		$rows = $wpdb->get_results(
			$wpdb->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- as above.
				"SELECT DATE_FORMAT(DATE_ADD(created_at, INTERVAL %d SECOND), '%%Y-%%m') AS month, COUNT(*) AS captures, SUM(total_cents) AS gross_cents, SUM(COALESCE(fee_cents, 0)) AS fee_cents, SUM(refunded_cents) AS refunded_cents, SUM(COALESCE(net_cents, 0)) - SUM(refunded_cents) AS waiting_cents, SUM(fee_cents IS NULL) AS fee_unknown FROM {$table} WHERE provider = %s AND status IN (%s, %s, %s) AND created_at >= %s AND created_at < %s GROUP BY month ORDER BY month DESC",
				$offset,
				$provider,
				DonationStatus::SUCCEEDED,
				DonationStatus::PARTIALLY_REFUNDED,
				DonationStatus::REFUNDED,
				$from_utc,
				$to_utc
			),
			ARRAY_A
		);
		$months = array();
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$months[] = array(
				'month'          => (string) $row['month'],
				'captures'       => (int) $row['captures'],
				'gross_cents'    => (int) $row['gross_cents'],
				'fee_cents'      => (int) $row['fee_cents'],
				'refunded_cents' => (int) $row['refunded_cents'],
				'waiting_cents'  => (int) $row['waiting_cents'],
				'fee_unknown'    => (int) $row['fee_unknown'],
			);
		}
		return $months;
	}

	/**
	 * The captures of a period, newest first, each with its net.
	 *
	 * @param string $provider The stored provider id.
	 * @param string $from_utc UTC datetime, inclusive.
	 * @param string $to_utc   UTC datetime, exclusive.
	 * @return list<Donation>
	 */
	public function captures( string $provider, string $from_utc, string $to_utc ): array {
		global $wpdb;
		$table = Schema::table( 'donations' );
		// The newest ids come from the provider_created key alone; only those rows are read (not
		// every capture of the period before the sort keeps 200 of them).
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- read fresh for the screen.
		$rows = $wpdb->get_results(
			$wpdb->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the table name is the plugin's own.
				"SELECT d.* FROM (SELECT id FROM {$table} WHERE provider = %s AND status IN (%s, %s, %s) AND created_at >= %s AND created_at < %s ORDER BY created_at DESC, id DESC LIMIT %d) AS newest STRAIGHT_JOIN {$table} d ON d.id = newest.id ORDER BY d.created_at DESC, d.id DESC",
				$provider,
				DonationStatus::SUCCEEDED,
				DonationStatus::PARTIALLY_REFUNDED,
				DonationStatus::REFUNDED,
				$from_utc,
				$to_utc,
				self::MAX_CAPTURES
			),
			ARRAY_A
		);
		return array_values( array_map( static fn ( array $row ): Donation => Donation::from_row( $row ), is_array( $rows ) ? $rows : array() ) );
	}
}
