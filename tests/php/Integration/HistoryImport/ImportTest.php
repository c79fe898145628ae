<?php
/**
 * The import: gifts as imported gifts, once only, resumed after a worker died.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\HistoryImport;

use DonationWidget\Database\Schema;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Donations\GiftOrigin;
use DonationWidget\HistoryImport\ImportJob;
use DonationWidget\HistoryImport\ImportTables;
use DonationWidget\HistoryImport\ImportWorker;
use DonationWidget\Statements\FinancialYear;
use DonationWidget\Statements\StatementQuery;

/**
 * A worker that dies leaves its lease; the test lets it expire (as time would) and the next
 * worker takes the batch again.
 */
final class ImportTest extends HistoryImportTestCase {

	public function test_the_givewp_export_imports_as_imported_gifts_never_receipted_and_a_second_import_creates_nothing(): void {
		$fixture = (string) file_get_contents( self::GIVEWP_FIXTURE ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- the test's fixture.
		$id      = $this->checked( $fixture );
		$before  = $this->donations_count();
		$this->assertTrue( $this->jobs()->start_import( $id ) );
		$this->run_to_end_of_stage( $id );
		$job = $this->job( $id );
		$this->assertSame( ImportJob::DONE, $job->stage );
		$this->assertSame( 19, $job->rows_created );
		$this->assertSame( $before + 19, $this->donations_count() );

		$repository = $this->service( DonationRepository::class );
		assert( $repository instanceof DonationRepository );
		$row = $this->jobs()->rows_after( $id, 3, 1 )[0];
		$this->assertSame( 4, $row['row_no'] );
		$gift = $repository->find_by_attempt( 'import:' . $row['identity'] );
		$this->assertNotNull( $gift );
		$this->assertSame( GiftOrigin::IMPORTED, $gift->provider() );
		$this->assertSame( 'givewp:1043', $gift->provider_reference() );
		$this->assertSame( 0, $gift->receipt_seq(), 'An imported gift is never receipted here.' );
		$this->assertSame( 125000, $gift->total_cents() );
		$this->assertSame( 'zoe.ngu@example.org.au', $gift->email() );
		$this->assertSame( 'Zoë', $gift->value( 'first_name' ) );
		$this->assertSame( 'Winter Appeal 2025', $gift->value( 'iteration_id' ) );
		// 15/07/2025 11:02 in Sydney (AEST, UTC+10).
		$this->assertSame( '2025-07-15 01:02:00', $gift->value( 'created_at' ) );

		$refunded = $repository->find_by_attempt( 'import:' . $this->jobs()->rows_after( $id, 6, 1 )[0]['identity'] );
		$this->assertNotNull( $refunded );
		$this->assertSame( DonationStatus::REFUNDED, $refunded->status() );
		$this->assertSame( 10000, $refunded->refunded_cents() );

		$company = $repository->find_by_attempt( 'import:' . $this->jobs()->rows_after( $id, 4, 1 )[0]['identity'] );
		$this->assertNotNull( $company );
		$this->assertSame( 'organisation', $company->value( 'donate_as' ) );
		$this->assertSame( 'Raman Family Trust', $company->value( 'organisation_name' ) );

		$again = $this->checked( $fixture );
		$this->assertSame( 0, $this->job( $again )->rows_ok );
		$this->assertFalse( $this->jobs()->start_import( $again ) );
		$this->assertSame( $before + 19, $this->donations_count(), 'Importing the same file again creates nothing.' );

		// A day after the import ended, its staged copies of donor details are forgotten.
		global $wpdb;
		$wpdb->query( $wpdb->prepare( 'UPDATE ' . Schema::table( ImportTables::IMPORTS ) . ' SET updated_at = %s WHERE id = %d', gmdate( 'Y-m-d H:i:s', time() - 2 * DAY_IN_SECONDS ), $id ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.NotPrepared
		$this->jobs()->prune();
		$rows = $this->jobs()->rows_after( $id, 0, 100 );
		$this->assertCount( 30, $rows );
		$this->assertSame( array(), array_merge( ...array_column( $rows, 'cells' ) ) );
		$this->assertSame( $row['identity'], $rows[2]['identity'], 'Each row keeps its identity and verdict.' );
		$this->assertNotNull( $this->jobs()->find( $again ), 'A dry run just read is kept.' );
	}

	public function test_a_donors_statement_for_this_year_includes_their_imported_gifts_with_the_source_number(): void {
		$date = wp_date( 'd/m/Y', strtotime( '-1 day' ) );
		$csv  = "Donation ID,First Name,Last Name,Email Address,Donation Total,Currency Code,Donation Status,Donation Date,Donation Time\n9001,Ruth,Imported,ruth.imported@example.org.au,80.00,AUD,Complete,{$date},10:00\n";
		$id   = $this->checked( $csv );
		$this->assertTrue( $this->jobs()->start_import( $id ) );
		$this->run_to_end_of_stage( $id );

		$query = $this->service( StatementQuery::class );
		assert( $query instanceof StatementQuery );
		$year       = FinancialYear::of( gmdate( 'Y-m-d H:i:s', strtotime( '-1 day' ) ) );
		$statements = $query->statements_of( 'ruth.imported@example.org.au', $year );
		$this->assertCount( 1, $statements );
		$this->assertCount( 1, $statements[0]->gifts );
		$this->assertSame( 8000, $statements[0]->gifts[0]['amount_cents'] );
		$this->assertSame( 'GiveWP 9001', $statements[0]->gifts[0]['receipt_number'], 'An imported gift prints its source\'s number, never an empty one.' );

		// Reports count it on its day, under the method GiveWP had none for.
		global $wpdb;
		$reported = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT SUM(gross_cents) FROM ' . Schema::table( 'report_totals' ) . ' WHERE day = %s AND method = %s', wp_date( 'Y-m-d', strtotime( '-1 day' ) ), 'imported' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.NotPrepared
		$this->assertSame( 8000, $reported );
	}

	public function test_an_import_killed_between_batches_resumes_where_it_stopped(): void {
		$id = $this->mapped( 450 );
		$this->assertTrue( $this->jobs()->start_import( $id ) );
		$this->assertTrue( $this->worker()->run_batch( $id ) );
		$job = $this->job( $id );
		$this->assertSame( ImportWorker::IMPORT_BATCH, $job->rows_created, 'Each batch commits its progress.' );
		$this->assertSame( ImportJob::IMPORTING, $job->stage );
		// The process ends here (a closed tab, a PHP timeout): the next worker carries on.
		$this->run_to_end_of_stage( $id );
		$job = $this->job( $id );
		$this->assertSame( ImportJob::DONE, $job->stage );
		$this->assertSame( 450, $job->rows_created );
		$this->assertSame( 450, $this->imported_count() );
		$this->assertSame( array(), $this->attempts_written_more_than_once() );
	}

	public function test_a_batch_that_dies_after_writing_some_rows_is_taken_again_without_duplicates(): void {
		$id = $this->mapped( 450 );
		$this->assertTrue( $this->jobs()->start_import( $id ) );
		$this->assertTrue( $this->worker()->run_batch( $id ) );

		$written = 0;
		$die     = static function () use ( &$written ): void {
			if ( ++$written > 37 ) {
				throw new \RuntimeException( 'The PHP process died here.' );
			}
		};
		add_action( 'donation_widget_donation_changed', $die );
		try {
			$this->worker()->run_batch( $id );
			$this->fail( 'The batch should have died.' );
		} catch ( \RuntimeException $died ) {
			$this->assertSame( 'The PHP process died here.', $died->getMessage() );
		} finally {
			remove_action( 'donation_widget_donation_changed', $die );
		}
		$this->assertSame( ImportWorker::IMPORT_BATCH + 38, $this->imported_count(), 'The dead batch wrote 38 gifts.' );
		$this->assertSame( ImportWorker::IMPORT_BATCH, $this->job( $id )->imported_upto - 1, 'Its progress was never recorded.' );
		$this->assertFalse( $this->worker()->run_batch( $id ), 'Another worker waits while the dead one\'s lease holds.' );

		$this->expire_lease( $id );
		$this->run_to_end_of_stage( $id );
		$job = $this->job( $id );
		$this->assertSame( ImportJob::DONE, $job->stage );
		$this->assertSame( 450, $this->imported_count(), 'Every gift once.' );
		$this->assertSame( array(), $this->attempts_written_more_than_once() );
		$this->assertSame( 450, $job->rows_created + $job->rows_present );
		$this->assertSame( 38, $job->rows_present, 'The gifts the dead batch wrote were found, not written again.' );
	}

	public function test_two_workers_never_run_the_same_batch(): void {
		$id = $this->mapped( 10 );
		$this->assertTrue( $this->jobs()->start_import( $id ) );
		$job = $this->job( $id );
		$this->assertNotNull( $this->jobs()->claim( $job, str_repeat( 'a', 32 ), 60 ) );
		$this->assertNull( $this->jobs()->claim( $job, str_repeat( 'b', 32 ), 60 ), 'A live lease keeps the batch.' );
		$this->assertFalse( $this->jobs()->advance_import( $job, str_repeat( 'b', 32 ), 11, 10, 0, true ), 'Only the holder records the batch.' );
	}

	/**
	 * A generated file staged, mapped from its column names and checked.
	 *
	 * @param int $rows Rows.
	 * @return int The import.
	 */
	private function mapped( int $rows ): int {
		$id  = $this->stage( self::generated_csv( $rows ) );
		$job = $this->job( $id );
		$this->assertSame( ImportJob::MAPPING, $job->stage );
		$this->assertTrue( $this->jobs()->map( $id, $job->mapping ) );
		$this->run_to_end_of_stage( $id );
		$this->assertSame( $rows, $this->job( $id )->rows_ok );
		return $id;
	}

	/**
	 * Lets a worker's lease run out, as time would.
	 *
	 * @param int $id The import.
	 */
	private function expire_lease( int $id ): void {
		global $wpdb;
		$wpdb->query( $wpdb->prepare( 'UPDATE ' . Schema::table( ImportTables::IMPORTS ) . ' SET claimed_until = %s WHERE id = %d', gmdate( 'Y-m-d H:i:s', time() - 1 ), $id ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.NotPrepared
	}
}
