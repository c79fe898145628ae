<?php
/**
 * CSV export of the filtered donations.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Donations;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Admin\Books\DonationBooksSections;
use DonationWidget\Donations\Donation;
use DonationWidget\Donations\GiftFigures;
use DonationWidget\Donations\Money;
use DonationWidget\Exports\CsvText;
use DonationWidget\Exports\SpreadsheetCell;
use DonationWidget\Receipts\DonationFormat;
use DonationWidget\Receipts\ReceiptNumber;
use DonationWidget\Settings\Settings;

/**
 * The CSV of the donations list for Excel: UTF-8 with a byte-order mark, a header row, one line
 * per donation, and every cell that a spreadsheet would read as a formula defused. The file is
 * built in batches by the background export (Export\ExportWorker), which stores each batch's
 * lines; this class is the one place that decides what a line says.
 */
final class DonationExport {

	/**
	 * Builds the export.
	 *
	 * @param Settings $settings The receipt number prefix.
	 */
	public function __construct( private readonly Settings $settings ) {
	}

	/**
	 * The start of the file: the byte-order mark (so Excel reads UTF-8) and the header row.
	 */
	public function preamble(): string {
		return "\xEF\xBB\xBF" . $this->csv( array( array_values( $this->columns() ) ) );
	}

	/**
	 * The lines of some donations, in the order given.
	 *
	 * @param Donation[] $donations Donations.
	 */
	public function lines( array $donations ): string {
		return $this->csv( array_map( array( $this, 'row' ), $donations ) );
	}

	/**
	 * CSV lines, every cell defused (a donor typed most of them).
	 *
	 * @param array<int, array<int, string>> $rows Rows of cells.
	 */
	private function csv( array $rows ): string {
		return CsvText::of( array_map( static fn ( array $cells ): array => array_map( array( self::class, 'safe_cell' ), $cells ), $rows ) );
	}

	/**
	 * Column key => heading, in file order.
	 *
	 * @return array<string, string>
	 */
	public function columns(): array {
		return array(
			'receipt_number'     => __( 'Receipt number', 'donation-widget' ),
			'id'                 => __( 'Donation ID', 'donation-widget' ),
			'date'               => __( 'Date', 'donation-widget' ),
			'status'             => __( 'Status', 'donation-widget' ),
			'frequency'          => __( 'Frequency', 'donation-widget' ),
			'method'             => __( 'Payment method', 'donation-widget' ),
			'amount'             => __( 'Amount', 'donation-widget' ),
			'cover'              => __( 'Fundraising cost cover', 'donation-widget' ),
			'total'              => __( 'Total', 'donation-widget' ),
			'refunded'           => __( 'Refunded', 'donation-widget' ),
			'fee'                => __( 'Provider fee', 'donation-widget' ),
			'net'                => __( 'Net received', 'donation-widget' ),
			'dispute_lost'       => __( 'Lost to dispute', 'donation-widget' ),
			'currency'           => __( 'Currency', 'donation-widget' ),
			'donate_as'          => __( 'Donated as', 'donation-widget' ),
			'organisation_name'  => __( 'Organisation', 'donation-widget' ),
			'first_name'         => __( 'First name', 'donation-widget' ),
			'last_name'          => __( 'Last name', 'donation-widget' ),
			'email'              => __( 'Email', 'donation-widget' ),
			'mobile'             => __( 'Mobile', 'donation-widget' ),
			'address_line1'      => __( 'Address line 1', 'donation-widget' ),
			'address_line2'      => __( 'Address line 2', 'donation-widget' ),
			'city'               => __( 'City', 'donation-widget' ),
			'state'              => __( 'State', 'donation-widget' ),
			'postcode'           => __( 'Postcode', 'donation-widget' ),
			'country'            => __( 'Country', 'donation-widget' ),
			'in_memory_of'       => __( 'In honour of', 'donation-widget' ),
			'iteration_id'       => __( 'Iteration ID', 'donation-widget' ),
			'utm_campaign'       => __( 'UTM campaign', 'donation-widget' ),
			'utm_source'         => __( 'UTM source', 'donation-widget' ),
			'utm_medium'         => __( 'UTM medium', 'donation-widget' ),
			'utm_content'        => __( 'UTM content', 'donation-widget' ),
			'utm_term'           => __( 'UTM term', 'donation-widget' ),
			'provider'           => __( 'Provider', 'donation-widget' ),
			'provider_reference' => __( 'Charge or capture ID', 'donation-widget' ),
			'payment_intent_id'  => __( 'Payment intent', 'donation-widget' ),
			'customer_id'        => __( 'Customer', 'donation-widget' ),
			'subscription_id'    => __( 'Subscription', 'donation-widget' ),
			'failure_reason'     => __( 'Failure reason', 'donation-widget' ),
			'review'             => __( 'Review', 'donation-widget' ),
			'page_url'           => __( 'Page URL', 'donation-widget' ),
			'attempt_id'         => __( 'Attempt ID', 'donation-widget' ),
			'updated'            => __( 'Last updated', 'donation-widget' ),
		);
	}

	/**
	 * One donation's cells, in column order.
	 *
	 * @param Donation $donation The donation.
	 * @return list<string>
	 */
	private function row( Donation $donation ): array {
		$computed = array(
			// The number the receipt was sent with; money not received has none.
			'receipt_number' => ReceiptNumber::shown( $donation, $this->settings->string( 'receipt_number_prefix' ) ),
			'id'             => (string) $donation->id(),
			'date'           => DonationFormat::date( $donation->value( 'created_at' ), 'Y-m-d H:i:s' ),
			'status'         => DonationBooksSections::standing( $donation ),
			'donate_as'      => 'organisation' === $donation->value( 'donate_as' ) ? __( 'Organisation', 'donation-widget' ) : __( 'Individual', 'donation-widget' ),
			'frequency'      => DonationFormat::frequency( $donation->frequency() ),
			'method'         => DonationFormat::method( $donation->method() ),
			'amount'         => Money::dollars( (int) $donation->value( 'amount_cents' ) ),
			'cover'          => Money::dollars( (int) $donation->value( 'cover_cents' ) ),
			'total'          => Money::dollars( $donation->total_cents() ),
			'refunded'       => Money::dollars( $donation->refunded_cents() ),
			// Blank until the provider has reported its fee (and so the net).
			// Fees and net as every screen counts them (GiftFigures: dispute fees, refunds and lost
			// disputes included).
			'fee'            => null !== $donation->fee_cents() ? Money::dollars( GiftFigures::of( $donation )->fee_cents ) : '',
			'net'            => null !== $donation->fee_cents() ? Money::dollars( GiftFigures::of( $donation )->net_cents() ) : '',
			'dispute_lost'   => Money::dollars( $donation->dispute_lost_cents() ),
			'updated'        => DonationFormat::date( $donation->value( 'updated_at' ), 'Y-m-d H:i:s' ),
			'review'         => ReviewReason::label( $donation->review_reason() ),
		);
		$cells    = array();
		foreach ( array_keys( $this->columns() ) as $key ) {
			$cells[] = $computed[ $key ] ?? $donation->value( $key );
		}
		return $cells;
	}

	/**
	 * A cell a spreadsheet will show as text: one starting like a formula gets a leading
	 * apostrophe (OWASP's advice for CSV injection). An amount going out (-12.30) is only a
	 * number, never a formula: it stays as it is, so it still imports as an amount.
	 *
	 * @param string $cell Cell text.
	 */
	public static function safe_cell( string $cell ): string {
		return SpreadsheetCell::safe( $cell );
	}

	/**
	 * The download's file name, such as donations-2026-11-22.csv.
	 *
	 * @param int $timestamp When the export was started (Unix time).
	 */
	public static function filename( int $timestamp ): string {
		return 'donations-' . wp_date( 'Y-m-d', $timestamp ) . '.csv';
	}
}
