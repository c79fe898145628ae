<?php
/**
 * The donations' data steps of each schema upgrade, and the backfill the safety net repeats.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Donations;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;

/**
 * Receipt numbers, totals, the subscriptions' donor columns and the reports' tables, brought up
 * to date once the tables are in shape (added to Database\Installer by the Donations provider).
 */
final class DonationsMigrations {

	/**
	 * The schema version that brought the donation_totals table.
	 */
	private const TOTALS_SINCE = 8;

	/**
	 * The schema version that brought the search_* keys, the subscriptions' donor_email and the
	 * donor_last_gifts table.
	 */
	private const DONOR_KEYS_SINCE = 12;

	/**
	 * The schema version that brought the money after the payment and the reports' tables.
	 */
	private const BOOKS_SINCE = 13;

	/**
	 * The schema version that brought the disputes' fees on the donation and GiftFigures (one
	 * definition of fees, kept and donors).
	 */
	private const FIGURES_SINCE = 14;

	/**
	 * The reports' tables, derived from the donations.
	 */
	private const REPORT_TABLES = array( 'report_totals', 'report_days', 'recurring_movements' );

	/**
	 * Subscriptions rows given their donor email per UPDATE of the backfill.
	 */
	private const BACKFILL_BATCH = 1000;

	/**
	 * Takes the derived tables it refreshes.
	 *
	 * @param DonationTotals $totals Totals and the reports' tables.
	 * @param DonorLastGifts $donors Each donor's last gifts.
	 */
	public function __construct(
		private readonly DonationTotals $totals = new DonationTotals(),
		private readonly DonorLastGifts $donors = new DonorLastGifts()
	) {
	}

	/**
	 * The install and upgrade step: what each schema version left to fill.
	 *
	 * @param int      $before  The schema version the site had (0 on a fresh install).
	 * @param string[] $created Short names of the tables this run created.
	 */
	public function upgrade( int $before, array $created ): void {
		self::number_paid_donations();
		if ( $before < self::TOTALS_SINCE ) {
			// The totals table is new (or this is a fresh install): count the donations already there.
			$this->totals->rebuild();
		}
		if ( $before < self::DONOR_KEYS_SINCE ) {
			self::backfill_subscriptions();
			if ( $before >= self::TOTALS_SINCE ) {
				// The donor_last_gifts table is new (rebuild() above already filled it otherwise).
				$this->donors->rebuild();
			}
		}
		$reports_missing = array() !== array_intersect( self::REPORT_TABLES, $created );
		if ( $before >= self::TOTALS_SINCE && ( $before < self::BOOKS_SINCE || $reports_missing ) ) {
			// The reports' tables are derived from the rows (rebuild() above did it on a fresh
			// install); so is one added since this site took schema 13.
			$this->totals->rebuild_reports();
		}
		if ( $before >= self::TOTALS_SINCE && $before < self::FIGURES_SINCE ) {
			self::backfill_dispute_fees();
			$this->rederive_changed_figures();
		}
	}

	/**
	 * Schema 14: each disputed donation takes the fees of its disputes (the disputes table has
	 * them). One UPDATE over the few disputed rows, which reads what it writes: safe twice.
	 */
	public static function backfill_dispute_fees(): void {
		global $wpdb;
		$donations = Schema::table( 'donations' );
		$disputes  = Schema::table( 'disputes' );
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, DonationWidgetDirectory.DB.InterpolatedSql -- a one-off migration of the plugin's own tables (names from Schema::table()).
		$wpdb->query( "UPDATE {$donations} d JOIN (SELECT donation_id, SUM(fee_cents) AS fees FROM {$disputes} WHERE donation_id > 0 GROUP BY donation_id) f ON f.donation_id = d.id SET d.dispute_fee_cents = f.fees" );
	}

	/**
	 * Schema 14: the days whose figures GiftFigures counts differently re-derived (their totals,
	 * donors and reports): days of disputed gifts (dispute fees, lost amounts past the refunds)
	 * and of partly refunded ones (still given; an unrecorded refund counted whole). Few rows,
	 * each found on a key (dispute_created, status); the totals of statuses whose money was not
	 * received keep nothing any more.
	 */
	private function rederive_changed_figures(): void {
		global $wpdb;
		$donations = Schema::table( 'donations' );
		$totals    = Schema::table( 'donation_totals' );
		// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, DonationWidgetDirectory.DB.InterpolatedSql -- a one-off migration of the plugin's own tables (names from Schema::table()); values are prepared.
		$wpdb->query( $wpdb->prepare( "UPDATE {$totals} SET kept_cents = 0 WHERE status NOT IN (%s, %s, %s)", ...GiftFigures::RECEIVED ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the three RECEIVED statuses, spread.
		$days = $wpdb->get_col(
			$wpdb->prepare(
				"SELECT DISTINCT DATE(created_at) FROM {$donations} WHERE dispute_status <> '' UNION SELECT DISTINCT DATE(created_at) FROM {$donations} WHERE status = %s",
				DonationStatus::PARTIALLY_REFUNDED
			)
		);
		// phpcs:enable
		foreach ( array_unique( array_map( 'strval', $days ) ) as $day ) {
			$this->totals->rederive( $day, $day );
		}
	}

	/**
	 * The daily safety net: recent totals, and every subscription's donor and latest status,
	 * read again from the donations (a request that died between a donation's write and its
	 * refresh left one stale).
	 */
	public function rederive(): void {
		$this->totals->rederive_recent();
		self::backfill_subscriptions();
	}

	/**
	 * Schema 12: each subscription takes its first donation's lower-cased email and its latest
	 * donation's status, a batch of row ids per UPDATE so no statement holds many locks. Both
	 * are read from the donations by the UPDATE itself, so running this twice, or while
	 * donations come in, changes nothing.
	 */
	public static function backfill_subscriptions(): void {
		global $wpdb;
		$table = Schema::table( 'subscriptions' );
		$last  = (int) $wpdb->get_var( "SELECT COALESCE(MAX(id), 0) FROM {$table}" ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the plugin's own table, during a migration.
		$rows  = new SubscriptionRepository();
		for ( $first = 1; $first <= $last; $first += self::BACKFILL_BATCH ) {
			$rows->backfill( $first, $first + self::BACKFILL_BATCH - 1 );
		}
	}

	/**
	 * Schema 7 gives receipt numbers (receipt_seq) to money received only. Donations paid before
	 * it keep the number they already carried, their row id: it is on the receipts sent, the
	 * admin screens and past exports, so giving it to another donation would make two receipts
	 * share a number. New numbers continue after the highest, with no gaps from then on. Runs
	 * only while no donation is numbered yet, so running it twice (two servers upgrading at
	 * once, or a re-activation) changes nothing.
	 */
	public static function number_paid_donations(): void {
		global $wpdb;
		$table = Schema::table( 'donations' );
		// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- a one-off migration of the plugin's own table (name from Schema::table()); values are prepared.
		$numbered = $wpdb->get_var( "SELECT id FROM {$table} WHERE receipt_seq IS NOT NULL LIMIT 1" );
		if ( null !== $numbered ) {
			return;
		}
		$wpdb->query(
			$wpdb->prepare(
				"UPDATE {$table} SET receipt_seq = id WHERE receipt_seq IS NULL AND status IN (%s, %s, %s)",
				DonationStatus::SUCCEEDED,
				DonationStatus::PARTIALLY_REFUNDED,
				DonationStatus::REFUNDED
			)
		);
		// phpcs:enable
	}
}
