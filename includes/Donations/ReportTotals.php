<?php
/**
 * The reports' figures, kept up to date on write.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Donations;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;
use DonationWidget\Donations\Donation;
use DonationWidget\Donations\GiftFigures;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the figures are counters shared by every web server: read and written in the database, never cached; the only interpolated names are the plugin's own tables from Schema::table() and integer offsets, every value is a placeholder of $wpdb->prepare().

/**
 * One row per site day, frequency, method, currency, campaign (iteration_id), UTM source and
 * UTM campaign in the report_totals table, for donations whose money was received (succeeded,
 * partially refunded, refunded): how many, and their gross, cover, refunded, fees (dispute
 * fees included) and lost disputes in cents, each as Donations\GiftFigures counts it. It moves in the same code paths as DonationTotals, by the request whose
 * conditional UPDATE changed the row: +figures when a donation is inserted or moves into a
 * received status, −figures when it leaves one (or +/− between two methods), and the
 * difference when DonationRepository::record_amounts() changed its refunded, fee or dispute
 * figures. Each change is one INSERT … ON DUPLICATE KEY UPDATE, atomic on its own.
 *
 * A day is the site's day (LocalDays): a report from 1 July to 30 June is the charity's financial
 * year to the second. When the site's time zone changes, every day is re-derived. The same
 * statements keep report_days, each day's sums alone, so a report by period reads one row per
 * day however many campaigns and sources the day had (ten years: 3,660 rows).
 */
final class ReportTotals {

	/**
	 * Statuses whose money was received: only these count.
	 */
	public const RECEIVED = GiftFigures::RECEIVED;

	/**
	 * The figures of a row, in the order of figures().
	 */
	private const FIGURES = array( 'donations', 'gross_cents', 'cover_cents', 'refunded_cents', 'fee_cents', 'dispute_lost_cents' );

	/**
	 * The key of a row, in the order of key().
	 */
	private const KEY = array( 'day', 'frequency', 'method', 'currency', 'iteration_id', 'utm_source', 'utm_campaign' );

	/**
	 * Days re-derived per statement when rebuilding everything (about a month of donations).
	 */
	private const REBUILD_DAYS_PER_BATCH = 31;

	/**
	 * Counts a donation just inserted.
	 *
	 * @param Donation $donation The new row, as read back.
	 */
	public function inserted( Donation $donation ): void {
		if ( self::received( $donation->status() ) ) {
			$this->apply( array( array_merge( $this->key( $donation, $donation->method() ), $this->figures( $donation, 1 ) ) ) );
		}
	}

	/**
	 * Moves a donation from its old status and method to new ones (call it only when the
	 * conditional UPDATE changed the row).
	 *
	 * @param Donation $before The row before the change.
	 * @param string   $status Status now.
	 * @param string   $method Method now.
	 */
	public function moved( Donation $before, string $status, string $method ): void {
		$was     = self::received( $before->status() );
		$is      = self::received( $status );
		$changes = array();
		// Any move between keys or statuses: what a status counts may differ (GiftFigures).
		if ( $was ) {
			$changes[] = array_merge( $this->key( $before, $before->method() ), $this->figures( $before, -1 ) );
		}
		if ( $is ) {
			$changes[] = array_merge( $this->key( $before, $method ), $this->figures( $before, 1, $status ) );
		}
		if ( array() !== $changes && ( $before->method() !== $method || $was !== $is || $this->figures( $before, 1 ) !== $this->figures( $before, 1, $status ) ) ) {
			$this->apply( $changes );
		}
	}

	/**
	 * Follows a change of a donation's money figures made by record_amounts(), in the status
	 * the row had when it was written (record_amounts() compares it, and a move compares the
	 * figures, so neither counts the other's change in the wrong status).
	 *
	 * @param Donation $before The row before the change.
	 * @param Donation $after  The row after it.
	 */
	public function amounts_changed( Donation $before, Donation $after ): void {
		if ( ! self::received( $after->status() ) ) {
			return;
		}
		// Both read in the status after the change: the figures moved, not the status.
		$delta = array_map(
			static fn ( int $now, int $was ): int => $now - $was,
			$this->figures( $after, 1 ),
			$this->figures( $before, 1, $after->status() )
		);
		if ( array( 0, 0, 0, 0, 0, 0 ) !== $delta ) {
			$this->apply( array( array_merge( $this->key( $after, $after->method() ), $delta ) ) );
		}
	}

	/**
	 * Sets the figures of some site days to what the rows say: the days' rows go to zero, then
	 * one INSERT … SELECT per piece of constant offset adds what the donations say (on the
	 * created_at index), then rows left at zero are removed.
	 *
	 * @param string $first_day First site day, Y-m-d.
	 * @param string $last_day  Last site day, Y-m-d (included).
	 */
	public function rederive( string $first_day, string $last_day ): void {
		global $wpdb;
		$donations = Schema::table( 'donations' );
		$totals    = Schema::table( 'report_totals' );
		$zero      = implode( ', ', array_map( static fn ( string $figure ): string => "{$figure} = 0", self::FIGURES ) );
		$wpdb->query( $wpdb->prepare( "UPDATE {$totals} SET {$zero} WHERE day >= %s AND day <= %s", $first_day, $last_day ) ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- fixed column names of FIGURES.
		$add = implode( ', ', array_map( static fn ( string $figure ): string => "{$figure} = {$figure} + VALUES({$figure})", self::FIGURES ) );
		// Each row's figures as GiftFigures counts them.
		$refunded = GiftFigures::refunded_sql();
		$fees     = GiftFigures::fee_sql();
		$lost     = GiftFigures::dispute_lost_sql();
		foreach ( LocalDays::pieces( $first_day, $last_day ) as $piece ) {
			$day = LocalDays::day_sql( 'created_at', $piece['offset'] );
			$sql = "INSERT INTO {$totals} (day, frequency, method, currency, iteration_id, utm_source, utm_campaign, donations, gross_cents, cover_cents, refunded_cents, fee_cents, dispute_lost_cents)
				SELECT {$day} AS local_day, frequency, method, currency, iteration_id, utm_source, utm_campaign,
					COUNT(*), SUM(total_cents), SUM(cover_cents), SUM({$refunded}), SUM({$fees}), SUM({$lost})
				FROM {$donations} WHERE created_at >= %s AND created_at < %s AND status IN (%s, %s, %s)
				GROUP BY local_day, frequency, method, currency, iteration_id, utm_source, utm_campaign
				ON DUPLICATE KEY UPDATE {$add}";
			$wpdb->query( $wpdb->prepare( $sql, array_merge( array( $piece['from'], $piece['to'] ), self::RECEIVED ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, DonationWidgetDirectory.DB.InterpolatedSql -- $sql holds the plugin's table names, fixed column names of FIGURES, GiftFigures' fixed expressions, an integer offset (LocalDays::day_sql()) and placeholders.
		}
		$none = implode( ' AND ', array_map( static fn ( string $figure ): string => "{$figure} = 0", self::FIGURES ) );
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$totals} WHERE day >= %s AND day <= %s AND {$none}", $first_day, $last_day ) ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- fixed column names of FIGURES.
		// The days' sums follow from the rows just written.
		$days = Schema::table( 'report_days' );
		$sums = implode( ', ', array_map( static fn ( string $figure ): string => "SUM({$figure})", self::FIGURES ) );
		$set  = implode( ', ', array_map( static fn ( string $figure ): string => "{$figure} = VALUES({$figure})", self::FIGURES ) );
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$days} WHERE day >= %s AND day <= %s", $first_day, $last_day ) );
		$sql = "INSERT INTO {$days} (day, currency, " . implode( ', ', self::FIGURES ) . ")
			SELECT day, currency, {$sums} FROM {$totals} WHERE day >= %s AND day <= %s GROUP BY day, currency
			ON DUPLICATE KEY UPDATE {$set}";
		$wpdb->query( $wpdb->prepare( $sql, $first_day, $last_day ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, DonationWidgetDirectory.DB.InterpolatedSql -- the plugin's table names, fixed column names of FIGURES and placeholders.
	}

	/**
	 * Re-derives every day that has donations, a month at a time (on upgrade, after seeding, and
	 * when the site's time zone changes).
	 */
	public function rebuild(): void {
		global $wpdb;
		$donations = Schema::table( 'donations' );
		$totals    = Schema::table( 'report_totals' );
		$first     = $wpdb->get_var( "SELECT MIN(created_at) FROM {$donations}" );
		if ( ! is_string( $first ) || '' === $first ) {
			$wpdb->query( "DELETE FROM {$totals}" );
			$days = Schema::table( 'report_days' );
			$wpdb->query( "DELETE FROM {$days}" );
			return;
		}
		$day  = LocalDays::day_of( $first );
		$last = $wpdb->get_var( "SELECT MAX(created_at) FROM {$donations}" );
		$last = max( LocalDays::today(), is_string( $last ) ? LocalDays::day_of( $last ) : '' );
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$totals} WHERE day < %s OR day > %s", $day, $last ) );
		$days = Schema::table( 'report_days' );
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$days} WHERE day < %s OR day > %s", $day, $last ) );
		while ( $day <= $last ) {
			$end = gmdate( 'Y-m-d', (int) strtotime( $day . ' 00:00:00 UTC +' . ( self::REBUILD_DAYS_PER_BATCH - 1 ) . ' days' ) );
			$this->rederive( $day, min( $end, $last ) );
			$day = LocalDays::next( $end );
		}
	}

	/**
	 * Whether a status's money was received.
	 *
	 * @param string $status Donation status.
	 */
	public static function received( string $status ): bool {
		return in_array( $status, self::RECEIVED, true );
	}

	/**
	 * A row's key for a donation with a method.
	 *
	 * @param Donation $donation The donation.
	 * @param string   $method   Method.
	 * @return list<string>
	 */
	private function key( Donation $donation, string $method ): array {
		return array(
			LocalDays::day_of( $donation->value( 'created_at' ) ),
			$donation->frequency(),
			$method,
			$donation->currency(),
			$donation->value( 'iteration_id' ),
			$donation->value( 'utm_source' ),
			$donation->value( 'utm_campaign' ),
		);
	}

	/**
	 * A donation's figures (GiftFigures: fees with dispute fees), times a sign.
	 *
	 * @param Donation $donation The donation.
	 * @param int      $sign     1 to add, -1 to take away.
	 * @param string   $status   The status to count it in ('' for its own).
	 * @return list<int>
	 */
	private function figures( Donation $donation, int $sign, string $status = '' ): array {
		$figures = GiftFigures::of( $donation, $status );
		return array(
			$sign,
			$sign * $figures->gross_cents,
			$sign * $donation->cover_cents(),
			$sign * $figures->refunded_cents,
			$sign * $figures->fee_cents,
			$sign * $figures->dispute_lost_cents,
		);
	}

	/**
	 * Adds figures to some keys, in one statement.
	 *
	 * @param list<list<string|int>> $changes Key and figures each.
	 */
	private function apply( array $changes ): void {
		global $wpdb;
		$add  = implode( ', ', array_map( static fn ( string $figure ): string => "{$figure} = {$figure} + VALUES({$figure})", self::FIGURES ) );
		$rows = array();
		$days = array();
		foreach ( $changes as $change ) {
			$rows[] = $change;
			// The day's sums (day and currency, then the figures) move with it.
			$day = $change[0] . '|' . $change[3];
			foreach ( array_slice( $change, count( self::KEY ) ) as $i => $figure ) {
				$days[ $day ][ $i ] = ( $days[ $day ][ $i ] ?? 0 ) + (int) $figure;
			}
		}
		$day_rows = array();
		foreach ( $days as $day => $figures ) {
			$day_rows[] = array_merge( explode( '|', $day, 2 ), $figures );
		}
		foreach ( array(
			array( Schema::table( 'report_totals' ), self::KEY, $rows ),
			array( Schema::table( 'report_days' ), array( 'day', 'currency' ), $day_rows ),
		) as list( $table, $key, $values ) ) {
			$row  = '(' . implode( ', ', array_merge( array_fill( 0, count( $key ), '%s' ), array_fill( 0, count( self::FIGURES ), '%d' ) ) ) . ')';
			$args = array();
			foreach ( $values as $value ) {
				array_push( $args, ...$value );
			}
			$sql = "INSERT INTO {$table} (" . implode( ', ', array_merge( $key, self::FIGURES ) ) . ') VALUES '
				. implode( ', ', array_fill( 0, count( $values ), $row ) ) . " ON DUPLICATE KEY UPDATE {$add}";
			$wpdb->query( $wpdb->prepare( $sql, $args ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, DonationWidgetDirectory.DB.InterpolatedSql -- $sql holds the plugin's table name, fixed column names and placeholders only.
		}
	}

}
