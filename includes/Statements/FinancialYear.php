<?php
/**
 * The Australian financial year.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Statements;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * 1 July to 30 June in the site's time zone, named by the year it ends in: 2026 is "2025–26",
 * from 1 July 2025 00:00 to 30 June 2026 23:59:59 on the charity's clock. Donations are stored
 * in UTC, so the year's bounds are turned into UTC times for the queries: a gift at 23:59 on
 * 30 June in Sydney is 13:59 UTC that day, and belongs to the year ending then.
 */
final class FinancialYear {

	/**
	 * Builds a year.
	 *
	 * @param int $ending The calendar year it ends in (30 June), such as 2026.
	 */
	public function __construct( public readonly int $ending ) {
	}

	/**
	 * The year a stored UTC time falls in, on the site's clock.
	 *
	 * @param string $utc MySQL datetime in UTC.
	 */
	public static function of( string $utc ): self {
		$local = ( new \DateTimeImmutable( $utc, new \DateTimeZone( 'UTC' ) ) )->setTimezone( wp_timezone() );
		$year  = (int) $local->format( 'Y' );
		return new self( (int) $local->format( 'n' ) >= 7 ? $year + 1 : $year );
	}

	/**
	 * The year under way at a time.
	 *
	 * @param int|null $timestamp Unix time; now when null.
	 */
	public static function current( ?int $timestamp = null ): self {
		return self::of( gmdate( 'Y-m-d H:i:s', $timestamp ?? time() ) );
	}

	/**
	 * The last year that has ended (the one statements are sent for after 30 June).
	 *
	 * @param int|null $timestamp Unix time; now when null.
	 */
	public static function latest_completed( ?int $timestamp = null ): self {
		return new self( self::current( $timestamp )->ending - 1 );
	}

	/**
	 * A year from a request's value, when it is a plausible ending year.
	 *
	 * @param mixed $value Such as "2026".
	 */
	public static function from_input( mixed $value ): ?self {
		$year = is_scalar( $value ) ? absint( $value ) : 0;
		return $year >= 2000 && $year <= self::current()->ending ? new self( $year ) : null;
	}

	/**
	 * Such as "2025–26".
	 */
	public function label(): string {
		return sprintf( '%d–%02d', $this->ending - 1, $this->ending % 100 );
	}

	/**
	 * The first moment of the year, in UTC (MySQL datetime).
	 */
	public function starts_utc(): string {
		return self::utc( ( $this->ending - 1 ) . '-07-01 00:00:00' );
	}

	/**
	 * The first moment after the year, in UTC (MySQL datetime): the bound is exclusive.
	 */
	public function ends_utc(): string {
		return self::utc( $this->ending . '-07-01 00:00:00' );
	}

	/**
	 * Whether the year is over at a time.
	 *
	 * @param int|null $timestamp Unix time; now when null.
	 */
	public function has_ended( ?int $timestamp = null ): bool {
		return $this->ending < self::current( $timestamp )->ending;
	}

	/**
	 * A local midnight of the site as UTC.
	 *
	 * @param string $local Local time.
	 */
	private static function utc( string $local ): string {
		return ( new \DateTimeImmutable( $local, wp_timezone() ) )->setTimezone( new \DateTimeZone( 'UTC' ) )->format( 'Y-m-d H:i:s' );
	}
}
