<?php
/**
 * Dollars and cents without floating point.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Donations;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Converts between the widget's dollar strings and the cents kept everywhere else, so an
 * amount such as 19.99 never becomes 1998 cents through a float.
 */
final class Money {

	/**
	 * Cents of a dollar string such as "52", "52.5" or "52.50".
	 *
	 * @param string $dollars Digits with at most two decimals (already checked by the caller).
	 */
	public static function cents( string $dollars ): int {
		$parts    = explode( '.', $dollars, 2 );
		$whole    = (int) $parts[0];
		$fraction = (int) str_pad( substr( $parts[1] ?? '', 0, 2 ), 2, '0' );
		return $whole * 100 + $fraction;
	}

	/**
	 * A dollar string with two decimals, such as "52.50", or "-0.50" for an amount going out (a
	 * refund line, a net after a fee larger than a tiny gift).
	 *
	 * @param int $cents Cents.
	 */
	public static function dollars( int $cents ): string {
		$sign  = $cents < 0 ? '-' : '';
		$cents = abs( $cents );
		return $sign . intdiv( $cents, 100 ) . '.' . str_pad( (string) ( $cents % 100 ), 2, '0', STR_PAD_LEFT );
	}
}
