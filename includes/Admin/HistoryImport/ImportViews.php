<?php
/**
 * What each step of the import screen prints.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\HistoryImport;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donations\ImportedGift;
use DonationWidget\HistoryImport\CsvUpload;
use DonationWidget\HistoryImport\GiftDates;
use DonationWidget\HistoryImport\ImportFields;
use DonationWidget\HistoryImport\ImportJob;
use DonationWidget\HistoryImport\ImportJobs;
use DonationWidget\HistoryImport\RowVerdict;
use DonationWidget\Receipts\DonationFormat;

/**
 * The upload form, the column mapping, the dry run (paged) and the progress host. Messages of a
 * refused post are printed beside their field and tied to it (aria-describedby, aria-invalid).
 */
final class ImportViews {

	/**
	 * Rows of the dry run a page.
	 */
	public const PER_PAGE = 50;

	/**
	 * Builds the views.
	 *
	 * @param ImportJobs $jobs The imports.
	 */
	public function __construct( private readonly ImportJobs $jobs ) {
	}

	/**
	 * Whether staff asked to change the columns of a checked import.
	 */
	public function asks_to_remap(): bool {
		return isset( $_GET['columns'] ); // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- shows a form; changes nothing.
	}

	/**
	 * Step 1: the file.
	 *
	 * @param array<string, string> $errors Messages by field.
	 */
	public function upload( array $errors ): void {
		echo '<p>' . esc_html__( 'Bring in the gifts your charity received before this plugin: GiveWP\'s donations export (Donations → Tools → Export → Export Donation History) as it is, or any other CSV file, whose columns you choose. Nothing is written until you have read the dry run, and importing the same file twice creates nothing twice. Imported gifts are never receipted again; they count in donors\' totals, Reports and tax statements.', 'donation-widget' ) . '</p>';
		printf( '<form method="post" enctype="multipart/form-data" action="%s" novalidate="novalidate">', esc_url( ImportPage::url() ) );
		wp_nonce_field( ImportActions::NONCE );
		echo '<input type="hidden" name="step" value="upload" />';
		echo '<table class="form-table" role="presentation"><tbody>';
		$error = $errors['file'] ?? '';
		echo '<tr><th scope="row"><label for="donation-widget-import-file">' . esc_html__( 'CSV file', 'donation-widget' ) . '</label></th><td>';
		printf(
			'<input type="file" id="donation-widget-import-file" name="csv" accept=".csv,.txt,text/csv,text/plain" data-max-bytes="%d" data-too-large="%s" aria-describedby="%s"',
			(int) CsvUpload::limit(),
			esc_attr( CsvUpload::too_large( 0 ) ),
			esc_attr( '' !== $error ? 'donation-widget-import-file-error donation-widget-import-file-help' : 'donation-widget-import-file-help' )
		);
		if ( '' !== $error ) {
			echo ' aria-invalid="true"';
		}
		echo ' />';
		if ( '' !== $error ) {
			echo '<p class="donation-widget-field-error" id="donation-widget-import-file-error" style="color:#b32d2e"><strong>' . esc_html( $error ) . '</strong></p>';
		}
		/* translators: %s: the largest file, such as 50 MB. */
		echo '<p class="description" id="donation-widget-import-file-help">' . esc_html( sprintf( __( 'Up to %s. Saved as UTF-8 (with or without a byte order mark), UTF-16 or Windows-1252; columns separated by commas, semicolons or tabs; the first row names the columns.', 'donation-widget' ), CsvUpload::limit_label() ) ) . '</p>';
		echo '</td></tr>';
		echo '<tr><th scope="row"><label for="donation-widget-import-site">' . esc_html__( 'Site the gifts came from', 'donation-widget' ) . '</label></th><td>';
		printf( '<input type="text" class="regular-text" id="donation-widget-import-site" name="source_site" value="%s" aria-describedby="donation-widget-import-site-help" />', esc_attr( (string) wp_parse_url( home_url(), PHP_URL_HOST ) ) );
		echo '<p class="description" id="donation-widget-import-site-help">' . esc_html__( 'The address of the site (or the name of the system) the file was exported from. Donation ID 123 from two different sites is two gifts; from the same site, one.', 'donation-widget' ) . '</p>';
		echo '</td></tr></tbody></table>';
		submit_button( __( 'Upload and check', 'donation-widget' ) );
		echo '</form>';
		$this->recent();
	}

	/**
	 * Step 2 (files other than GiveWP's export): which column holds which field.
	 *
	 * @param ImportJob               $job    The import.
	 * @param array<string, string>   $errors Messages by field.
	 * @param array<string, int>|null $posted The refused mapping, to show again.
	 */
	public function mapping( ImportJob $job, array $errors, ?array $posted ): void {
		$mapping = $posted ?? $job->mapping;
		echo '<h2>' . esc_html__( 'Choose the columns', 'donation-widget' ) . '</h2>';
		$this->file_facts( $job );
		echo '<p>' . esc_html__( 'For each field, choose the column of the file that holds it. The date and the amount are needed, and the donor\'s email or name.', 'donation-widget' ) . '</p>';
		if ( isset( $errors['form'] ) ) {
			echo '<div class="notice notice-error inline"><p>' . esc_html( $errors['form'] ) . '</p></div>';
		}
		printf( '<form method="post" action="%s">', esc_url( ImportPage::url( $job->id ) ) );
		wp_nonce_field( ImportActions::NONCE );
		printf( '<input type="hidden" name="step" value="map" /><input type="hidden" name="import" value="%d" />', (int) $job->id );
		echo '<table class="form-table" role="presentation"><tbody>';
		foreach ( ImportFields::labels() as $field => $label ) {
			$id       = 'donation-widget-column-' . $field;
			$error    = $errors[ $field ] ?? '';
			$required = in_array( $field, ImportFields::REQUIRED, true );
			$label    = $required ? $label . ' ' . __( '(required)', 'donation-widget' ) : $label;
			echo '<tr><th scope="row"><label for="' . esc_attr( $id ) . '">' . esc_html( $label ) . '</label></th><td>';
			printf( '<select id="%1$s" name="column[%2$s]"%3$s>', esc_attr( $id ), esc_attr( $field ), '' !== $error ? ' aria-invalid="true" aria-describedby="' . esc_attr( $id . '-error' ) . '"' : '' );
			echo '<option value="">' . esc_html__( '— Not in the file —', 'donation-widget' ) . '</option>';
			foreach ( $job->header as $index => $name ) {
				/* translators: 1: column number, from 1, 2: the column's name in the file. */
				printf( '<option value="%d"%s>%s</option>', (int) $index, selected( $mapping[ $field ] ?? null, $index, false ), esc_html( sprintf( __( 'Column %1$d: %2$s', 'donation-widget' ), $index + 1, $name ) ) );
			}
			echo '</select>';
			if ( '' !== $error ) {
				echo '<p class="donation-widget-field-error" id="' . esc_attr( $id . '-error' ) . '" style="color:#b32d2e"><strong>' . esc_html( $error ) . '</strong></p>';
			}
			echo '</td></tr>';
		}
		echo '</tbody></table>';
		submit_button( __( 'Check the rows (dry run)', 'donation-widget' ) );
		echo '</form>';
	}

	/**
	 * Step 3: the dry run: what will be created and each row refused, with its reason.
	 *
	 * @param ImportJob $job The import, checked.
	 */
	public function dry_run( ImportJob $job ): void {
		// phpcs:disable WordPress.Security.NonceVerification.Recommended -- paging and filtering a list change nothing.
		$filter = isset( $_GET['rows'] ) ? sanitize_key( wp_unslash( $_GET['rows'] ) ) : '';
		$page   = isset( $_GET['paged'] ) ? max( 1, absint( wp_unslash( $_GET['paged'] ) ) ) : 1;
		// phpcs:enable
		$filter = in_array( $filter, array( 'ok', 'refused' ), true ) ? $filter : '';
		echo '<h2>' . esc_html__( 'Dry run: nothing has been written yet', 'donation-widget' ) . '</h2>';
		$this->file_facts( $job );
		echo '<p><strong>';
		/* translators: %s: a number of gifts. */
		echo esc_html( sprintf( _n( '%s gift will be created.', '%s gifts will be created.', $job->rows_ok, 'donation-widget' ), number_format_i18n( $job->rows_ok ) ) ) . ' ';
		/* translators: %s: a number of rows. */
		echo esc_html( sprintf( _n( '%s row is refused.', '%s rows are refused.', $job->rows_refused, 'donation-widget' ), number_format_i18n( $job->rows_refused ) ) );
		echo '</strong></p>';
		if ( '' !== $job->date_format ) {
			$dates = 'site' === $job->date_source
				/* translators: 1: a PHP date format, such as d/m/Y, 2: an example date in it. */
				? __( 'Dates are read in the site\'s date format (%1$s, such as %2$s), in the site\'s time zone.', 'donation-widget' )
				/* translators: 1: a PHP date format, such as d/m/Y, 2: an example date in it. */
				: __( 'Dates are read in the format the file evidently uses (%1$s, such as %2$s), in the site\'s time zone.', 'donation-widget' );
			echo '<p>' . esc_html( sprintf( $dates, $job->date_format, GiftDates::example( $job->date_format ) ) ) . '</p>';
		}
		if ( $job->rows_ok > 0 ) {
			printf( '<form method="post" action="%s">', esc_url( ImportPage::url( $job->id ) ) );
			wp_nonce_field( ImportActions::NONCE );
			printf( '<input type="hidden" name="step" value="start" /><input type="hidden" name="import" value="%d" />', (int) $job->id );
			/* translators: %s: a number of gifts. */
			submit_button( sprintf( _n( 'Import %s gift', 'Import %s gifts', $job->rows_ok, 'donation-widget' ), number_format_i18n( $job->rows_ok ) ), 'primary', 'submit', false );
			echo '</form>';
		} else {
			echo '<div class="notice notice-info inline"><p>' . esc_html__( 'Nothing to import: every row is refused (the reasons are below).', 'donation-widget' ) . '</p></div>';
		}
		if ( ImportedGift::CSV === $job->source ) {
			echo '<p><a href="' . esc_url( ImportPage::url( $job->id, array( 'columns' => 1 ) ) ) . '">' . esc_html__( 'Change the columns', 'donation-widget' ) . '</a></p>';
		}
		$this->rows( $job, $filter, $page );
		echo '<p><a href="' . esc_url( ImportPage::url() ) . '">' . esc_html__( 'Import another file', 'donation-widget' ) . '</a></p>';
	}

	/**
	 * Steps 3 and 4 while they run, and the end: the progress bar's host (src/donors/import).
	 *
	 * @param ImportJob $job      The import.
	 * @param bool      $scripted Whether the progress bar's script is there.
	 */
	public function progress( ImportJob $job, bool $scripted ): void {
		$this->file_facts( $job );
		$state = wp_json_encode(
			array(
				'id'        => $job->id,
				'stage'     => $job->stage,
				'resultUrl' => ImportPage::url( $job->id ),
			)
		);
		printf( '<div data-history-import="%s">', esc_attr( false === $state ? '' : $state ) );
		echo '<p role="status">' . esc_html( $this->stage_text( $job ) ) . '</p>';
		if ( ! $scripted && in_array( $job->stage, ImportJob::RUNNING, true ) ) {
			echo '<p>' . esc_html__( 'Reload this page to follow the progress.', 'donation-widget' ) . '</p>';
		}
		echo '</div>';
		if ( ImportJob::DONE === $job->stage || ImportJob::FAILED === $job->stage ) {
			echo '<p><a href="' . esc_url( ImportPage::url() ) . '">' . esc_html__( 'Import another file', 'donation-widget' ) . '</a></p>';
		}
	}

	/**
	 * The stage in words (the progress bar says the same as it moves).
	 *
	 * @param ImportJob $job The import.
	 */
	private function stage_text( ImportJob $job ): string {
		$progress = $job->progress();
		return match ( $job->stage ) {
			/* translators: 1: rows checked, 2: rows in all. */
			ImportJob::CHECKING  => sprintf( __( 'Checking the rows (dry run): %1$s of %2$s.', 'donation-widget' ), number_format_i18n( $progress['done'] ), number_format_i18n( $progress['total'] ) ),
			/* translators: 1: gifts imported, 2: gifts in all. */
			ImportJob::IMPORTING => sprintf( __( 'Importing: %1$s of %2$s gifts.', 'donation-widget' ), number_format_i18n( $progress['done'] ), number_format_i18n( $progress['total'] ) ),
			/* translators: %s: a number of gifts. */
			ImportJob::DONE      => sprintf( _n( 'Import finished: %s gift created.', 'Import finished: %s gifts created.', $job->rows_created + $job->rows_present, 'donation-widget' ), number_format_i18n( $job->rows_created + $job->rows_present ) ),
			ImportJob::UPLOADING => __( 'The file is still being read. Reload this page in a moment.', 'donation-widget' ),
			/* translators: %s: why it stopped. */
			default              => sprintf( __( 'The import stopped: %s', 'donation-widget' ), $job->error ),
		};
	}

	/**
	 * The file as it was read.
	 *
	 * @param ImportJob $job The import.
	 */
	private function file_facts( ImportJob $job ): void {
		$delimiters = array(
			','  => __( 'commas', 'donation-widget' ),
			';'  => __( 'semicolons', 'donation-widget' ),
			"\t" => __( 'tabs', 'donation-widget' ),
		);
		$kind       = ImportedGift::GIVEWP === $job->source ? __( 'Recognised as GiveWP\'s donations export.', 'donation-widget' ) : __( 'A CSV file: its columns are chosen below.', 'donation-widget' );
		printf(
			'<p>%s</p>',
			esc_html(
				sprintf(
					/* translators: 1: file name, 2: number of rows, 3: encoding, such as UTF-8, 4: the delimiter, such as commas, 5: what kind of file it is. */
					_n( '%1$s: %2$s row, read as %3$s, columns separated by %4$s. %5$s', '%1$s: %2$s rows, read as %3$s, columns separated by %4$s. %5$s', $job->rows_total, 'donation-widget' ),
					$job->file_name,
					number_format_i18n( $job->rows_total ),
					str_replace( '-BOM', ' ' . __( '(with byte order mark)', 'donation-widget' ), $job->encoding ),
					$delimiters[ $job->delimiter ] ?? $job->delimiter,
					$kind
				)
			)
		);
	}

	/**
	 * The dry run's rows, one page, with filters and paging.
	 *
	 * @param ImportJob $job    The import.
	 * @param string    $filter 'ok', 'refused' or ''.
	 * @param int       $page   From 1.
	 */
	private function rows( ImportJob $job, string $filter, int $page ): void {
		$links = array(
			''        => __( 'All rows', 'donation-widget' ),
			'ok'      => __( 'Will be created', 'donation-widget' ),
			'refused' => __( 'Refused', 'donation-widget' ),
		);
		echo '<ul class="subsubsub">';
		$last = array_key_last( $links );
		foreach ( $links as $key => $label ) {
			echo '<li>';
			if ( $key === $filter ) {
				echo '<strong aria-current="page">' . esc_html( $label ) . '</strong>';
			} else {
				echo '<a href="' . esc_url( ImportPage::url( $job->id, '' === $key ? array() : array( 'rows' => $key ) ) ) . '">' . esc_html( $label ) . '</a>';
			}
			echo $key === $last ? '</li>' : ' | </li>';
		}
		echo '</ul><br class="clear" />';
		$found = $this->jobs->page( $job->id, $filter, $page, self::PER_PAGE );
		$col   = static fn ( string $field, array $cells ): string => isset( $job->mapping[ $field ] ) ? (string) ( $cells[ $job->mapping[ $field ] ] ?? '' ) : '';
		echo '<table class="widefat striped"><caption class="screen-reader-text">' . esc_html__( 'Rows of the file and what the import does with each', 'donation-widget' ) . '</caption><thead><tr>';
		foreach ( array( __( 'Row', 'donation-widget' ), __( 'Date', 'donation-widget' ), __( 'Amount', 'donation-widget' ), __( 'Donor', 'donation-widget' ), __( 'Email', 'donation-widget' ), __( 'What happens', 'donation-widget' ) ) as $heading ) {
			echo '<th scope="col">' . esc_html( $heading ) . '</th>';
		}
		echo '</tr></thead><tbody>';
		foreach ( $found['rows'] as $row ) {
			$donor = trim( $col( 'first_name', $row['cells'] ) . ' ' . $col( 'last_name', $row['cells'] ) . ' ' . $col( 'name', $row['cells'] ) );
			$donor = '' !== $col( 'organisation', $row['cells'] ) ? trim( $donor . ' (' . $col( 'organisation', $row['cells'] ) . ')' ) : $donor;
			echo '<tr><td>' . esc_html( (string) $row['row_no'] ) . '</td>';
			echo '<td>' . esc_html( trim( $col( 'date', $row['cells'] ) . ' ' . $col( 'time', $row['cells'] ) ) ) . '</td>';
			echo '<td>' . esc_html( $col( 'amount', $row['cells'] ) ) . '</td>';
			echo '<td>' . esc_html( $donor ) . '</td>';
			echo '<td>' . esc_html( $col( 'email', $row['cells'] ) ) . '</td>';
			$message = RowVerdict::message( $row['verdict'], $row['detail'] );
			if ( RowVerdict::OK === $row['verdict'] ) {
				echo '<td>' . esc_html( $message ) . '</td></tr>';
			} else {
				echo '<td><strong>' . esc_html( $message ) . '</strong></td></tr>';
			}
		}
		if ( array() === $found['rows'] ) {
			echo '<tr><td colspan="6">' . esc_html__( 'No rows.', 'donation-widget' ) . '</td></tr>';
		}
		echo '</tbody></table>';
		$pages = (int) ceil( $found['total'] / self::PER_PAGE );
		if ( $pages > 1 ) {
			$args = array( 'import' => $job->id ) + ( '' !== $filter ? array( 'rows' => $filter ) : array() );
			echo '<nav class="tablenav" aria-label="' . esc_attr__( 'Pages of rows', 'donation-widget' ) . '"><div class="tablenav-pages">';
			echo wp_kses_post(
				(string) paginate_links(
					array(
						'base'      => add_query_arg( 'paged', '%#%', ImportPage::url( 0, $args ) ),
						'format'    => '',
						'current'   => $page,
						'total'     => $pages,
						'prev_text' => __( 'Previous page', 'donation-widget' ),
						'next_text' => __( 'Next page', 'donation-widget' ),
					)
				)
			);
			echo '</div></nav>';
		}
	}

	/**
	 * The latest imports, under the upload form.
	 */
	private function recent(): void {
		$jobs = $this->jobs->recent( 10 );
		if ( array() === $jobs ) {
			return;
		}
		echo '<h2>' . esc_html__( 'Recent imports', 'donation-widget' ) . '</h2><table class="widefat striped"><thead><tr>';
		foreach ( array( __( 'File', 'donation-widget' ), __( 'Uploaded', 'donation-widget' ), __( 'Stage', 'donation-widget' ), __( 'Gifts created', 'donation-widget' ) ) as $heading ) {
			echo '<th scope="col">' . esc_html( $heading ) . '</th>';
		}
		echo '</tr></thead><tbody>';
		$stages = array(
			ImportJob::MAPPING   => __( 'Choosing the columns', 'donation-widget' ),
			ImportJob::CHECKING  => __( 'Dry run under way', 'donation-widget' ),
			ImportJob::CHECKED   => __( 'Dry run ready to read', 'donation-widget' ),
			ImportJob::IMPORTING => __( 'Importing', 'donation-widget' ),
			ImportJob::DONE      => __( 'Done', 'donation-widget' ),
			ImportJob::FAILED    => __( 'Stopped', 'donation-widget' ),
		);
		foreach ( $jobs as $job ) {
			echo '<tr><td><a href="' . esc_url( ImportPage::url( $job->id ) ) . '">' . esc_html( '' !== $job->file_name ? $job->file_name : '#' . $job->id ) . '</a></td>';
			echo '<td>' . esc_html( DonationFormat::date( $job->created_at, (string) get_option( 'date_format' ) . ' ' . (string) get_option( 'time_format' ) ) ) . '</td>';
			echo '<td>' . esc_html( $stages[ $job->stage ] ?? $job->stage ) . '</td>';
			echo '<td>' . esc_html( number_format_i18n( $job->rows_created + $job->rows_present ) ) . '</td></tr>';
		}
		echo '</tbody></table>';
	}
}
