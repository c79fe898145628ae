<?php
/**
 * The date range an export was asked for, checked.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books\Export;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Two submitted Y-m-d days that exist, in order, at most MAX_DAYS apart: what every export of a
 * date range (the deposits', the offline gifts') refuses otherwise, in the same words.
 */
final class ExportRange {

	/**
	 * Most days one export of a range may cover (a financial year, with a leap day).
	 */
	public const MAX_DAYS = 366;

	/**
	 * Checks the range.
	 *
	 * @param string        $from First day, Y-m-d.
	 * @param string        $to   Last day, Y-m-d (included).
	 * @param \DateTimeZone $zone The zone the days are in (the site's, or UTC for the provider's arrival dates).
	 * @return array{0: \DateTimeImmutable, 1: \DateTimeImmutable} The start of each day in $zone.
	 * @throws ExportRefused When the dates are not a range.
	 */
	public static function of( string $from, string $to, \DateTimeZone $zone ): array {
		$first = self::day( $from, $zone );
		$last  = self::day( $to, $zone );
		if ( null === $first || null === $last ) {
			throw new ExportRefused( esc_html__( 'Enter both dates as calendar dates, such as 2026-11-01 and 2026-11-30.', 'donation-widget' ), 400 );
		}
		if ( $first > $last ) {
			throw new ExportRefused( esc_html__( 'The "From" date is after the "To" date. Swap them and download again.', 'donation-widget' ), 400 );
		}
		if ( (int) $first->diff( $last )->days + 1 > self::MAX_DAYS ) {
			/* translators: %d: most days in one export. */
			throw new ExportRefused( esc_html( sprintf( __( 'Choose at most %d days: download a long period in parts, such as one per month.', 'donation-widget' ), self::MAX_DAYS ) ), 400 );
		}
		return array( $first, $last );
	}

	/**
	 * The start of a Y-m-d day that exists, or null.
	 *
	 * @param string        $text Submitted date.
	 * @param \DateTimeZone $zone Its zone.
	 */
	private static function day( string $text, \DateTimeZone $zone ): ?\DateTimeImmutable {
		if ( ! preg_match( '/^(\d{4})-(\d{2})-(\d{2})$/D', $text, $parts ) || ! checkdate( (int) $parts[2], (int) $parts[3], (int) $parts[1] ) ) {
			return null;
		}
		$day = \DateTimeImmutable::createFromFormat( '!Y-m-d', $text, $zone );
		return false === $day ? null : $day;
	}
}
