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
	 * The most cents a typed amount may carry (A$999,999,999.99): more digits are a mistake, and
	 * the number stays exact in an integer on every platform WordPress runs on.
	 */
	public const MAX_TYPED_CENTS = 99999999999;

	/**
	 * Cents of a whole number of cents as a form carries it in a hidden field ("1250"): digits
	 * only, no sign, no leading zero, more than zero. Anything else (a minus sign, a decimal
	 * point, an exponent, a space or newline, an array) is null, never coerced: a hand-made
	 * "-1" is refused, not read as 1.
	 *
	 * @param mixed $value The submitted value, unslashed.
	 */
	public static function parse_cents( mixed $value ): ?int {
		if ( ! is_string( $value ) || 1 !== preg_match( '/^[1-9][0-9]{0,10}$/D', $value ) ) {
			return null;
		}
		$cents = (int) $value;
		return $cents <= self::MAX_TYPED_CENTS ? $cents : null;
	}

	/**
	 * Cents of an amount in dollars as the admin's money fields send it, exactly as typed:
	 * digits with at most two decimals ("12", "12.5", "12.50", "0.50"), more than zero. A dollar
	 * sign, thousands commas, spaces, a sign, an exponent, a third decimal ("12.505"), a leading
	 * zero ("012") or a trailing newline make it null, never coerced. The fields are filled
	 * with this form (Money::dollars()), so what the screen offers is always accepted.
	 *
	 * @param mixed $value The submitted value, unslashed.
	 */
	public static function parse_dollars( mixed $value ): ?int {
		if ( ! is_string( $value ) || 1 !== preg_match( '/^(?:0|[1-9][0-9]{0,8})(?:\.[0-9]{1,2})?$/D', $value ) ) {
			return null;
		}
		$cents = self::cents( $value );
		return $cents > 0 ? $cents : null;
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
