<?php
/**
 * The fundraising cost cover a donor may add (SPEC §9).
 *
 * @package DonationWidget
 */

namespace DonationWidget\Donations;

/**
 * Cover = 5 % of the gift, rounded half up to the cent, at most $20. Worked out in whole cents
 * (basis points), so the server and the widget agree to the cent on every amount.
 */
final class HelpCover {

	/**
	 * The rate (helpCoverPercent, 0.05) in basis points.
	 */
	public const RATE_BASIS_POINTS = 500;

	/**
	 * The cap: $20.
	 */
	public const CAP_CENTS = 2000;

	/**
	 * The cover of a gift.
	 *
	 * @param int $amount_cents The gift, in cents.
	 * @return int The cover, in cents.
	 */
	public static function cents_for( int $amount_cents ): int {
		if ( $amount_cents <= 0 ) {
			return 0;
		}
		return min( intdiv( $amount_cents * self::RATE_BASIS_POINTS + 5000, 10000 ), self::CAP_CENTS );
	}
}
