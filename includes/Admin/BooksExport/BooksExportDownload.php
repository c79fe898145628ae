<?php
/**
 * The accounting export's download (admin-post.php).
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\BooksExport;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Admin\Donations\DonationExport;
use DonationWidget\Admin\Donations\DonationsCapability;
use DonationWidget\Books\Export\AccountingFormat;
use DonationWidget\Books\Export\ExportRefused;
use DonationWidget\Books\Export\PayoutLines;
use DonationWidget\Exports\CsvText;

/**
 * The admin-post.php action donation_widget_books_export, given payout=po_… (a link) or
 * from/to (a form), and format=xero|myob: the deposit(s) as a CSV file the accounting package imports.
 * Anything it cannot answer with a file that adds up is refused with a status and words the
 * treasurer can act on, never a 200 and never a half-written file.
 */
final class BooksExportDownload {

	public const ACTION = 'donation_widget_books_export';

	/**
	 * Format name => layout.
	 *
	 * @var array<string, AccountingFormat>
	 */
	private array $formats = array();

	/**
	 * Builds the download.
	 *
	 * @param PayoutLines      $lines   The deposits' lines.
	 * @param AccountingFormat ...$formats The file layouts, by name.
	 */
	public function __construct( private readonly PayoutLines $lines, AccountingFormat ...$formats ) {
		foreach ( $formats as $format ) {
			$this->formats[ $format->name() ] = $format;
		}
	}

	/**
	 * The link to one deposit's file (not yet escaped).
	 *
	 * @param string $payout_id The provider's payout id.
	 * @param string $format    xero or myob.
	 */
	public static function url( string $payout_id, string $format ): string {
		return add_query_arg(
			array(
				'action'   => self::ACTION,
				'payout'   => rawurlencode( $payout_id ),
				'format'   => $format,
				'_wpnonce' => wp_create_nonce( self::ACTION ),
			),
			admin_url( 'admin-post.php' )
		);
	}

	/**
	 * The admin-post.php handler: checks the nonce and capability, reads the request, then sends
	 * the file. admin-post.php ends the request after it.
	 *
	 * @throws ExportRefused Never past here: each refusal ends the request with its status.
	 */
	public function handle(): void {
		check_admin_referer( self::ACTION );
		if ( ! DonationsCapability::current_user_can() ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to export the books.', 'donation-widget' ), '', array( 'response' => 403 ) );
		}
		$request = wp_unslash( $_REQUEST ); // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- checked above by check_admin_referer().
		$read    = static fn ( string $key ): string => isset( $request[ $key ] ) && is_string( $request[ $key ] ) ? trim( sanitize_text_field( $request[ $key ] ) ) : '';
		$format  = $this->formats[ $read( 'format' ) ] ?? null;
		if ( null === $format ) {
			wp_die( esc_html__( 'Choose a format the export knows: Xero or MYOB.', 'donation-widget' ), '', array( 'response' => 400 ) );
		}
		$payout = $read( 'payout' );
		try {
			if ( '' !== $payout ) {
				$lines    = $this->lines->of_payout( $payout );
				$filename = $format->name() . '-' . $payout . '.csv';
			} elseif ( '' !== $read( 'from' ) || '' !== $read( 'to' ) ) {
				$lines    = $this->lines->of_range( $read( 'from' ), $read( 'to' ) );
				$filename = $format->name() . '-' . $read( 'from' ) . '-to-' . $read( 'to' ) . '.csv';
			} else {
				throw new ExportRefused( esc_html__( 'Choose a deposit on the Payouts screen, or enter a date range, to export.', 'donation-widget' ), 400 );
			}
		} catch ( ExportRefused $refused ) {
			self::refuse( $refused );
		}
		// Text cells defused; the amounts (-12.30) stay numbers for the accounting package.
		$rows = array_map(
			static fn ( array $cells ): array => array_map( array( DonationExport::class, 'safe_cell' ), $cells ),
			array_merge( array( $format->header() ), $format->rows( $lines ) )
		);
		$csv  = CsvText::of( $rows );
		if ( ! headers_sent() ) {
			nocache_headers();
			header( 'Content-Type: text/csv; charset=utf-8' );
			header( 'Content-Disposition: attachment; filename="' . sanitize_file_name( $filename ) . '"' );
			header( 'Content-Length: ' . strlen( $csv ) );
			header( 'X-Content-Type-Options: nosniff' );
		}
		echo $csv; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- a CSV file, not HTML: every text cell is defused for spreadsheets by DonationExport::safe_cell().
	}

	/**
	 * Ends the request with a refusal's words and status: 400, 404 or 409, never a 500.
	 *
	 * @param ExportRefused $refused The refusal.
	 */
	private static function refuse( ExportRefused $refused ): never {
		$title = esc_html__( 'Accounting export', 'donation-widget' );
		if ( 400 === $refused->getCode() ) {
			wp_die( esc_html( $refused->getMessage() ), esc_html( $title ), array( 'response' => 400 ) );
		}
		if ( 404 === $refused->getCode() ) {
			wp_die( esc_html( $refused->getMessage() ), esc_html( $title ), array( 'response' => 404 ) );
		}
		wp_die( esc_html( $refused->getMessage() ), esc_html( $title ), array( 'response' => 409 ) );
	}

}
