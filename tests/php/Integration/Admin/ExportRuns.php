<?php
/**
 * Running the background export in a test, as the admin's browser would.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Admin;

use DonationWidget\Admin\Donations\DonationFilters;
use DonationWidget\Admin\Donations\Export\ExportDownload;
use DonationWidget\Admin\Donations\Export\ExportWorker;
use DonationWidget\Admin\Donations\DonationsCapability;
use DonationWidget\Exports\ExportJobs;

/**
 * Starts an export of the list's query arguments, writes its batches as the progress requests
 * would, and downloads it through the real admin-post.php handler. For AdminTestCase classes.
 */
trait ExportRuns {

	/**
	 * Starts an export as the current user (an administrator when nobody with the capability is
	 * logged in).
	 *
	 * @param array $request The list's query arguments.
	 * @return int The export's id.
	 */
	protected function start_export( array $request ): int {
		if ( ! DonationsCapability::current_user_can() ) {
			$this->log_in_as( 'administrator' );
		}
		$id = $this->service( ExportWorker::class )->start( get_current_user_id(), DonationFilters::from_request( $request ) );
		$this->assertGreaterThan( 0, $id );
		return $id;
	}

	/**
	 * Writes every batch, as the progress requests would.
	 *
	 * @param int $id   Export id.
	 * @param int $rows Rows per batch.
	 * @return int Batches written.
	 */
	protected function finish_export( int $id, int $rows = ExportWorker::ROWS_PER_BATCH ): int {
		$steps = 0;
		while ( $this->service( ExportWorker::class )->step( $id, 60.0, $rows ) ) {
			++$steps;
			$this->assertLessThan( 10000, $steps, 'the export never finished' );
		}
		$this->assertTrue( $this->service( ExportJobs::class )->find( $id )->is_complete() );
		return $steps;
	}

	/**
	 * Runs the download handler.
	 *
	 * @param int $id Export id.
	 * @return array{output: string, stop: AdminStop|null}
	 */
	protected function download_export( int $id ): array {
		return $this->admin_post(
			ExportDownload::ACTION,
			array(
				'export'   => (string) $id,
				'_wpnonce' => wp_create_nonce( ExportDownload::nonce_action( $id ) ),
			),
			'GET'
		);
	}

	/**
	 * The file of an export of the list's query arguments (this test's rows only).
	 *
	 * @param array $request The list's query arguments.
	 * @param int   $rows    Rows per batch.
	 */
	protected function exported_csv( array $request = array(), int $rows = ExportWorker::ROWS_PER_BATCH ): string {
		$id = $this->start_export( $request + array( 's' => $this->domain ) );
		$this->finish_export( $id, $rows );
		$result = $this->download_export( $id );
		$this->assertNull( $result['stop'], null === $result['stop'] ? '' : $result['stop']->getMessage() );
		return $result['output'];
	}

	/**
	 * CSV text as rows of cells (without the byte-order mark).
	 *
	 * @param string $csv The file.
	 * @return list<array<string, string>> Heading => cell, per row.
	 */
	protected function csv_rows( string $csv ): array {
		$lines = array_map( static fn ( string $line ): array => str_getcsv( $line, ',', '"', '' ), preg_split( '/\r?\n(?=(?:[^"]*"[^"]*")*[^"]*$)/', rtrim( substr( $csv, 3 ) ) ) );
		$head  = array_shift( $lines );
		return array_map( static fn ( array $cells ): array => array_combine( $head, $cells ), $lines );
	}
}
