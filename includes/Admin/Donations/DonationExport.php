<?php
/**
 * CSV export of the filtered donations.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Donations;

use DonationWidget\Donations\Donation;
use DonationWidget\Donations\Money;
use DonationWidget\Receipts\DonationFormat;
use DonationWidget\Receipts\ReceiptNumber;
use DonationWidget\Settings\Settings;

/**
 * Streams the donations that match the list's filters as a CSV file for Excel: UTF-8 with a
 * byte-order mark, written in batches straight to the response so memory stays flat however
 * many rows there are, and with every cell that a spreadsheet would read as a formula defused.
 */
final class DonationExport {

	public const ACTION = 'donation_widget_export_donations';

	/**
	 * Characters that make a spreadsheet cell a formula (or that Excel strips before deciding).
	 */
	private const FORMULA_STARTS = array( '=', '+', '-', '@', "\t", "\r" );

	/**
	 * Builds the export.
	 *
	 * @param DonationQuery $query    Reads the donations in batches.
	 * @param Settings      $settings The receipt number prefix.
	 */
	public function __construct( private readonly DonationQuery $query, private readonly Settings $settings ) {
	}

	/**
	 * The URL of the export of a filtered list (admin-post.php, with a nonce), not yet escaped.
	 *
	 * @param DonationFilters $filters The list's filters.
	 */
	public static function url( DonationFilters $filters ): string {
		$args = array( 'action' => self::ACTION ) + $filters->query_args() + array( '_wpnonce' => wp_create_nonce( self::ACTION ) );
		return add_query_arg( array_map( 'rawurlencode', $args ), admin_url( 'admin-post.php' ) );
	}

	/**
	 * The admin-post.php handler: checks the nonce and capability, then sends the file.
	 * admin-post.php ends the request after it.
	 */
	public function handle(): void {
		check_admin_referer( self::ACTION );
		if ( ! DonationsCapability::current_user_can() ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to export donations.', 'donation-widget' ), '', array( 'response' => 403 ) );
		}
		$filters = DonationFilters::from_request( wp_unslash( $_GET ) ); // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- checked above by check_admin_referer().
		if ( ! headers_sent() ) {
			nocache_headers();
			header( 'Content-Type: text/csv; charset=utf-8' );
			header( 'Content-Disposition: attachment; filename="' . $this->filename() . '"' );
			header( 'X-Content-Type-Options: nosniff' );
		}
		$output = fopen( 'php://output', 'wb' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fopen -- streaming to the response, not a file.
		if ( false === $output ) {
			return;
		}
		$this->write( $filters, $output );
		fclose( $output ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fclose -- streaming to the response, not a file.
	}

	/**
	 * Writes the CSV: the byte-order mark, the header row, then every matching donation, one
	 * batch at a time, flushing after each.
	 *
	 * @param DonationFilters $filters The list's filters.
	 * @param resource        $output  Where to write.
	 * @return int Rows written, without the header.
	 */
	public function write( DonationFilters $filters, $output ): int {
		fwrite( $output, "\xEF\xBB\xBF" ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fwrite -- streaming to the response, not a file.
		$this->put( $output, array_values( $this->columns() ) );
		$written = 0;
		$after   = 0;
		do {
			$batch = $this->query->batch_after( $filters, $after, DonationQuery::BATCH_SIZE );
			$read  = count( $batch );
			foreach ( $batch as $donation ) {
				$this->put( $output, $this->row( $donation ) );
				$after = $donation->id();
				++$written;
			}
			// Let this batch go before the next is read, so only one is ever held.
			unset( $batch );
			fflush( $output );
			flush();
		} while ( DonationQuery::BATCH_SIZE === $read );
		return $written;
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
			'status'         => DonationFormat::status( $donation->status() ),
			'donate_as'      => 'organisation' === $donation->value( 'donate_as' ) ? __( 'Organisation', 'donation-widget' ) : __( 'Individual', 'donation-widget' ),
			'frequency'      => DonationFormat::frequency( $donation->frequency() ),
			'method'         => DonationFormat::method( $donation->method() ),
			'amount'         => Money::dollars( (int) $donation->value( 'amount_cents' ) ),
			'cover'          => Money::dollars( (int) $donation->value( 'cover_cents' ) ),
			'total'          => Money::dollars( $donation->total_cents() ),
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
	 * Writes one CSV line, each cell defused.
	 *
	 * @param resource $output Where to write.
	 * @param string[] $cells  Cells.
	 */
	private function put( $output, array $cells ): void {
		fputcsv( $output, array_map( array( self::class, 'safe_cell' ), $cells ), ',', '"', '' );
	}

	/**
	 * A cell a spreadsheet will show as text: one starting like a formula gets a leading
	 * apostrophe (OWASP's advice for CSV injection).
	 *
	 * @param string $cell Cell text.
	 */
	public static function safe_cell( string $cell ): string {
		return '' !== $cell && in_array( $cell[0], self::FORMULA_STARTS, true ) ? "'" . $cell : $cell;
	}

	/**
	 * The download's file name, such as donations-2026-11-22.csv.
	 */
	private function filename(): string {
		return 'donations-' . wp_date( 'Y-m-d' ) . '.csv';
	}
}
