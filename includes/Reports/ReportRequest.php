<?php
/**
 * What a report is asked for, validated.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Reports;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donations\LocalDays;

/**
 * A report's period (site days, both included), interval and grouping, read from a request's
 * parameters: every value checked, each refusal a sentence saying what is wrong.
 */
final class ReportRequest {

	/**
	 * Builds a request (use from_params()).
	 *
	 * @param string $from     First site day, Y-m-d.
	 * @param string $to       Last site day, Y-m-d.
	 * @param string $interval day, week or month.
	 * @param string $group    A key of ReportQuery::GROUPS.
	 */
	private function __construct( public readonly string $from, public readonly string $to, public readonly string $interval, public readonly string $group ) {
	}

	/**
	 * A request from parameters, or the reason it cannot be one.
	 *
	 * @param array<string, mixed> $params from, to, interval (default month), group (default period).
	 * @return self|\WP_Error A 400 error naming the parameter.
	 */
	public static function from_params( array $params ): self|\WP_Error {
		$values = array();
		foreach ( array(
			'from'     => null,
			'to'       => null,
			'interval' => 'month',
			'group'    => 'period',
		) as $name => $default ) {
			$value = $params[ $name ] ?? $default;
			if ( null === $value || '' === $value ) {
				/* translators: %s: a parameter name, such as from. */
				return self::error( sprintf( __( 'The parameter %s is required.', 'donation-widget' ), $name ) );
			}
			if ( ! is_string( $value ) ) {
				/* translators: %s: a parameter name, such as from. */
				return self::error( sprintf( __( 'The parameter %s must be text.', 'donation-widget' ), $name ) );
			}
			$values[ $name ] = $value;
		}
		foreach ( array( 'from', 'to' ) as $name ) {
			if ( LocalDays::is_written_as_day( $values[ $name ] ) && ! LocalDays::is_day( $values[ $name ] ) ) {
				/* translators: 1: a parameter name, such as from; 2: the value given, such as 2026-02-30. */
				return self::error( sprintf( __( 'The parameter %1$s is not a day of the calendar (got "%2$s"): check the day and the month.', 'donation-widget' ), $name, $values[ $name ] ) );
			}
			if ( ! LocalDays::is_day( $values[ $name ] ) ) {
				/* translators: 1: a parameter name, such as from; 2: the value given. */
				return self::error( sprintf( __( 'The parameter %1$s must be a date written YYYY-MM-DD (got "%2$s").', 'donation-widget' ), $name, sanitize_text_field( $values[ $name ] ) ) );
			}
		}
		if ( $values['from'] > $values['to'] ) {
			return self::error( __( 'The period ends before it starts: "to" must be on or after "from".', 'donation-widget' ) );
		}
		$days = (int) round( ( strtotime( $values['to'] . ' UTC' ) - strtotime( $values['from'] . ' UTC' ) ) / DAY_IN_SECONDS ) + 1;
		if ( $days > ReportQuery::MAX_DAYS ) {
			/* translators: %d: most days. */
			return self::error( sprintf( __( 'The period is too long: a report covers at most %d days.', 'donation-widget' ), ReportQuery::MAX_DAYS ) );
		}
		if ( ! in_array( $values['interval'], ReportQuery::INTERVALS, true ) ) {
			/* translators: %s: the allowed values. */
			return self::error( sprintf( __( 'The parameter interval must be one of: %s.', 'donation-widget' ), implode( ', ', ReportQuery::INTERVALS ) ) );
		}
		if ( ! array_key_exists( $values['group'], ReportQuery::GROUPS ) ) {
			/* translators: %s: the allowed values. */
			return self::error( sprintf( __( 'The parameter group must be one of: %s.', 'donation-widget' ), implode( ', ', array_keys( ReportQuery::GROUPS ) ) ) );
		}
		return new self( $values['from'], $values['to'], $values['interval'], $values['group'] );
	}

	/**
	 * The parameters that ask for this report again (for the CSV link).
	 *
	 * @return array{from: string, to: string, interval: string, group: string}
	 */
	public function params(): array {
		return array(
			'from'     => $this->from,
			'to'       => $this->to,
			'interval' => $this->interval,
			'group'    => $this->group,
		);
	}

	/**
	 * A refusal.
	 *
	 * @param string $message What is wrong.
	 */
	private static function error( string $message ): \WP_Error {
		return new \WP_Error( 'donation_widget_report_invalid', $message, array( 'status' => 400 ) );
	}
}
