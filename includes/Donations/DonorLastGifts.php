<?php
/**
 * Each donor's latest gift still given, kept on write.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Donations;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQL.NotPrepared -- a table shared by every web server, read and written in the database, never cached; the only interpolated names are the plugin's own tables from Schema::table(), every value is a placeholder of $wpdb->prepare().

/**
 * One row per donor (lower-cased email) in the donor_last_gifts table: when their latest
 * AUD gift still given (succeeded, or partly refunded: GiftFigures::GIVEN) was made. A donor
 * gave since a time exactly when that is at or after it, so "donors this month" counts one range
 * of a key instead of de-duplicating the month's emails (~20,000 at a million donations).
 *
 * A row is only ever set from the donations themselves, by one INSERT … SELECT that reads the
 * donor's rows (on the search_email key) and writes the result: DonationTotals calls refresh()
 * when a donation of that address is inserted given or moves into or out of GIVEN,
 * and the eraser for both addresses. Being a locking read, the SELECT sees every committed
 * donation and a concurrent insert waits for it, so the last writer always writes the truth.
 * DonationTotals' daily safety net re-derives the recent days (rederive()).
 */
final class DonorLastGifts {

	/**
	 * Days of donations read per statement of a rebuild (about a month).
	 */
	private const REBUILD_DAYS_PER_BATCH = 31;

	/**
	 * How many donors gave an AUD gift still given at or after a UTC time.
	 *
	 * @param string $since UTC, MySQL format.
	 */
	public function donors_since( string $since ): int {
		global $wpdb;
		$table = Schema::table( 'donor_last_gifts' );
		return (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$table} WHERE last_gift_at >= %s", $since ) );
	}

	/**
	 * Sets one donor's row to what their donations say now.
	 *
	 * @param string $email The donor's email, in any case ('' is no donor).
	 */
	public function refresh( string $email ): void {
		global $wpdb;
		if ( '' === $email ) {
			return;
		}
		$table     = Schema::table( 'donor_last_gifts' );
		$donations = Schema::table( 'donations' );
		$wpdb->query(
			// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the statuses of GiftFigures::GIVEN and the currency, spread from given().
			$wpdb->prepare(
				"INSERT INTO {$table} (email_key, last_gift_at)
				SELECT LOWER(%s), MAX(created_at) FROM {$donations} WHERE email = %s AND status IN (%s, %s) AND currency = %s
				ON DUPLICATE KEY UPDATE last_gift_at = VALUES(last_gift_at)",
				$email,
				$email,
				...self::given( DonationForm::CURRENCY )
			)
		);
	}

	/**
	 * Re-derives the donors of some UTC time range: every donor who gave in it takes at least
	 * their latest gift there, and every donor whose latest gift is recorded there is read
	 * again (a refund whose refresh was lost). The safety net, and a rebuild (without the
	 * second step: a rebuild starts from an empty table).
	 *
	 * @param string $from    UTC start, included.
	 * @param string $to      UTC end, excluded.
	 * @param bool   $recheck Whether to read again the donors recorded in the range.
	 */
	public function rederive( string $from, string $to, bool $recheck = true ): void {
		global $wpdb;
		$table     = Schema::table( 'donor_last_gifts' );
		$donations = Schema::table( 'donations' );
		$wpdb->query(
			// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the statuses of GiftFigures::GIVEN and the currency, spread from given().
			$wpdb->prepare(
				"INSERT INTO {$table} (email_key, last_gift_at)
				SELECT LOWER(email), MAX(created_at) FROM {$donations}
				WHERE created_at >= %s AND created_at < %s AND status IN (%s, %s) AND currency = %s AND email <> ''
				GROUP BY LOWER(email)
				ON DUPLICATE KEY UPDATE last_gift_at = GREATEST(COALESCE(last_gift_at, VALUES(last_gift_at)), VALUES(last_gift_at))",
				$from,
				$to,
				...self::given( DonationForm::CURRENCY )
			)
		);
		if ( ! $recheck ) {
			return;
		}
		$wpdb->query(
			// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the statuses of GiftFigures::GIVEN and the currency, spread from given().
			$wpdb->prepare(
				"UPDATE {$table} k SET k.last_gift_at = (SELECT MAX(d.created_at) FROM {$donations} d WHERE d.email = k.email_key AND d.status IN (%s, %s) AND d.currency = %s)
				WHERE k.last_gift_at >= %s AND k.last_gift_at < %s",
				...array_merge( self::given( DonationForm::CURRENCY ), array( $from, $to ) )
			)
		);
	}

	/**
	 * The statuses of a gift still given (GiftFigures::GIVEN: a partly refunded gift counts, the
	 * donor gave) and the currency, as placeholder values.
	 *
	 * @param string $currency The currency.
	 * @return list<string>
	 */
	private static function given( string $currency ): array {
		return array_merge( GiftFigures::GIVEN, array( $currency ) );
	}

	/**
	 * Rebuilds the whole table from the donations, a month of donations per statement (on
	 * upgrade, and after seeding).
	 */
	public function rebuild(): void {
		global $wpdb;
		$table     = Schema::table( 'donor_last_gifts' );
		$donations = Schema::table( 'donations' );
		$wpdb->query( "DELETE FROM {$table}" );
		$first = $wpdb->get_var( "SELECT MIN(created_at) FROM {$donations}" );
		$last  = $wpdb->get_var( "SELECT MAX(created_at) FROM {$donations}" );
		if ( ! is_string( $first ) || ! is_string( $last ) ) {
			return;
		}
		$day = substr( $first, 0, 10 ) . ' 00:00:00';
		while ( $day <= $last ) {
			$end = gmdate( 'Y-m-d 00:00:00', (int) strtotime( $day . ' UTC +' . self::REBUILD_DAYS_PER_BATCH . ' days' ) );
			$this->rederive( $day, $end, false );
			$day = $end;
		}
	}
}
