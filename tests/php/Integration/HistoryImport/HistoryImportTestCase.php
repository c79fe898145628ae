<?php
/**
 * What the import tests share: staging a file, running the worker to a stage, reading the gifts.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\HistoryImport;

use DonationWidget\Database\Schema;
use DonationWidget\HistoryImport\CsvUpload;
use DonationWidget\HistoryImport\ImportJob;
use DonationWidget\HistoryImport\ImportJobs;
use DonationWidget\HistoryImport\ImportWorker;
use DonationWidget\Tests\Integration\IntegrationTestCase;

/**
 * Files are written to a temporary file and staged through CsvUpload, as an upload is; the worker
 * runs batch by batch, as the cron events and the progress bar's polls run it.
 */
abstract class HistoryImportTestCase extends IntegrationTestCase {

	/**
	 * The GiveWP export the e2e test uploads too (30 rows, 19 of them gifts to create).
	 */
	protected const GIVEWP_FIXTURE = __DIR__ . '/../../../e2e/fixtures/givewp-donations-export.csv';

	/**
	 * Temporary files to delete.
	 *
	 * @var list<string>
	 */
	private array $files = array();

	protected function tearDown(): void {
		foreach ( $this->files as $file ) {
			if ( file_exists( $file ) ) {
				unlink( $file ); // phpcs:ignore WordPress.WP.AlternativeFunctions.unlink_unlink -- a test's own temporary file.
			}
		}
		parent::tearDown();
	}

	/**
	 * A temporary file holding these bytes.
	 *
	 * @param string $bytes The file.
	 */
	protected function file_of( string $bytes ): string {
		$path          = (string) tempnam( sys_get_temp_dir(), 'history-import-test' );
		$this->files[] = $path;
		file_put_contents( $path, $bytes ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents -- a test's own temporary file.
		return $path;
	}

	/**
	 * Stages a file as an upload is staged.
	 *
	 * @param string $bytes The file.
	 * @param string $site  The site the gifts came from.
	 * @return int The import's id.
	 */
	protected function stage( string $bytes, string $site = 'old.example.org.au' ): int {
		return $this->upload()->stage( $this->file_of( $bytes ), 'gifts.csv', 1, $site );
	}

	/**
	 * The upload.
	 */
	protected function upload(): CsvUpload {
		$upload = $this->service( CsvUpload::class );
		assert( $upload instanceof CsvUpload );
		return $upload;
	}

	/**
	 * The imports' store.
	 */
	protected function jobs(): ImportJobs {
		$jobs = $this->service( ImportJobs::class );
		assert( $jobs instanceof ImportJobs );
		return $jobs;
	}

	/**
	 * The worker.
	 */
	protected function worker(): ImportWorker {
		$worker = $this->service( ImportWorker::class );
		assert( $worker instanceof ImportWorker );
		return $worker;
	}

	/**
	 * An import, which must be there.
	 *
	 * @param int $id The import.
	 */
	protected function job( int $id ): ImportJob {
		$job = $this->jobs()->find( $id );
		$this->assertNotNull( $job );
		return $job;
	}

	/**
	 * Runs batches until the import leaves its running stage.
	 *
	 * @param int $id The import.
	 * @return int Batches run.
	 */
	protected function run_to_end_of_stage( int $id ): int {
		$batches = 0;
		$stage   = $this->job( $id )->stage;
		while ( $this->job( $id )->stage === $stage && $batches < 1000 ) {
			$this->assertTrue( $this->worker()->run_batch( $id ), 'A batch should run while no other worker holds the import.' );
			++$batches;
		}
		return $batches;
	}

	/**
	 * Stages a file and runs its dry run to the end.
	 *
	 * @param string $bytes The file.
	 * @param string $site  The site the gifts came from.
	 * @return int The import's id.
	 */
	protected function checked( string $bytes, string $site = 'old.example.org.au' ): int {
		$id = $this->stage( $bytes, $site );
		$this->assertSame( ImportJob::CHECKING, $this->job( $id )->stage );
		$this->run_to_end_of_stage( $id );
		$this->assertSame( ImportJob::CHECKED, $this->job( $id )->stage );
		return $id;
	}

	/**
	 * Verdict of each row, by row number.
	 *
	 * @param int $id The import.
	 * @return array<int, string>
	 */
	protected function verdicts( int $id ): array {
		$verdicts = array();
		foreach ( $this->jobs()->rows_after( $id, 0, 100000 ) as $row ) {
			$verdicts[ $row['row_no'] ] = $row['verdict'];
		}
		return $verdicts;
	}

	/**
	 * How many imported gifts there are.
	 */
	protected function imported_count(): int {
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM ' . Schema::table( 'donations' ) . ' WHERE provider = %s', 'import' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.NotPrepared
	}

	/**
	 * How many donations there are.
	 */
	protected function donations_count(): int {
		global $wpdb;
		return (int) $wpdb->get_var( 'SELECT COUNT(*) FROM ' . Schema::table( 'donations' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.NotPrepared
	}

	/**
	 * Imported gifts of an attempt id prefix counted by attempt id: every count must be 1.
	 *
	 * @return array<string, int>
	 */
	protected function attempts_written_more_than_once(): array {
		global $wpdb;
		$rows = $wpdb->get_results( $wpdb->prepare( 'SELECT attempt_id, COUNT(*) AS n FROM ' . Schema::table( 'donations' ) . ' WHERE provider = %s GROUP BY attempt_id HAVING n > 1', 'import' ), ARRAY_A ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.NotPrepared
		return array_column( is_array( $rows ) ? $rows : array(), 'n', 'attempt_id' );
	}

	/**
	 * A generic CSV of $count gifts, each with its own reference.
	 *
	 * @param int    $count     Rows.
	 * @param string $delimiter Delimiter.
	 */
	protected static function generated_csv( int $count, string $delimiter = ',' ): string {
		$lines = array( implode( $delimiter, array( 'Reference', 'Date', 'Amount', 'Email', 'First name', 'Last name' ) ) );
		for ( $i = 1; $i <= $count; $i++ ) {
			$lines[] = implode( $delimiter, array( 'REF-' . $i, gmdate( 'Y-m-d', strtotime( '2025-01-01 +' . ( $i % 300 ) . ' days' ) ), ( 10 + $i % 90 ) . '.00', "donor{$i}@example.org.au", 'Donor', 'Number' . $i ) );
		}
		return implode( "\r\n", $lines ) . "\r\n";
	}
}
