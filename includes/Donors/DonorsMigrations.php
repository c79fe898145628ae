<?php
/**
 * Fills the donors' tables from the donations already there.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Donors;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;
use DonationWidget\Donations\GiftFigures;
use DonationWidget\Donations\SubscriptionRepository;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders, DonationWidgetDirectory.DB.InterpolatedSql -- a migration of the plugin's own tables (names from Schema::table(), SQL fragments from DonorIdentity and GiftFigures, a %s per RECEIVED status); every value is a placeholder of $wpdb->prepare().

/**
 * The install and upgrade step of the Donors domain. When the donors table is new, every
 * received donation is given its donor in batches of donation ids (three INSERT … SELECT per
 * batch: the batch's donors by identity, their identities, its gifts), then every donor's figures
 * are derived in batches of donor ids (one INSERT … SELECT … GROUP BY each). Each statement
 * writes what the rows say, never adds to a figure, and skips what exists (UNIQUE keys), so a
 * second run, or two servers at once, doubles nothing. Its progress is an option: it fills in
 * slices of SLICE_SECONDS (the upgrade's request, then a WP-Cron event per slice), and a slice
 * killed half-way (a PHP timeout) is resumed where it stopped by the next. At a million
 * donations (417,000 donors) the whole fill took 411 s on the test machine (2 shared cores,
 * MariaDB with a 64 MB buffer pool).
 */
final class DonorsMigrations {

	/**
	 * The option that holds the fill's progress while it runs: "gifts:<last donation id>" or
	 * "figures:<last donor id>".
	 */
	public const PROGRESS_OPTION = 'donation_widget_donors_fill';

	/**
	 * The one-off event that goes on with a fill an upgrade left unfinished.
	 */
	public const FILL_HOOK = 'donation_widget_donors_fill';

	/**
	 * Seconds of filling per request (an upgrade's, or the event's): a slice ends within a web
	 * request's time limit, and the next slice starts where it stopped.
	 */
	public const SLICE_SECONDS = 20.0;

	/**
	 * Donation ids per batch of the gifts' pass.
	 */
	public const GIFT_BATCH = 20000;

	/**
	 * Donor ids per batch of the figures' pass.
	 */
	public const DONOR_BATCH = 5000;

	/**
	 * The step: fills the tables when they are new, or finishes a fill a dead run left.
	 *
	 * @param int      $before  The schema version the site had.
	 * @param string[] $created Short names of the tables this run created.
	 */
	public function upgrade( int $before, array $created ): void {
		unset( $before );
		if ( in_array( 'donors', $created, true ) ) {
			add_option( self::PROGRESS_OPTION, 'gifts:0', '', false );
			// The sweep looks at what changes from now on; the fill reads everything before.
			add_option( DonorSweep::MARK_OPTION, current_time( 'mysql', true ), '', false );
		}
		$this->continue_fill();
	}

	/**
	 * Fills for a slice while a fill is under way, and asks WP-Cron for the next slice until it
	 * is done (the upgrade, the FILL_HOOK event, and the hourly sweep in case an event was lost).
	 */
	public function continue_fill(): void {
		if ( ! self::is_filling() || $this->fill( self::SLICE_SECONDS ) ) {
			return;
		}
		if ( false === wp_next_scheduled( self::FILL_HOOK ) ) {
			wp_schedule_single_event( time(), self::FILL_HOOK );
		}
	}

	/**
	 * Whether the donors are still being filled from the donations already there (the list is
	 * incomplete meanwhile).
	 */
	public static function is_filling(): bool {
		return false !== get_option( self::PROGRESS_OPTION );
	}

	/**
	 * Rebuilds every donor's gifts and figures from the donations (after seeding, or by
	 * hand): the same passes as the upgrade, from the start.
	 */
	public function rebuild(): void {
		update_option( self::PROGRESS_OPTION, 'gifts:0', false );
		$this->fill();
	}

	/**
	 * Runs (or resumes) the fill, for a time or until done.
	 *
	 * @param float $seconds Time budget (0: until done); a batch under way is finished.
	 * @return bool Whether the fill is done.
	 */
	public function fill( float $seconds = 0.0 ): bool {
		global $wpdb;
		$progress             = (string) get_option( self::PROGRESS_OPTION, 'gifts:0' );
		list( $pass, $after ) = array_pad( explode( ':', $progress, 2 ), 2, '0' );
		$after                = (int) $after;
		$donations            = Schema::table( 'donations' );
		$until                = microtime( true ) + $seconds;
		$out_of_time          = static fn (): bool => $seconds > 0 && microtime( true ) >= $until;
		if ( 'gifts' === $pass ) {
			$last = (int) $wpdb->get_var( "SELECT COALESCE(MAX(id), 0) FROM {$donations}" );
			while ( $after < $last ) {
				$to = min( $last, $after + self::GIFT_BATCH );
				$this->place_range( $after + 1, $to );
				$after = $to;
				update_option( self::PROGRESS_OPTION, 'gifts:' . $after, false );
				if ( $out_of_time() ) {
					// Every slice does a batch at least, so the fill always moves on.
					return false;
				}
			}
			$after = 0;
			update_option( self::PROGRESS_OPTION, 'figures:0', false );
		}
		$donors = Schema::table( 'donors' );
		$last   = (int) $wpdb->get_var( "SELECT COALESCE(MAX(id), 0) FROM {$donors}" );
		while ( $after < $last ) {
			$to = min( $last, $after + self::DONOR_BATCH );
			$this->derive_range( $after + 1, $to );
			$after = $to;
			update_option( self::PROGRESS_OPTION, 'figures:' . $after, false );
			if ( $out_of_time() ) {
				return false;
			}
		}
		$this->derive_recurring();
		delete_option( self::PROGRESS_OPTION );
		return true;
	}

	/**
	 * Gives the received donations of an id range their donors: the donors their identities
	 * name (created when new, the latest gift's names), the identities, then the gifts.
	 *
	 * @param int $first First donation id.
	 * @param int $last  Last donation id (included).
	 */
	public function place_range( int $first, int $last ): void {
		global $wpdb;
		$donations  = Schema::table( 'donations' );
		$donors     = Schema::table( 'donors' );
		$identities = Schema::table( 'donor_identities' );
		$gifts      = Schema::table( 'donor_gifts' );
		$received   = implode( ', ', array_fill( 0, count( GiftFigures::RECEIVED ), '%s' ) );
		$named      = DonorIdentity::names_someone_sql( 'd' );
		$now        = current_time( 'mysql', true );
		$batch      = array_merge( array( $first, $last ), GiftFigures::RECEIVED, array( DonorIdentity::erased_email() ) );
		// The latest gift's names of each identity in the batch; a later batch's names win.
		$latest = static fn ( string $column ): string => "SUBSTRING_INDEX(GROUP_CONCAT(d.{$column} ORDER BY d.created_at DESC, d.id DESC SEPARATOR '\\t'), '\\t', 1)";
		$wpdb->query(
			$wpdb->prepare(
				"INSERT INTO {$donors} (kind, identity_hash, first_name, last_name, organisation_name, name, email, created_at, updated_at)
				SELECT x.kind, x.hash, LEFT(x.first_name, 50), LEFT(x.last_name, 50), LEFT(x.organisation_name, 160),
					LEFT(CASE WHEN x.kind = %s THEN x.organisation_name ELSE TRIM(CONCAT(x.first_name, ' ', x.last_name)) END, 191), LEFT(x.email, 100), %s, %s
				FROM (SELECT MAX(" . DonorIdentity::kind_sql( 'd' ) . ') AS kind, ' . DonorIdentity::hash_sql( 'd' ) . ' AS hash, ' . $latest( 'first_name' ) . ' AS first_name, ' . $latest( 'last_name' ) . ' AS last_name, '
					. 'MAX(' . DonorIdentity::organisation_sql( 'd' ) . ') AS organisation_name, MAX(' . DonorIdentity::email_sql( 'd' ) . ") AS email
					FROM {$donations} d WHERE d.id BETWEEN %d AND %d AND d.status IN ({$received}) AND {$named} GROUP BY hash) x
				ON DUPLICATE KEY UPDATE first_name = VALUES(first_name), last_name = VALUES(last_name), name = VALUES(name)",
				array_merge( array( DonorIdentity::ORGANISATION, $now, $now ), $batch )
			)
		);
		// The batch's identities first, each donor then found on its UNIQUE key (STRAIGHT_JOIN:
		// never a walk of every donor to match them).
		$wpdb->query(
			$wpdb->prepare(
				"INSERT IGNORE INTO {$identities} (identity_hash, kind, email, organisation_name, donor_id, created_at)
				SELECT dn.identity_hash, dn.kind, dn.email, dn.organisation_name, dn.id, %s
				FROM (SELECT DISTINCT " . DonorIdentity::hash_sql( 'd' ) . " AS hash FROM {$donations} d WHERE d.id BETWEEN %d AND %d AND d.status IN ({$received}) AND {$named}) x
				STRAIGHT_JOIN {$donors} dn ON dn.identity_hash = x.hash",
				array_merge( array( $now ), $batch )
			)
		);
		$wpdb->query(
			$wpdb->prepare(
				"INSERT IGNORE INTO {$gifts} (donation_id, donor_id)
				SELECT d.id, i.donor_id FROM {$donations} d INNER JOIN {$identities} i ON i.identity_hash = " . DonorIdentity::hash_sql( 'd' ) . "
				WHERE d.id BETWEEN %d AND %d AND d.status IN ({$received}) AND {$named}",
				$batch
			)
		);
		DonorCount::forget();
	}

	/**
	 * Derives the figures of a range of donors from their gifts (as DonorTotals::rederive()
	 * does for one), the 4-weekly count aside.
	 *
	 * @param int $first First donor id.
	 * @param int $last  Last donor id (included).
	 */
	public function derive_range( int $first, int $last ): void {
		global $wpdb;
		$donors      = Schema::table( 'donors' );
		$gifts       = Schema::table( 'donor_gifts' );
		$donations   = Schema::table( 'donations' );
		$received    = implode( ', ', array_fill( 0, count( GiftFigures::RECEIVED ), '%s' ) );
		$is_received = "d.status IN ({$received})";
		$kept        = GiftFigures::kept_sql( 'd' );
		$wpdb->query(
			$wpdb->prepare(
				"INSERT INTO {$donors} (id, identity_hash, gifts, given_cents, kept_cents, first_gift_at, last_gift_at, created_at, updated_at)
				SELECT g.donor_id, CONCAT('removed:', g.donor_id), SUM({$is_received}), SUM(CASE WHEN {$is_received} THEN CAST(d.total_cents AS SIGNED) ELSE 0 END),
					SUM(CASE WHEN {$is_received} THEN {$kept} ELSE 0 END),
					MIN(CASE WHEN {$is_received} THEN d.created_at END), MAX(CASE WHEN {$is_received} THEN d.created_at END), %s, %s
				FROM {$gifts} g INNER JOIN {$donations} d ON d.id = g.donation_id WHERE g.donor_id BETWEEN %d AND %d GROUP BY g.donor_id
				ON DUPLICATE KEY UPDATE gifts = VALUES(gifts), given_cents = VALUES(given_cents), kept_cents = VALUES(kept_cents), first_gift_at = VALUES(first_gift_at),
					last_gift_at = VALUES(last_gift_at), updated_at = VALUES(updated_at)",
				array_merge( GiftFigures::RECEIVED, GiftFigures::RECEIVED, GiftFigures::RECEIVED, GiftFigures::RECEIVED, GiftFigures::RECEIVED, array( current_time( 'mysql', true ), current_time( 'mysql', true ), $first, $last ) )
			)
		);
	}

	/**
	 * Every donor's running 4-weekly donations, from the subscriptions (a few thousand rows).
	 */
	public function derive_recurring(): void {
		global $wpdb;
		$donors        = Schema::table( 'donors' );
		$gifts         = Schema::table( 'donor_gifts' );
		$subscriptions = Schema::table( 'subscriptions' );
		$wpdb->query(
			$wpdb->prepare(
				"UPDATE {$donors} dn LEFT JOIN (SELECT g.donor_id, COUNT(*) AS running FROM {$subscriptions} s INNER JOIN {$gifts} g ON g.donation_id = s.donation_id WHERE s.status = %s GROUP BY g.donor_id) r ON r.donor_id = dn.id
				SET dn.active_recurring = COALESCE(r.running, 0) WHERE dn.active_recurring <> COALESCE(r.running, 0)",
				SubscriptionRepository::ACTIVE
			)
		);
	}
}
