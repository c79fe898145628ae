<?php
/**
 * Days in the site's time zone, for rows stored in UTC.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Donations;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * The reports count days as the charity lives them (the site's time zone, Settings > General),
 * while the donations are stored in UTC. A day's rows are those from its local midnight to the
 * next, and a range of days is cut where the zone's offset changes (daylight saving), so each
 * piece converts with one fixed offset: SQL needs no time zone tables.
 */
final class LocalDays {

	/**
	 * The site's day of a UTC datetime.
	 *
	 * @param string $utc UTC datetime, Y-m-d H:i:s.
	 * @return string Y-m-d in the site's time zone.
	 */
	public static function day_of( string $utc ): string {
		$time = date_create_immutable( $utc, new \DateTimeZone( 'UTC' ) );
		return false === $time ? substr( $utc, 0, 10 ) : $time->setTimezone( wp_timezone() )->format( 'Y-m-d' );
	}

	/**
	 * The UTC datetime at which a site day starts.
	 *
	 * @param string $day Y-m-d in the site's time zone.
	 * @return string UTC datetime, Y-m-d H:i:s.
	 */
	public static function utc_start( string $day ): string {
		$time = date_create_immutable( $day . ' 00:00:00', wp_timezone() );
		return false === $time ? $day . ' 00:00:00' : $time->setTimezone( new \DateTimeZone( 'UTC' ) )->format( 'Y-m-d H:i:s' );
	}

	/**
	 * The day after a day.
	 *
	 * @param string $day Y-m-d.
	 */
	public static function next( string $day ): string {
		return gmdate( 'Y-m-d', (int) strtotime( $day . ' 00:00:00 UTC +1 day' ) );
	}

	/**
	 * Today in the site's time zone.
	 */
	public static function today(): string {
		$today = wp_date( 'Y-m-d' );
		return false === $today ? gmdate( 'Y-m-d' ) : $today;
	}

	/**
	 * Whether a string is a real calendar day written Y-m-d.
	 *
	 * @param string $day Candidate.
	 */
	public static function is_day( string $day ): bool {
		return self::is_written_as_day( $day ) && checkdate( (int) substr( $day, 5, 2 ), (int) substr( $day, 8, 2 ), (int) substr( $day, 0, 4 ) );
	}

	/**
	 * Whether a string is written Y-m-d and nothing else (the D modifier: "2026-01-01\n" is
	 * not), whether or not the calendar has that day (2026-02-30 is written as one).
	 *
	 * @param string $day Candidate.
	 */
	public static function is_written_as_day( string $day ): bool {
		return 1 === preg_match( '/^\d{4}-\d{2}-\d{2}$/D', $day );
	}

	/**
	 * The UTC span of some site days, cut where the offset changes.
	 *
	 * @param string $first_day First site day, Y-m-d.
	 * @param string $last_day  Last site day, Y-m-d (included).
	 * @return list<array{from: string, to: string, offset: int}> UTC [from, to) and the offset in seconds inside it.
	 */
	public static function pieces( string $first_day, string $last_day ): array {
		$from = self::utc_start( $first_day );
		$to   = self::utc_start( self::next( $last_day ) );
		$utc  = new \DateTimeZone( 'UTC' );
		$zone = wp_timezone();
		$lo   = (int) strtotime( $from . ' UTC' );
		$hi   = (int) strtotime( $to . ' UTC' );
		// A fixed offset zone ("UTC+10") has no transitions: one piece.
		$changes = $zone->getTransitions( $lo, $hi );
		if ( false === $changes || array() === $changes ) {
			return array(
				array(
					'from'   => $from,
					'to'     => $to,
					'offset' => $zone->getOffset( new \DateTimeImmutable( '@' . $lo ) ),
				),
			);
		}
		$pieces = array();
		$count  = count( $changes );
		foreach ( $changes as $i => $change ) {
			$start = max( $lo, (int) $change['ts'] );
			$end   = $i + 1 < $count ? min( $hi, (int) $changes[ $i + 1 ]['ts'] ) : $hi;
			if ( $start >= $end ) {
				continue;
			}
			$pieces[] = array(
				'from'   => ( new \DateTimeImmutable( '@' . $start ) )->setTimezone( $utc )->format( 'Y-m-d H:i:s' ),
				'to'     => ( new \DateTimeImmutable( '@' . $end ) )->setTimezone( $utc )->format( 'Y-m-d H:i:s' ),
				'offset' => (int) $change['offset'],
			);
		}
		return $pieces;
	}

	/**
	 * SQL for the site day of a UTC datetime column inside a piece (the offset is an integer).
	 *
	 * @param string $column Column name (the caller's own, never input).
	 * @param int    $offset Offset in seconds of the piece.
	 */
	public static function day_sql( string $column, int $offset ): string {
		return 'DATE(' . $column . ' + INTERVAL ' . $offset . ' SECOND)';
	}
}
