<?php
/**
 * The export control and progress on the Donations screen.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Donations\Export;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Admin\Donations\DonationFilters;
use DonationWidget\Admin\Donations\DonationsCapability;
use DonationWidget\Admin\Donations\DonationsPage;
use DonationWidget\Blocks\Assets;
use DonationWidget\Exports\ExportJob;
use DonationWidget\Exports\ExportJobs;

/**
 * "Export CSV" posts the list's filters, as shown, to start a background export, and brings
 * staff back to the list with its progress: a labelled progress bar and a polite live region
 * kept up to date by the donation-export script, then "Download CSV" once every batch is
 * written, or the reason it failed and a way to start again. Without JavaScript the export
 * still runs (WP-Cron) and reloading the page shows how far it got.
 */
final class ExportPanel {

	public const START_ACTION = 'donation_widget_start_export';

	/**
	 * The id of the form "Export CSV" submits (the button sits in the list's own form).
	 */
	public const START_FORM = 'donation-widget-export-start';

	public const SCRIPT_HANDLE = Assets::ADMIN_DONATION_EXPORT_HANDLE;

	/**
	 * Builds the panel.
	 *
	 * @param ExportWorker $worker Starts exports.
	 * @param ExportJobs   $jobs   Reads them.
	 */
	public function __construct( private readonly ExportWorker $worker, private readonly ExportJobs $jobs ) {
	}

	/**
	 * The "Export CSV" button, for the list's table navigation (escaped HTML).
	 */
	public static function button(): string {
		return sprintf(
			'<button type="submit" class="button" form="%s">%s</button>',
			esc_attr( self::START_FORM ),
			esc_html__( 'Export CSV', 'donation-widget' )
		);
	}

	/**
	 * Prints the start form of the list as shown and, when the screen was opened for an export
	 * (?export=ID, the current user's), its progress.
	 *
	 * @param DonationFilters $filters The list's filters.
	 */
	public function render( DonationFilters $filters ): void {
		$this->start_form( $filters, self::START_FORM, '' );
		$id  = isset( $_GET['export'] ) ? absint( wp_unslash( $_GET['export'] ) ) : 0; // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- viewing changes nothing; the export is shown only to the user who started it.
		$job = $id > 0 ? $this->jobs->find( $id ) : null;
		if ( null === $job || get_current_user_id() !== $job->user_id ) {
			if ( $id > 0 ) {
				printf( '<div class="notice notice-warning inline"><p>%s</p></div>', esc_html__( 'This export was not found. Exports are kept for a day: start a new one with Export CSV.', 'donation-widget' ) );
			}
			return;
		}
		$this->progress_panel( $job );
	}

	/**
	 * What staff are told about an export, for the panel and the progress requests.
	 *
	 * @param ExportJob $job The export.
	 * @return array{id: int, status: string, rows_total: int, rows_done: int, label: string, error: string, download_url: string}
	 */
	public static function progress( ExportJob $job ): array {
		$total = max( $job->rows_total, $job->rows_done );
		if ( $job->is_complete() ) {
			/* translators: %s: number of donations, such as 40,000. */
			$label = sprintf( _n( 'Export complete: %s donation.', 'Export complete: %s donations.', $job->rows_done, 'donation-widget' ), number_format_i18n( $job->rows_done ) );
		} elseif ( $job->is_failed() ) {
			$label = __( 'The export failed, so there is no file to download.', 'donation-widget' );
		} else {
			/* translators: 1: donations written so far, such as 12,000; 2: donations to write, such as 40,000. */
			$label = sprintf( __( 'Exporting donations: %1$s of %2$s', 'donation-widget' ), number_format_i18n( $job->rows_done ), number_format_i18n( $total ) );
		}
		return array(
			'id'           => $job->id,
			'status'       => $job->status,
			'rows_total'   => $total,
			'rows_done'    => $job->rows_done,
			'label'        => $label,
			'error'        => $job->error,
			'download_url' => $job->is_complete() ? ExportDownload::url( $job->id ) : '',
		);
	}

	/**
	 * The admin-post.php handler of "Export CSV": checks the nonce and capability, starts the
	 * export and returns to the list, which shows its progress.
	 */
	public function handle_start(): void {
		check_admin_referer( self::START_ACTION );
		if ( ! DonationsCapability::current_user_can() ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to export donations.', 'donation-widget' ), '', array( 'response' => 403 ) );
		}
		$filters = DonationFilters::from_request( wp_unslash( $_POST ) ); // phpcs:ignore WordPress.Security.NonceVerification.Missing -- checked above by check_admin_referer().
		$id      = $this->worker->start( get_current_user_id(), $filters );
		if ( 0 === $id ) {
			wp_die( esc_html__( 'The export could not be started. Please try again.', 'donation-widget' ), '', array( 'response' => 503 ) );
		}
		wp_safe_redirect( DonationsPage::list_url( $filters->query_args() + array( 'export' => (string) $id ) ) );
		exit;
	}

	/**
	 * A form that starts an export of some filters.
	 *
	 * @param DonationFilters $filters The filters.
	 * @param string          $id      The form's id.
	 * @param string          $button  A visible submit button's text, or '' for none.
	 */
	private function start_form( DonationFilters $filters, string $id, string $button ): void {
		printf( '<form id="%s" method="post" action="%s">', esc_attr( $id ), esc_url( admin_url( 'admin-post.php' ) ) );
		printf( '<input type="hidden" name="action" value="%s" />', esc_attr( self::START_ACTION ) );
		wp_nonce_field( self::START_ACTION, '_wpnonce', false );
		foreach ( $filters->query_args() as $name => $value ) {
			printf( '<input type="hidden" name="%s" value="%s" />', esc_attr( $name ), esc_attr( $value ) );
		}
		if ( '' !== $button ) {
			printf( '<p><button type="submit" class="button">%s</button></p>', esc_html( $button ) );
		}
		echo '</form>';
	}

	/**
	 * The progress of one export, in the state it is in now; the script takes it from there.
	 *
	 * @param ExportJob $job The export.
	 */
	private function progress_panel( ExportJob $job ): void {
		$progress = self::progress( $job );
		$notice   = $job->is_complete() ? 'notice-success' : ( $job->is_failed() ? 'notice-error' : 'notice-info' );
		printf(
			'<div class="notice %1$s inline donation-widget-export" data-export="%2$d" data-status="%3$s" data-path="%4$s" data-unreachable="%5$s" data-started="%6$s">',
			esc_attr( $notice ),
			(int) $job->id,
			esc_attr( $job->status ),
			esc_attr( ExportRestController::batch_path( $job->id ) ),
			esc_attr__( 'The export\'s progress could not be read. It goes on in the background: reload this page to check on it.', 'donation-widget' ),
			esc_attr__( 'Export started.', 'donation-widget' )
		);
		printf( '<p><label for="donation-widget-export-progress" class="donation-widget-export-label">%s</label></p>', esc_html( $progress['label'] ) );
		// A finished bar is full even when fewer rows matched at the end than at the start.
		$max   = max( 1, $progress['rows_total'] );
		$value = $job->is_complete() ? $max : $progress['rows_done'];
		printf(
			'<p%4$s><progress id="donation-widget-export-progress" max="%1$s" value="%2$s">%3$s</progress></p>',
			esc_attr( (string) $max ),
			esc_attr( (string) $value ),
			esc_html( number_format_i18n( $progress['rows_done'] ) ),
			'failed' === $progress['status'] ? ' hidden="hidden"' : ''
		);
		printf( '<p class="donation-widget-export-error"%2$s>%1$s</p>', esc_html( $job->error ), '' === $job->error ? ' hidden="hidden"' : '' );
		echo '<p class="donation-widget-export-status" role="status" aria-live="polite"></p>';
		printf(
			'<p class="donation-widget-export-download"%3$s><a class="button button-primary" href="%1$s">%2$s</a></p>',
			esc_url( ExportDownload::url( $job->id ) ),
			esc_html__( 'Download CSV', 'donation-widget' ),
			$job->is_complete() ? '' : ' hidden="hidden"'
		);
		printf( '<div class="donation-widget-export-again"%s>', $job->is_failed() ? '' : ' hidden="hidden"' );
		$this->start_form( DonationFilters::from_request( $job->filters ), 'donation-widget-export-again', __( 'Start the export again', 'donation-widget' ) );
		echo '</div></div>';
		if ( $job->is_unfinished() ) {
			wp_enqueue_script( self::SCRIPT_HANDLE );
		}
	}
}
