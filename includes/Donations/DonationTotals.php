<?php
/**
 * The donations' totals, kept up to date on write.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Donations;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the totals are counters shared by every web server: read and written in the database, never cached; the only interpolated names are the plugin's own tables from Schema::table(), every value is a placeholder of $wpdb->prepare().

/**
 * One row per UTC day, status, method, frequency and currency in the donation_totals table,
 * holding how many donations have that key, their total in cents and what of it was kept
 * (GiftFigures: money received less refunds and lost disputes, the lists' and dashboard's figure). The reports' figures
 * (ReportTotals) move in the same calls. DonationRepository moves
 * it in the same code paths that write a donation: +1 on an insert, and -1 from the old key and
 * +1 to the new one when a conditional UPDATE changed a donation's status or method (only then,
 * so a transition is counted once however many servers report it). Each change is one
 * INSERT … ON DUPLICATE KEY UPDATE, atomic on its own.
 *
 * The totals can be re-derived from the rows for any days (rederive()): on upgrade for every
 * day the table holds, and each day by a WP-Cron safety net for the last SAFETY_NET_DAYS, which
 * repairs what a request that died between its two writes left behind.
 */
final class DonationTotals {

	public const SAFETY_NET_HOOK = 'donation_widget_rederive_totals';

	/**
	 * UTC days the safety net re-derives, today included.
	 */
	public const SAFETY_NET_DAYS = 7;

	/**
	 * Days re-derived per statement when rebuilding everything (about a month of donations).
	 */
	private const REBUILD_DAYS_PER_BATCH = 31;

	/**
	 * Builds the totals.
	 *
	 * @param DonorLastGifts     $donors    Each donor's latest succeeded donation, kept on the same writes.
	 * @param ReportTotals       $reports   The reports' figures, kept on the same writes.
	 * @param RecurringMovements $movements The 4-weekly donors' movements, re-derived with the totals.
	 */
	public function __construct(
		private readonly DonorLastGifts $donors = new DonorLastGifts(),
		private readonly ReportTotals $reports = new ReportTotals(),
		private readonly RecurringMovements $movements = new RecurringMovements()
	) {
	}

	/**
	 * Counts a donation just inserted.
	 *
	 * @param Donation $donation The new row, as read back.
	 */
	public function inserted( Donation $donation ): void {
		$this->apply( array( array_merge( $this->key( $donation, $donation->status(), $donation->method() ), array( 1, $donation->total_cents(), $donation->kept_cents() ) ) ) );
		$this->reports->inserted( $donation );
		if ( in_array( $donation->status(), GiftFigures::GIVEN, true ) ) {
			$this->donors->refresh( $donation->email() );
		}
	}

	/**
	 * Moves a donation from its old status and method to new ones (call it only when the
	 * conditional UPDATE changed the row).
	 *
	 * @param Donation $before The row before the change (its status and method as they were).
	 * @param string   $status Status now.
	 * @param string   $method Method now.
	 */
	public function moved( Donation $before, string $status, string $method ): void {
		if ( $before->status() === $status && $before->method() === $method ) {
			return;
		}
		$this->apply(
			array(
				array_merge( $this->key( $before, $before->status(), $before->method() ), array( -1, -$before->total_cents(), -$before->kept_cents() ) ),
				// Kept as the new status counts it (GiftFigures: nothing before money is received).
				array_merge( $this->key( $before, $status, $method ), array( 1, $before->total_cents(), GiftFigures::of( $before, $status )->kept_cents() ) ),
			)
		);
		$this->reports->moved( $before, $status, $method );
		// A partly refunded gift is still given: the donor's latest gift moves only into or out of GIVEN.
		if ( in_array( $before->status(), GiftFigures::GIVEN, true ) !== in_array( $status, GiftFigures::GIVEN, true ) ) {
			$this->donors->refresh( $before->email() );
		}
	}

	/**
	 * Follows a change of a donation's money figures (refunded, fee, dispute lost) that
	 * DonationRepository::record_amounts() just made: the kept cents of the row's key (read
	 * after the change) move by the difference, and so do the reports' figures.
	 *
	 * @param Donation $before The row before the change.
	 * @param Donation $after  The row after it.
	 */
	public function amounts_changed( Donation $before, Donation $after ): void {
		// Both in the row's status now: the key read after the change holds it.
		$kept = $after->kept_cents() - GiftFigures::of( $before, $after->status() )->kept_cents();
		if ( 0 !== $kept ) {
			$this->apply( array( array_merge( $this->key( $after, $after->status(), $after->method() ), array( 0, 0, $kept ) ) ) );
		}
		$this->reports->amounts_changed( $before, $after );
	}

	/**
	 * Sets the totals of some UTC days to what the rows say: one INSERT … SELECT reads the rows
	 * (on the created_at index) and writes the totals; keys left without rows are removed. The
	 * donors' latest gifts, the reports' figures and the 4-weekly movements follow.
	 *
	 * @param string $first_day First UTC day, Y-m-d.
	 * @param string $last_day  Last UTC day, Y-m-d (included).
	 */
	public function rederive( string $first_day, string $last_day ): void {
		$this->rederive_totals( $first_day, $last_day );
		$this->donors->rederive( $first_day . ' 00:00:00', gmdate( 'Y-m-d', (int) strtotime( $last_day . ' 00:00:00 UTC +1 day' ) ) . ' 00:00:00' );
		// The reports count the site's days: every one these UTC days touch.
		$first = LocalDays::day_of( $first_day . ' 00:00:00' );
		$last  = LocalDays::day_of( $last_day . ' 23:59:59' );
		$this->reports->rederive( $first, $last );
		$this->movements->rederive( $first, $last );
	}

	/**
	 * The totals part of rederive().
	 *
	 * @param string $first_day First UTC day, Y-m-d.
	 * @param string $last_day  Last UTC day, Y-m-d (included).
	 */
	private function rederive_totals( string $first_day, string $last_day ): void {
		global $wpdb;
		$donations = Schema::table( 'donations' );
		$totals    = Schema::table( 'donation_totals' );
		$from      = $first_day . ' 00:00:00';
		$to        = gmdate( 'Y-m-d', (int) strtotime( $last_day . ' 00:00:00 UTC +1 day' ) ) . ' 00:00:00';
		// First every key of those days goes to zero (keys no row has any more stay there).
		$wpdb->query( $wpdb->prepare( "UPDATE {$totals} SET donations = 0, total_cents = 0, kept_cents = 0 WHERE day >= %s AND day <= %s", $first_day, $last_day ) );
		// Then the keys the rows have take what they say: one statement reads and writes, kept
		// as GiftFigures counts it.
		$kept = GiftFigures::kept_sql();
		$sql  = "INSERT INTO {$totals} (day, status, method, frequency, currency, donations, total_cents, kept_cents)
			SELECT DATE(created_at) AS day, status, method, frequency, currency, COUNT(*), SUM(total_cents),
				SUM(CASE WHEN status IN (%s, %s, %s) THEN {$kept} ELSE 0 END)
			FROM {$donations} WHERE created_at >= %s AND created_at < %s
			GROUP BY DATE(created_at), status, method, frequency, currency
			ON DUPLICATE KEY UPDATE donations = VALUES(donations), total_cents = VALUES(total_cents), kept_cents = VALUES(kept_cents)";
		$wpdb->query( $wpdb->prepare( $sql, array_merge( GiftFigures::RECEIVED, array( $from, $to ) ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, DonationWidgetDirectory.DB.InterpolatedSql -- $sql holds the plugin's table names, GiftFigures' fixed expression of column names and placeholders.
		// Last, the keys left at zero go.
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$totals} WHERE day >= %s AND day <= %s AND donations = 0 AND total_cents = 0 AND kept_cents = 0", $first_day, $last_day ) );
	}

	/**
	 * Re-derives every day that has donations, a month at a time, every donor's latest gift and
	 * the reports' figures and movements (on upgrade, and after seeding).
	 */
	public function rebuild(): void {
		global $wpdb;
		$donations = Schema::table( 'donations' );
		$totals    = Schema::table( 'donation_totals' );
		$first     = $wpdb->get_var( "SELECT MIN(created_at) FROM {$donations}" );
		// The donors' latest gifts and the reports are rebuilt with them (empty for no donations).
		$this->donors->rebuild();
		$this->rebuild_reports();
		if ( ! is_string( $first ) || '' === $first ) {
			$wpdb->query( "DELETE FROM {$totals}" );
			return;
		}
		$day   = substr( $first, 0, 10 );
		$today = gmdate( 'Y-m-d' );
		$last  = $wpdb->get_var( "SELECT MAX(created_at) FROM {$donations}" );
		$last  = is_string( $last ) && substr( $last, 0, 10 ) > $today ? substr( $last, 0, 10 ) : $today;
		// Totals of days before the first donation cannot be right.
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$totals} WHERE day < %s", $day ) );
		while ( $day <= $last ) {
			$end = gmdate( 'Y-m-d', (int) strtotime( $day . ' 00:00:00 UTC +' . ( self::REBUILD_DAYS_PER_BATCH - 1 ) . ' days' ) );
			$this->rederive_totals( $day, min( $end, $last ) );
			$day = gmdate( 'Y-m-d', (int) strtotime( $end . ' 00:00:00 UTC +1 day' ) );
		}
	}

	/**
	 * Re-derives the reports' figures and the 4-weekly donors' movements of every day (on
	 * upgrade to schema 13, and when the site's time zone changes: their days are the site's).
	 */
	public function rebuild_reports(): void {
		$this->reports->rebuild();
		$this->movements->rebuild();
	}

	/**
	 * The safety net (WP-Cron, daily): re-derives the last SAFETY_NET_DAYS UTC days (and the
	 * reports' site days they touch).
	 */
	public function rederive_recent(): void {
		$this->rederive( gmdate( 'Y-m-d', time() - ( self::SAFETY_NET_DAYS - 1 ) * DAY_IN_SECONDS ), gmdate( 'Y-m-d' ) );
	}

	/**
	 * A totals row's key for a donation with a status and method.
	 *
	 * @param Donation $donation The donation.
	 * @param string   $status   Status.
	 * @param string   $method   Method.
	 * @return array{0: string, 1: string, 2: string, 3: string, 4: string}
	 */
	private function key( Donation $donation, string $status, string $method ): array {
		return array( substr( $donation->value( 'created_at' ), 0, 10 ), $status, $method, $donation->frequency(), $donation->currency() );
	}

	/**
	 * Adds counts and cents to some keys, in one statement.
	 *
	 * @param list<array{0: string, 1: string, 2: string, 3: string, 4: string, 5: int, 6: int, 7: int}> $changes Key, count, cents and kept cents each.
	 */
	private function apply( array $changes ): void {
		global $wpdb;
		$totals = Schema::table( 'donation_totals' );
		$values = array();
		$args   = array();
		foreach ( $changes as $change ) {
			$values[] = '(%s, %s, %s, %s, %s, %d, %d, %d)';
			array_push( $args, ...$change );
		}
		$sql = "INSERT INTO {$totals} (day, status, method, frequency, currency, donations, total_cents, kept_cents) VALUES " . implode( ', ', $values ) . '
			ON DUPLICATE KEY UPDATE donations = donations + VALUES(donations), total_cents = total_cents + VALUES(total_cents), kept_cents = kept_cents + VALUES(kept_cents)';
		$wpdb->query( $wpdb->prepare( $sql, $args ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, DonationWidgetDirectory.DB.InterpolatedSql -- $sql holds the plugin's table name and placeholders only.
	}
}
