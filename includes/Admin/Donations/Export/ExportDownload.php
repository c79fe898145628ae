<?php
/**
 * The file of a finished export.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Donations\Export;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Admin\Donations\DonationExport;
use DonationWidget\Admin\Donations\DonationsCapability;
use DonationWidget\Exports\ExportJobs;

/**
 * Sends an export's stored batches in order, one at a time (flat memory whatever its size),
 * to the staff member who started it, and only once the export is complete and its batches
 * hold exactly the rows and bytes it recorded. Anything else is refused with an error status
 * and words staff can act on, never a 200. Content-Length is the whole file's, so a download
 * cut short (a batch that can no longer be read) shows as failed in the browser, not as a file.
 */
final class ExportDownload {

	public const ACTION = 'donation_widget_download_export';

	/**
	 * Builds the download.
	 *
	 * @param ExportJobs $jobs The exports and their files.
	 */
	public function __construct( private readonly ExportJobs $jobs ) {
	}

	/**
	 * The nonce action of one export's download.
	 *
	 * @param int $id Export id.
	 */
	public static function nonce_action( int $id ): string {
		return self::ACTION . '_' . $id;
	}

	/**
	 * The download's URL (admin-post.php, with a nonce), not yet escaped.
	 *
	 * @param int $id Export id.
	 */
	public static function url( int $id ): string {
		return add_query_arg(
			array(
				'action'   => self::ACTION,
				'export'   => $id,
				'_wpnonce' => wp_create_nonce( self::nonce_action( $id ) ),
			),
			admin_url( 'admin-post.php' )
		);
	}

	/**
	 * The admin-post.php handler: checks the nonce, capability, owner and completeness, then
	 * sends the file. admin-post.php ends the request after it.
	 */
	public function handle(): void {
		$id = isset( $_GET['export'] ) ? absint( wp_unslash( $_GET['export'] ) ) : 0; // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- the nonce names the export, so it is checked just below.
		check_admin_referer( self::nonce_action( $id ) );
		if ( ! DonationsCapability::current_user_can() ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to export donations.', 'donation-widget' ), '', array( 'response' => 403 ) );
		}
		$job = $this->jobs->find( $id );
		if ( null === $job || get_current_user_id() !== $job->user_id ) {
			wp_die( esc_html__( 'This export was not found. Exports are kept for a day: start a new one from the Donations screen.', 'donation-widget' ), '', array( 'response' => 404 ) );
		}
		if ( $job->is_failed() ) {
			wp_die( esc_html__( 'This export failed, so it has no file. Start it again from the Donations screen.', 'donation-widget' ), '', array( 'response' => 409 ) );
		}
		if ( ! $job->is_complete() ) {
			wp_die( esc_html__( 'This export is not finished yet, so it cannot be downloaded. Its progress is on the Donations screen.', 'donation-widget' ), '', array( 'response' => 409 ) );
		}
		if ( ! $this->jobs->is_whole( $job ) ) {
			$this->jobs->fail( $job->id, null, __( 'Part of the stored file is missing.', 'donation-widget' ) );
			wp_die( esc_html__( 'Part of this export\'s file is missing, so it cannot be downloaded. Start it again from the Donations screen.', 'donation-widget' ), '', array( 'response' => 409 ) );
		}
		if ( ! headers_sent() ) {
			nocache_headers();
			header( 'Content-Type: text/csv; charset=utf-8' );
			header( 'Content-Disposition: attachment; filename="' . DonationExport::filename( (int) strtotime( $job->created_at . ' UTC' ) ) . '"' );
			header( 'Content-Length: ' . $job->bytes );
			header( 'X-Content-Type-Options: nosniff' );
		}
		for ( $seq = 0; $seq < $job->chunks; $seq++ ) {
			$csv = $this->jobs->chunk( $job->id, $seq );
			if ( null === $csv ) {
				// Too late for an error page: stopping short of Content-Length tells the browser.
				$this->jobs->fail( $job->id, null, __( 'Part of the stored file could not be read.', 'donation-widget' ) );
				return;
			}
			echo $csv; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- a CSV file, not HTML: every cell was defused for spreadsheets when it was written (DonationExport::safe_cell()).
			unset( $csv );
			flush();
		}
	}
}
