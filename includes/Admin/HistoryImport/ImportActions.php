<?php
/**
 * The import screen's form posts: upload, choose the columns, start the import.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\HistoryImport;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Admin\Donations\DonationsCapability;
use DonationWidget\HistoryImport\CsvUpload;
use DonationWidget\HistoryImport\ImportFields;
use DonationWidget\HistoryImport\ImportJob;
use DonationWidget\HistoryImport\ImportJobs;
use DonationWidget\HistoryImport\ImportSchedule;
use DonationWidget\HistoryImport\UploadRefused;

/**
 * Runs on the screen's load hook, before anything is printed: a post that worked redirects to
 * the next step; one that did not keeps its messages for the fields they belong to, printed by
 * the same request. Every post is nonce-checked and needs the donations capability, except the
 * answer to a request PHP emptied because it was larger than post_max_size (no nonce arrives
 * then; the answer only says the file is too large and changes nothing).
 */
final class ImportActions {

	public const NONCE = 'donation_widget_history_import';

	/**
	 * Messages by field ('file', a mapping field, or 'form').
	 *
	 * @var array<string, string>
	 */
	private array $errors = array();

	/**
	 * The mapping posted, when it was refused (to show it again).
	 *
	 * @var array<string, int>|null
	 */
	private ?array $posted_mapping = null;

	/**
	 * Builds the actions.
	 *
	 * @param ImportJobs     $jobs     The imports.
	 * @param CsvUpload      $upload   Stages uploads.
	 * @param ImportSchedule $schedule Starts the background work.
	 */
	public function __construct( private readonly ImportJobs $jobs, private readonly CsvUpload $upload, private readonly ImportSchedule $schedule ) {
	}

	/**
	 * Messages of the refused post, by field.
	 *
	 * @return array<string, string>
	 */
	public function errors(): array {
		return $this->errors;
	}

	/**
	 * The refused mapping, if one was posted.
	 *
	 * @return array<string, int>|null
	 */
	public function posted_mapping(): ?array {
		return $this->posted_mapping;
	}

	/**
	 * Handles a post to the screen (load-{screen}).
	 */
	public function handle(): void {
		$method = isset( $_SERVER['REQUEST_METHOD'] ) ? sanitize_text_field( wp_unslash( $_SERVER['REQUEST_METHOD'] ) ) : 'GET';
		if ( 'POST' !== $method ) {
			return;
		}
		$length = isset( $_SERVER['CONTENT_LENGTH'] ) ? absint( wp_unslash( $_SERVER['CONTENT_LENGTH'] ) ) : 0;
		// phpcs:ignore WordPress.Security.NonceVerification.Missing -- PHP emptied the post (larger than post_max_size): nothing to verify, and nothing is done but saying so.
		if ( array() === $_POST && array() === $_FILES && $length > 0 ) {
			$this->errors['file'] = CsvUpload::too_large( $length );
			return;
		}
		check_admin_referer( self::NONCE );
		if ( ! DonationsCapability::current_user_can() ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to import donations.', 'donation-widget' ), '', array( 'response' => 403 ) );
		}
		$step    = isset( $_POST['step'] ) ? sanitize_key( wp_unslash( $_POST['step'] ) ) : '';
		$id      = isset( $_POST['import'] ) ? absint( wp_unslash( $_POST['import'] ) ) : 0;
		$site    = isset( $_POST['source_site'] ) ? sanitize_text_field( wp_unslash( $_POST['source_site'] ) ) : '';
		$columns = array();
		foreach ( array_keys( ImportFields::labels() ) as $field ) {
			$columns[ $field ] = isset( $_POST['column'][ $field ] ) ? sanitize_text_field( wp_unslash( $_POST['column'][ $field ] ) ) : '';
		}
		$file = array(
			'error'    => isset( $_FILES['csv']['error'] ) ? absint( $_FILES['csv']['error'] ) : UPLOAD_ERR_NO_FILE,
			'size'     => isset( $_FILES['csv']['size'] ) ? absint( $_FILES['csv']['size'] ) : 0,
			'name'     => isset( $_FILES['csv']['name'] ) && is_string( $_FILES['csv']['name'] ) ? sanitize_file_name( wp_unslash( $_FILES['csv']['name'] ) ) : '',
			// PHP's own temporary path (WordPress never slashes $_FILES): checked by is_uploaded_file() before it is read.
			'tmp_name' => isset( $_FILES['csv']['tmp_name'] ) && is_string( $_FILES['csv']['tmp_name'] ) ? $_FILES['csv']['tmp_name'] : '', // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized, WordPress.Security.ValidatedSanitizedInput.MissingUnslash -- see the line above.
		);
		match ( $step ) {
			'upload' => $this->upload( $file, $length, $site ),
			'map'    => $this->map( $id, $columns ),
			'start'  => $this->start( $id ),
			default  => null,
		};
	}

	/**
	 * Takes the file in and goes to the dry run (a GiveWP export) or to the columns.
	 *
	 * @param array{error: int, size: int, name: string, tmp_name: string} $file   The upload's entry.
	 * @param int                                                          $length The request's length.
	 * @param string                                                       $site   The site the gifts came from, as typed.
	 */
	private function upload( array $file, int $length, string $site ): void {
		$refusal = CsvUpload::refusal( $file, $length );
		$path    = $file['tmp_name'];
		if ( null === $refusal && ! is_uploaded_file( $path ) ) {
			$refusal = __( 'The file did not arrive whole. Try uploading it again.', 'donation-widget' );
		}
		if ( null !== $refusal ) {
			$this->errors['file'] = $refusal;
			return;
		}
		$site = '' !== $site ? $site : (string) wp_parse_url( home_url(), PHP_URL_HOST );
		try {
			$id = $this->upload->stage( $path, $file['name'], get_current_user_id(), $site );
		} catch ( UploadRefused $refused ) {
			$this->errors['file'] = $refused->getMessage();
			return;
		}
		$job = $this->jobs->find( $id );
		if ( null !== $job && ImportJob::CHECKING === $job->stage ) {
			$this->schedule->soon();
		}
		wp_safe_redirect( ImportPage::url( $id ) );
		exit;
	}

	/**
	 * Takes the chosen columns and starts the dry run.
	 *
	 * @param int                   $id      The import.
	 * @param array<string, string> $columns Field => the column index chosen ('' for none).
	 */
	private function map( int $id, array $columns ): void {
		$job = $this->jobs->find( $id );
		if ( null === $job ) {
			$this->errors['form'] = __( 'This import is no longer there. Upload the file again.', 'donation-widget' );
			return;
		}
		$mapping = array();
		foreach ( $columns as $field => $column ) {
			if ( '' !== $column && ctype_digit( $column ) ) {
				$mapping[ $field ] = (int) $column;
			}
		}
		$this->errors = ImportFields::problems( $mapping, count( $job->header ) );
		if ( array() !== $this->errors ) {
			$this->posted_mapping = $mapping;
			return;
		}
		if ( ! $this->jobs->map( $id, $mapping ) ) {
			$this->errors['form'] = __( 'The import has already started: its columns can no longer change.', 'donation-widget' );
			return;
		}
		$this->schedule->soon();
		wp_safe_redirect( ImportPage::url( $id ) );
		exit;
	}

	/**
	 * Starts the import the dry run listed.
	 *
	 * @param int $id The import.
	 */
	private function start( int $id ): void {
		if ( $this->jobs->start_import( $id ) ) {
			$this->schedule->soon();
		}
		wp_safe_redirect( ImportPage::url( $id ) );
		exit;
	}
}
