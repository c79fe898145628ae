<?php
/**
 * Reads the dates of a file: in the site's date format, or the one the file evidently uses.
 *
 * @package DonationWidget
 */

namespace DonationWidget\HistoryImport;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * A file's dates are all in one format. The dry run tries the site's date format first (GiveWP
 * exports its dates in it), then the formats files evidently use, and keeps the first that reads
 * every sampled date; day/month comes before month/day, as in Australia, unless a day above 12
 * shows the file is month/day. Dates are in the site's time zone, stored in UTC; a date without
 * a time is taken at noon, so its day is the same wherever it is read.
 */
final class GiftDates {

	/**
	 * A time at the end of a date cell, and what comes before it.
	 */
	private const TRAILING_TIME = '/^(.+?)[ T](\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?)$/i';

	/**
	 * Formats a file may evidently use, in the order they are tried.
	 */
	private const EVIDENT = array( 'Y-m-d', 'd/m/Y', 'm/d/Y', 'd-m-Y', 'd.m.Y', 'j F Y', 'F j, Y', 'j M Y', 'M j, Y', 'd/m/y' );

	/**
	 * The format that reads the most samples (all, when one does), and whether it is the site's.
	 *
	 * @param string[] $samples     Date cells of the file.
	 * @param string   $site_format The site's date format.
	 * @return array{format: string, source: string}
	 * @phpstan-param list<string> $samples
	 */
	public static function detect( array $samples, string $site_format ): array {
		$candidates = array_values( array_unique( array_merge( array( $site_format ), self::EVIDENT ) ) );
		$best       = array(
			'format' => $site_format,
			'source' => 'site',
		);
		$best_count = -1;
		$samples    = array_values( array_filter( array_map( array( self::class, 'without_time' ), $samples ), static fn ( string $sample ): bool => '' !== $sample ) );
		foreach ( $candidates as $format ) {
			$read = 0;
			foreach ( $samples as $sample ) {
				if ( null !== self::day( $sample, $format ) ) {
					++$read;
				}
			}
			if ( $read > $best_count ) {
				$best_count = $read;
				$best       = array(
					'format' => $format,
					'source' => $format === $site_format ? 'site' : 'file',
				);
			}
			if ( count( $samples ) === $read ) {
				break;
			}
		}
		return $best;
	}

	/**
	 * A date cell (and its time cell) as UTC 'Y-m-d H:i:s', or null when it is not a date in
	 * the format or it is in the future.
	 *
	 * @param string $date   The date cell (it may carry a time: "2026-05-01 14:30").
	 * @param string $time   The time cell ('' for none).
	 * @param string $format The file's date format.
	 */
	public static function utc( string $date, string $time, string $format ): ?string {
		$date = trim( $date );
		$time = trim( $time );
		if ( 1 === preg_match( self::TRAILING_TIME, $date, $parts ) && null === self::day( $date, $format ) ) {
			$date = trim( $parts[1] );
			$time = '' === $time ? $parts[2] : $time;
		}
		$day = self::day( $date, $format );
		if ( null === $day ) {
			return null;
		}
		$clock = self::clock( $time );
		if ( null === $clock ) {
			return null;
		}
		$local = \DateTimeImmutable::createFromFormat( '!Y-m-d H:i:s', $day . ' ' . $clock, wp_timezone() );
		if ( false === $local || $local->getTimestamp() > time() ) {
			return null;
		}
		return $local->setTimezone( new \DateTimeZone( 'UTC' ) )->format( 'Y-m-d H:i:s' );
	}

	/**
	 * A date cell without the time it may carry ("2026-05-01 14:30" is "2026-05-01").
	 *
	 * @param string $date The date cell.
	 */
	private static function without_time( string $date ): string {
		$date = trim( $date );
		return 1 === preg_match( self::TRAILING_TIME, $date, $parts ) ? trim( $parts[1] ) : $date;
	}

	/**
	 * A format as staff read it: "31/12/2026" for d/m/Y.
	 *
	 * @param string $format A PHP date format.
	 */
	public static function example( string $format ): string {
		return ( new \DateTimeImmutable( '2026-12-31 12:00:00', wp_timezone() ) )->format( $format );
	}

	/**
	 * The day of a date in a format, 'Y-m-d', or null (strict: 31/02 is no date).
	 *
	 * @param string $date   The date.
	 * @param string $format The format.
	 */
	private static function day( string $date, string $format ): ?string {
		if ( '' === $date || '' === $format ) {
			return null;
		}
		$parsed = \DateTimeImmutable::createFromFormat( '!' . $format, $date, new \DateTimeZone( 'UTC' ) );
		$errors = \DateTimeImmutable::getLastErrors();
		if ( false === $parsed || ( is_array( $errors ) && ( $errors['warning_count'] > 0 || $errors['error_count'] > 0 ) ) ) {
			return null;
		}
		$year = (int) $parsed->format( 'Y' );
		return $year < 1900 ? null : $parsed->format( 'Y-m-d' );
	}

	/**
	 * A time cell as 'H:i:s' ('' is noon), or null.
	 *
	 * @param string $time The time cell.
	 */
	private static function clock( string $time ): ?string {
		if ( '' === $time ) {
			return '12:00:00';
		}
		if ( 1 !== preg_match( '/^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([ap])?\.?m?\.?$/i', $time, $parts ) ) {
			return null;
		}
		$hour     = (int) $parts[1];
		$meridiem = strtolower( $parts[4] ?? '' );
		if ( '' !== $meridiem ) {
			if ( $hour < 1 || $hour > 12 ) {
				return null;
			}
			$hour = ( 12 === $hour ? 0 : $hour ) + ( 'p' === $meridiem ? 12 : 0 );
		}
		$minute = (int) $parts[2];
		$second = isset( $parts[3] ) && '' !== $parts[3] ? (int) $parts[3] : 0;
		if ( $hour > 23 || $minute > 59 || $second > 59 ) {
			return null;
		}
		return sprintf( '%02d:%02d:%02d', $hour, $minute, $second );
	}
}
