<?php
/**
 * How a donation's values read for people: donors on receipts, staff on the admin screens.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Receipts;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donations\DonationForm;
use DonationWidget\Donations\DonationStatus;

/**
 * Words and numbers for amounts, statuses, frequencies, payment methods and dates, in one place
 * so a receipt, the admin screens, the export and the privacy export never disagree.
 */
final class DonationFormat {

	/**
	 * An amount with a dollar sign, thousands separators and cents, such as "$1,052.50".
	 * Built from integer cents, never through a float.
	 *
	 * @param int $cents Cents.
	 */
	public static function money( int $cents ): string {
		return ( $cents < 0 ? '-' : '' ) . '$' . self::number( abs( $cents ) );
	}

	/**
	 * An amount as the widget shows it, for text that puts the "$" itself (docs/widget-contract.md#9-business-constants-and-limits): thousands
	 * separators, two decimals, a trailing ".00" dropped, such as "1,000,019.99" or "25".
	 *
	 * @param int $cents Cents, not negative.
	 */
	public static function dollars( int $cents ): string {
		$number = self::number( abs( $cents ) );
		return str_ends_with( $number, '.00' ) ? substr( $number, 0, -3 ) : $number;
	}

	/**
	 * "1,052.50": en-AU thousands separators and two decimals, from integer cents (never a float).
	 * Every amount the plugin shows a person goes through here.
	 *
	 * @param int $cents Cents, not negative.
	 */
	private static function number( int $cents ): string {
		return number_format( intdiv( $cents, 100 ), 0, '.', ',' ) . '.' . str_pad( (string) ( $cents % 100 ), 2, '0', STR_PAD_LEFT );
	}

	/**
	 * "Every 4 weeks" or "One-off".
	 *
	 * @param string $frequency DonationForm::FREQUENCY_FOUR_WEEKLY or FREQUENCY_ONE_OFF.
	 */
	public static function frequency( string $frequency ): string {
		if ( DonationForm::FREQUENCY_FOUR_WEEKLY === $frequency ) {
			return __( 'Every 4 weeks', 'donation-widget' );
		}
		if ( DonationForm::FREQUENCY_ONE_OFF === $frequency ) {
			return __( 'One-off', 'donation-widget' );
		}
		return $frequency;
	}

	/**
	 * Frequency => label.
	 *
	 * @return array<string, string>
	 */
	public static function frequencies(): array {
		return array(
			DonationForm::FREQUENCY_FOUR_WEEKLY => self::frequency( DonationForm::FREQUENCY_FOUR_WEEKLY ),
			DonationForm::FREQUENCY_ONE_OFF     => self::frequency( DonationForm::FREQUENCY_ONE_OFF ),
		);
	}

	/**
	 * Status => label, in the order a donation moves through them.
	 *
	 * @return array<string, string>
	 */
	public static function statuses(): array {
		return array(
			DonationStatus::PENDING            => __( 'Pending', 'donation-widget' ),
			DonationStatus::REQUIRES_ACTION    => __( 'Awaiting bank check', 'donation-widget' ),
			DonationStatus::SUCCEEDED          => __( 'Succeeded', 'donation-widget' ),
			DonationStatus::FAILED             => __( 'Failed', 'donation-widget' ),
			DonationStatus::PARTIALLY_REFUNDED => __( 'Partly refunded', 'donation-widget' ),
			DonationStatus::REFUNDED           => __( 'Refunded', 'donation-widget' ),
			DonationStatus::ABANDONED          => __( 'Abandoned', 'donation-widget' ),
			DonationStatus::REVIEW             => __( 'Needs review', 'donation-widget' ),
			DonationStatus::VOID               => __( 'Void', 'donation-widget' ),
		);
	}

	/**
	 * One status's label.
	 *
	 * @param string $status Stored status.
	 */
	public static function status( string $status ): string {
		return self::statuses()[ $status ] ?? $status;
	}

	/**
	 * The payment method's name, such as "Card" or "Google Pay".
	 *
	 * @param string $method Stored method, such as card, google_pay or au_becs_debit.
	 */
	public static function method( string $method ): string {
		/**
		 * The name of a stored payment method; the gateways name theirs (see Checkout).
		 *
		 * @param string $name   '' until a gateway names it.
		 * @param string $method The stored method.
		 */
		$name = apply_filters( 'donation_widget_payment_method_name', '', $method );
		if ( is_string( $name ) && '' !== $name ) {
			return $name;
		}
		return '' === $method ? '' : ucfirst( str_replace( '_', ' ', $method ) );
	}

	/**
	 * A stored UTC time in the site's time zone and date format.
	 *
	 * @param string $utc    MySQL datetime in UTC, as the tables keep it.
	 * @param string $format PHP date format; '' for the site's date format.
	 */
	public static function date( string $utc, string $format = '' ): string {
		$timestamp = strtotime( $utc . ' UTC' );
		if ( '' === $utc || false === $timestamp ) {
			return '';
		}
		$format = '' !== $format ? $format : (string) get_option( 'date_format', 'j F Y' );
		return (string) wp_date( $format, $timestamp );
	}

	/**
	 * A stored UTC time with the site's date and time formats.
	 *
	 * @param string $utc MySQL datetime in UTC.
	 */
	public static function date_time( string $utc ): string {
		return self::date( $utc, get_option( 'date_format', 'j F Y' ) . ' ' . get_option( 'time_format', 'g:i a' ) );
	}

	/**
	 * A Unix time with the site's date and time formats, in the site's time zone.
	 *
	 * @param int $timestamp Unix time.
	 */
	public static function date_time_at( int $timestamp ): string {
		return (string) wp_date( get_option( 'date_format', 'j F Y' ) . ' ' . get_option( 'time_format', 'g:i a' ), $timestamp );
	}
}
