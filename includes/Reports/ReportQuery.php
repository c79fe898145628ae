<?php
/**
 * A report: the figures of a period, by day, week or month, or by what the donations came by.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Reports;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;
use DonationWidget\Donations\DonationForm;
use DonationWidget\Donations\GiftFigures;
use DonationWidget\Donations\RecurringMovements;
use DonationWidget\Receipts\DonationFormat;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the figures are kept on write and read fresh; the only interpolated names are the plugin's own table and a column from the fixed GROUPS list, every value is a placeholder of $wpdb->prepare().

/**
 * Reads report_totals (never the donations): one key range of the site days asked for, summed
 * by day in SQL and into weeks or months here, or summed by a column. Every figure is in cents,
 * as Donations\GiftFigures defines it: fees include dispute fees, kept = gross − refunded − lost
 * disputes, net = kept − fees.
 */
final class ReportQuery {

	public const INTERVALS = array( 'day', 'week', 'month' );

	/**
	 * What a report may group by, and the report_totals column of each ('' = by period).
	 */
	public const GROUPS = array(
		'period'       => '',
		'campaign'     => 'iteration_id',
		'utm_source'   => 'utm_source',
		'utm_campaign' => 'utm_campaign',
		'method'       => 'method',
		'frequency'    => 'frequency',
	);

	/**
	 * The longest period a report covers, in days (ten years and leap days).
	 */
	public const MAX_DAYS = 3660;

	/**
	 * Builds the query.
	 *
	 * @param RecurringMovements $movements The 4-weekly donors' movements.
	 */
	public function __construct( private readonly RecurringMovements $movements = new RecurringMovements() ) {
	}

	/**
	 * A report (arguments already validated by ReportRequest).
	 *
	 * @param ReportRequest $request Period, interval and grouping.
	 * @return array{currency: string, from: string, to: string, interval: string, group: string, rows: list<array<string, int|string>>, totals: array<string, int>, recurring: array{active: int, new: int, cancelled: int, failed: int, recovered: int}}
	 */
	public function report( ReportRequest $request ): array {
		$rows   = 'period' === $request->group ? $this->by_period( $request ) : $this->by_column( $request );
		$totals = self::figures( array() );
		foreach ( $rows as $row ) {
			foreach ( array( 'donations', 'gross_cents', 'refunded_cents', 'fee_cents', 'dispute_lost_cents', 'cover_cents' ) as $figure ) {
				$totals[ $figure ] += (int) $row[ $figure ];
			}
		}
		return array(
			'currency'  => DonationForm::CURRENCY,
			'from'      => $request->from,
			'to'        => $request->to,
			'interval'  => $request->interval,
			'group'     => $request->group,
			'rows'      => $rows,
			'totals'    => self::figures( $totals ),
			'recurring' => $this->movements->counts( $request->from, $request->to ),
		);
	}

	/**
	 * The figures of some site days (the dashboard's month), summed from report_days: one key
	 * range of at most a month's rows.
	 *
	 * @param string $from First site day, Y-m-d.
	 * @param string $to   Last site day, Y-m-d (included).
	 */
	public function period_figures( string $from, string $to ): GiftFigures {
		$request = ReportRequest::from_params(
			array(
				'from' => $from,
				'to'   => $to,
			)
		);
		if ( $request instanceof \WP_Error ) {
			return new GiftFigures();
		}
		$sums = self::figures( array() );
		foreach ( $this->sums( 'day', $request ) as $day ) {
			foreach ( $day as $figure => $cents ) {
				$sums[ $figure ] += $cents;
			}
		}
		return new GiftFigures( $sums['gross_cents'], $sums['fee_cents'], $sums['refunded_cents'], $sums['dispute_lost_cents'], $sums['donations'] );
	}

	/**
	 * Every day, week or month of the period (those without donations at zero), oldest first.
	 *
	 * @param ReportRequest $request The request.
	 * @return list<array<string, int|string>>
	 */
	private function by_period( ReportRequest $request ): array {
		$labels = array();
		$totals = array();
		$of_day = array();
		$week   = (int) get_option( 'start_of_week', 1 );
		$last   = (int) strtotime( $request->to . ' 00:00:00 UTC' );
		// Day by day on Unix days (no time zone: these are calendar days already).
		for ( $time = (int) strtotime( $request->from . ' 00:00:00 UTC' ); $time <= $last; $time += DAY_IN_SECONDS ) {
			$key                                = $this->period_key( $time, $request->interval, $week );
			$of_day[ gmdate( 'Y-m-d', $time ) ] = $key;
			if ( ! isset( $labels[ $key ] ) ) {
				$labels[ $key ] = $this->period_label( $key, $request->interval );
				$totals[ $key ] = array();
			}
		}
		foreach ( $this->sums( 'day', $request ) as $day => $sums ) {
			$key = $of_day[ $day ] ?? '';
			if ( isset( $totals[ $key ] ) ) {
				foreach ( $sums as $figure => $cents ) {
					$totals[ $key ][ $figure ] = ( $totals[ $key ][ $figure ] ?? 0 ) + $cents;
				}
			}
		}
		$rows = array();
		foreach ( $labels as $key => $label ) {
			$rows[] = array(
				'key'   => (string) $key,
				'label' => $label,
			) + self::figures( $totals[ $key ] );
		}
		return $rows;
	}

	/**
	 * One row per value of the grouped column, the largest gross first.
	 *
	 * @param ReportRequest $request The request.
	 * @return list<array<string, int|string>>
	 */
	private function by_column( ReportRequest $request ): array {
		$rows = array();
		foreach ( $this->sums( self::GROUPS[ $request->group ], $request ) as $value => $sums ) {
			$value  = (string) $value;
			$rows[] = array(
				'key'   => $value,
				'label' => $this->value_label( $value, $request->group ),
			) + self::figures( $sums );
		}
		usort(
			$rows,
			static fn ( array $a, array $b ): int => array( $b['gross_cents'], (string) $a['key'] ) <=> array( $a['gross_cents'], (string) $b['key'] )
		);
		return $rows;
	}

	/**
	 * The sums of the period's days by a column, in one query over the primary key's day range.
	 *
	 * @param string        $column  day or a column of GROUPS.
	 * @param ReportRequest $request The request.
	 * @return array<string, array{donations: int, gross_cents: int, refunded_cents: int, fee_cents: int, dispute_lost_cents: int, cover_cents: int}>
	 */
	private function sums( string $column, ReportRequest $request ): array {
		global $wpdb;
		// By day: each day's sums alone (report_days), else the detailed rows.
		$table = Schema::table( 'day' === $column ? 'report_days' : 'report_totals' );
		$sql   = "SELECT {$column} AS grouped, SUM(donations) AS donations, SUM(gross_cents) AS gross_cents, SUM(refunded_cents) AS refunded_cents,
				SUM(fee_cents) AS fee_cents, SUM(dispute_lost_cents) AS dispute_lost_cents, SUM(cover_cents) AS cover_cents
			FROM {$table} WHERE day >= %s AND day <= %s AND currency = %s GROUP BY {$column}";
		$rows  = $wpdb->get_results( $wpdb->prepare( $sql, $request->from, $request->to, DonationForm::CURRENCY ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, DonationWidgetDirectory.DB.InterpolatedSql -- $column is day or a column of the fixed GROUPS list; the rest placeholders.
		$sums  = array();
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$sums[ (string) $row['grouped'] ] = array(
				'donations'          => (int) $row['donations'],
				'gross_cents'        => (int) $row['gross_cents'],
				'refunded_cents'     => (int) $row['refunded_cents'],
				'fee_cents'          => (int) $row['fee_cents'],
				'dispute_lost_cents' => (int) $row['dispute_lost_cents'],
				'cover_cents'        => (int) $row['cover_cents'],
			);
		}
		return $sums;
	}

	/**
	 * The figures of a row in the contract's order, with net and average worked out.
	 *
	 * @param array<string, mixed> $sums Summed figures (missing ones are 0).
	 * @return array{donations: int, gross_cents: int, refunded_cents: int, fee_cents: int, dispute_lost_cents: int, net_cents: int, kept_cents: int, cover_cents: int, average_cents: int}
	 */
	public static function figures( array $sums ): array {
		$count = (int) ( $sums['donations'] ?? 0 );
		$gross = (int) ( $sums['gross_cents'] ?? 0 );
		$back  = (int) ( $sums['refunded_cents'] ?? 0 );
		$fees  = (int) ( $sums['fee_cents'] ?? 0 );
		$lost  = (int) ( $sums['dispute_lost_cents'] ?? 0 );
		// Net and kept as every other screen works them out.
		$gift = new GiftFigures( $gross, $fees, $back, $lost, $count );
		return array(
			'donations'          => $count,
			'gross_cents'        => $gross,
			'refunded_cents'     => $back,
			'fee_cents'          => $fees,
			'dispute_lost_cents' => $lost,
			'net_cents'          => $gift->net_cents(),
			'kept_cents'         => $gift->kept_cents(),
			'cover_cents'        => (int) ( $sums['cover_cents'] ?? 0 ),
			// The average gift in whole cents, halves rounded up, without a float.
			'average_cents'      => $count > 0 ? intdiv( 2 * $gross + $count, 2 * $count ) : 0,
		);
	}

	/**
	 * The period a day falls in: the day, the first day of its week (the site's first day of
	 * the week, Settings > General), or its month.
	 *
	 * @param int    $time     The day's midnight, UTC.
	 * @param string $interval day, week or month.
	 * @param int    $week     The first day of the week (0 = Sunday).
	 */
	private function period_key( int $time, string $interval, int $week ): string {
		if ( 'month' === $interval ) {
			return gmdate( 'Y-m', $time );
		}
		if ( 'week' === $interval ) {
			$back = ( (int) gmdate( 'w', $time ) - $week + 7 ) % 7;
			return gmdate( 'Y-m-d', $time - $back * DAY_IN_SECONDS );
		}
		return gmdate( 'Y-m-d', $time );
	}

	/**
	 * A period's label in the site's language: "3 Nov 2026", "Week of 3 Nov 2026", "July 2026".
	 *
	 * @param string $key      The period's key.
	 * @param string $interval day, week or month.
	 */
	private function period_label( string $key, string $interval ): string {
		$noon = date_create_immutable( ( 'month' === $interval ? $key . '-01' : $key ) . ' 12:00:00', wp_timezone() );
		$time = false === $noon ? time() : $noon->getTimestamp();
		if ( 'month' === $interval ) {
			return (string) wp_date( 'F Y', $time );
		}
		if ( 'week' === $interval ) {
			/* translators: %s: the first day of a week, such as 3 Nov 2026. */
			return sprintf( __( 'Week of %s', 'donation-widget' ), (string) wp_date( 'j M Y', $time ) );
		}
		return (string) wp_date( 'j M Y', $time );
	}

	/**
	 * A grouped value's label: '' is "(none)"; frequencies read as on the form, methods by the
	 * names the donation screens use ("Card", "Google Pay"), the stored value staying the key.
	 *
	 * @param string $value The value.
	 * @param string $group The grouping.
	 */
	private function value_label( string $value, string $group ): string {
		if ( '' === $value ) {
			return __( '(none)', 'donation-widget' );
		}
		if ( 'frequency' === $group ) {
			return DonationForm::FREQUENCY_FOUR_WEEKLY === $value ? __( 'Every 4 weeks', 'donation-widget' ) : __( 'One-off', 'donation-widget' );
		}
		if ( 'method' === $group ) {
			return DonationFormat::method( $value );
		}
		return $value;
	}
}
