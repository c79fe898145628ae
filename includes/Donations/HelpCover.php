<?php
/**
 * The fundraising cost cover a donor may add (docs/widget-contract.md#9-business-constants-and-limits).
 *
 * @package DonationWidget
 */

namespace DonationWidget\Donations;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Cover = 5 % of the gift, rounded half up to the cent, at most $20, and never more than what is
 * left under the $999,999.99 maximum, so gift plus cover never passes it (at the maximum the
 * cover is 0 and the widget does not offer it). The donor's own amount is never changed: the cover
 * is the optional part. Worked out in whole cents (basis points), so the server and the widget
 * (src/shared/help-cover.ts) agree to the cent on every amount.
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
	 * The largest total a donation may reach, cover included (docs/widget-contract.md#9-business-constants-and-limits): $999,999.99.
	 */
	public const MAX_TOTAL_CENTS = 99999999;

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
		$room = max( 0, self::MAX_TOTAL_CENTS - $amount_cents );
		return min( intdiv( $amount_cents * self::RATE_BASIS_POINTS + 5000, 10000 ), self::CAP_CENTS, $room );
	}
}
