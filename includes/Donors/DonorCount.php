<?php
/**
 * How many donors the whole list holds, counted once per change rather than per view.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Donors;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * At 400,000 donors a COUNT(*) reads a whole key (35 ms on a small host): more than the rest of
 * the list's page. The count only changes when a donor is created, merged or erased, so the
 * first view after such a change counts, the count is kept (a transient: the shared object
 * cache, or the options table, so every web server sees it) and each of those writes forgets
 * it. It is also forgotten after a minute, which bounds the one race left (a count read just
 * before a donor was created, stored just after that creation forgot it).
 */
final class DonorCount {

	/**
	 * The transient holding the count.
	 */
	private const CACHE = 'donation_widget_donor_count';

	/**
	 * The count of every donor not merged into another.
	 *
	 * @param callable(): int $count Counts them in the database.
	 */
	public static function of_everyone( callable $count ): int {
		$cached = get_transient( self::CACHE );
		if ( is_numeric( $cached ) ) {
			return (int) $cached;
		}
		$total = $count();
		set_transient( self::CACHE, $total, MINUTE_IN_SECONDS );
		return $total;
	}

	/**
	 * A donor was created, merged or erased: the next view counts again.
	 */
	public static function forget(): void {
		delete_transient( self::CACHE );
	}
}
