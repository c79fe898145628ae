<?php
/**
 * The background export: batches, claims, failures, downloads, who may and cleanup.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Admin;

use DonationWidget\Admin\Donations\DonationFilters;
use DonationWidget\Admin\Donations\DonationsPage;
use DonationWidget\Admin\Donations\Export\ExportDownload;
use DonationWidget\Admin\Donations\Export\ExportPanel;
use DonationWidget\Admin\Donations\Export\ExportWorker;
use DonationWidget\Database\Schema;
use DonationWidget\Donations\DonationTotals;
use DonationWidget\Exports\ExportJob;
use DonationWidget\Exports\ExportJobs;
use DonationWidget\Exports\ExportSchedule;
use DonationWidget\Scheduling\RecurringEvents;
use DonationWidget\Tests\Integration\RacingServers;

final class ExportJobTest extends AdminTestCase {

	use ExportRuns;
	use RacingServers;

	private function jobs(): ExportJobs {
		return $this->service( ExportJobs::class );
	}

	private function worker(): ExportWorker {
		return $this->service( ExportWorker::class );
	}

	private function job( int $id ): ExportJob {
		$job = $this->jobs()->find( $id );
		$this->assertNotNull( $job );
		return $job;
	}

	/**
	 * The donation ids in a file, in order.
	 *
	 * @param string $csv The file.
	 * @return list<int>
	 */
	private function ids_in( string $csv ): array {
		return array_map( static fn ( array $row ): int => (int) $row['Donation ID'], $this->csv_rows( $csv ) );
	}

	/**
	 * This test's donation ids, straight from the table.
	 *
	 * @param string $status Only this status, or any.
	 * @return list<int>
	 */
	private function ids_of_this_test( string $status = '' ): array {
		global $wpdb;
		$table = Schema::table( 'donations' );
		$sql   = $wpdb->prepare( "SELECT id FROM {$table} WHERE email LIKE %s", '%@' . $wpdb->esc_like( $this->domain ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		if ( '' !== $status ) {
			$sql .= $wpdb->prepare( ' AND status = %s', $status );
		}
		return array_map( 'intval', $wpdb->get_col( $sql . ' ORDER BY id ASC' ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
	}

	/**
	 * Changes a job's row as time or another server would.
	 *
	 * @param int   $id      Job id.
	 * @param array $columns Column => value.
	 */
	private function set_job( int $id, array $columns ): void {
		global $wpdb;
		$this->assertNotFalse( $wpdb->update( Schema::table( 'exports' ), $columns, array( 'id' => $id ) ) );
	}

	private function chunk_count( int $id ): int {
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM ' . Schema::table( 'export_chunks' ) . ' WHERE export_id = %d', $id ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
	}

	public function test_the_file_is_byte_for_byte_the_one_the_single_request_export_wrote(): void {
		update_option( 'timezone_string', 'Australia/Sydney' );
		$first   = $this->insert_donation(
			array(
				'attempt_id'         => 'golden-1-' . $this->domain,
				'first_name'         => 'Zoë',
				'last_name'          => "O'Brien",
				'email'              => $this->email( 'zoe' ),
				'utm_campaign'       => "winter, \"appeal\"\nline two",
				'provider_reference' => 'ch_golden1',
				'payment_intent_id'  => 'pi_golden1',
				'created_at'         => '2026-03-01 13:30:00',
				'updated_at'         => '2026-03-01 13:31:00',
			)
		);
		$second  = $this->insert_donation(
			array(
				'attempt_id'         => 'golden-2-' . $this->domain,
				'status'             => 'failed',
				'frequency'          => '4weekly',
				'method'             => 'becs_debit',
				'donate_as'          => 'organisation',
				'organisation_name'  => '=cmd|calc',
				'first_name'         => 'Ann',
				'last_name'          => '-Lee',
				'email'              => $this->email( 'ann' ),
				'amount_cents'       => 3500,
				'cover_cents'        => 175,
				'total_cents'        => 3675,
				'failure_reason'     => 'insufficient_funds',
				'provider_reference' => 'ch_golden2',
				'payment_intent_id'  => 'pi_golden2',
				'created_at'         => '2026-07-09 02:00:00',
				'updated_at'         => '2026-07-09 02:00:05',
			)
		);
		$receipt = $this->receipt_number_of( $first );
		// Written by the one-request export of main (DonationExport::write()) for these rows; the
		// books' columns (refunded, fee and net while unknown, lost to dispute) follow Total.
		$expected = "\xEF\xBB\xBF"
			. '"Receipt number","Donation ID",Date,Status,Frequency,"Payment method",Amount,"Fundraising cost cover",Total,Refunded,"Provider fee","Net received","Lost to dispute",Currency,"Donated as",Organisation,"First name","Last name",Email,Mobile,"Address line 1","Address line 2",City,State,Postcode,Country,"In honour of","Iteration ID","UTM campaign","UTM source","UTM medium","UTM content","UTM term",Provider,"Charge or capture ID","Payment intent",Customer,Subscription,"Failure reason",Review,"Page URL","Attempt ID","Last updated"' . "\n"
			. "{$receipt},{$first},\"2026-03-02 00:30:00\",Succeeded,One-off,Card,52.50,0.00,52.50,0.00,,,0.00,AUD,Individual,,Zoë,O'Brien,zoe@{$this->domain},0412345678,\"1/23 Example St\",,Sydney,NSW,2000,Australia,,APPEAL-2026,\"winter, \"\"appeal\"\"\nline two\",newsletter,email,,,stripe,ch_golden1,pi_golden1,,,,,http://127.0.0.1:8891/donate/,golden-1-{$this->domain},\"2026-03-02 00:31:00\"\n"
			. ",{$second},\"2026-07-09 12:00:00\",Failed,\"Every 4 weeks\",\"Becs debit\",35.00,1.75,36.75,0.00,,,0.00,AUD,Organisation,'=cmd|calc,Ann,'-Lee,ann@{$this->domain},0412345678,\"1/23 Example St\",,Sydney,NSW,2000,Australia,,APPEAL-2026,winter-appeal,newsletter,email,,,stripe,ch_golden2,pi_golden2,,,insufficient_funds,,http://127.0.0.1:8891/donate/,golden-2-{$this->domain},\"2026-07-09 12:00:05\"\n";

		$this->assertSame( $expected, $this->exported_csv( array(), 1 ), 'one row per batch' );
		$this->assertSame( $expected, $this->exported_csv(), 'one batch' );
	}

	public function test_a_multi_batch_export_has_exactly_the_filtered_rows_once_each_in_id_order(): void {
		$this->insert_many_donations( 700, array( 'status' => 'failed' ) );
		$this->insert_many_donations( 1234 );
		$succeeded = $this->ids_of_this_test( 'succeeded' );
		$this->assertCount( 1234, $succeeded );

		$id      = $this->start_export(
			array(
				's'      => $this->domain,
				'status' => 'succeeded',
			)
		);
		$batches = $this->finish_export( $id, 100 );
		$job     = $this->job( $id );
		$csv     = $this->download_export( $id )['output'];

		$this->assertSame( 13, $batches, '12 full batches of 100, then 34 rows' );
		$this->assertSame( 13, $job->chunks );
		$this->assertSame( 1234, $job->rows_total );
		$this->assertSame( 1234, $job->rows_done );
		$this->assertSame( strlen( $csv ), $job->bytes );
		$this->assertSame( $succeeded, $this->ids_in( $csv ) );
		$this->assertSame( 1235, substr_count( $csv, "\n" ), 'a header and one line per donation' );
		$this->assertSame( $csv, $this->exported_csv( array( 'status' => 'succeeded' ) ), 'the same bytes as one batch' );
	}

	public function test_donations_made_after_the_export_started_are_not_in_it(): void {
		$this->insert_many_donations( 30 );
		$id = $this->start_export( array( 's' => $this->domain ) );
		$this->assertTrue( $this->worker()->step( $id, 60.0, 10 ) );
		$later = $this->insert_donation( array( 'first_name' => 'Later' ) );

		$this->finish_export( $id, 10 );
		$ids = $this->ids_in( $this->download_export( $id )['output'] );

		$this->assertCount( 30, $ids );
		$this->assertNotContains( $later, $ids );
	}

	public function test_memory_per_batch_and_per_download_does_not_grow_with_the_export(): void {
		$this->insert_many_donations( 500, array( 'status' => 'failed' ) );
		$this->insert_many_donations( 2500 );
		$measure = function ( array $request ): array {
			$id         = $this->start_export( $request + array( 's' => $this->domain ) );
			$batch_peak = 0;
			do {
				memory_reset_peak_usage();
				$before     = memory_get_usage();
				$worked     = $this->worker()->step( $id, 60.0, 500 );
				$batch_peak = max( $batch_peak, memory_get_peak_usage() - $before );
			} while ( $worked );
			$lines    = 0;
			$_GET     = array(
				'export'   => (string) $id,
				'_wpnonce' => wp_create_nonce( ExportDownload::nonce_action( $id ) ),
			);
			$_REQUEST = $_GET; // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- the request the download handler checks.
			memory_reset_peak_usage();
			$before = memory_get_usage();
			// Chunks leave the buffer as they come, as a response body would.
			ob_start(
				static function ( string $chunk ) use ( &$lines ): string {
					$lines += substr_count( $chunk, "\n" );
					return '';
				},
				8192
			);
			$this->service( ExportDownload::class )->handle();
			ob_end_clean();
			return array( $lines, $batch_peak, memory_get_peak_usage() - $before );
		};

		list( $small_lines, $small_batch, $small_download ) = $measure( array( 'status' => 'failed' ) );
		list( $lines, $batch, $download )                   = $measure( array() );

		$this->assertSame( 501, $small_lines );
		$this->assertSame( 3001, $lines );
		// Six times the rows, about the same memory: one batch at a time (all 3,000 rows at once
		// would take over 15 MB more).
		$this->assertLessThan( 1024 * 1024, $batch - $small_batch, "a batch's memory grew with the export: {$small_batch} bytes for 500 rows, {$batch} for 3,000" );
		$this->assertLessThan( 1024 * 1024, $download - $small_download, "the download's memory grew with the export: {$small_download} bytes, then {$download}" );
	}

	public function test_a_worker_cannot_take_a_batch_another_holds_and_a_late_worker_cannot_record_one_twice(): void {
		$this->insert_many_donations( 50 );
		$id = $this->start_export( array( 's' => $this->domain ) );

		// Server A takes the first batch and is slow.
		$a = $this->jobs()->claim( $this->job( $id ), str_repeat( 'a', 32 ), ExportWorker::LEASE_SECONDS );
		$this->assertNotNull( $a );
		$this->assertFalse( $this->worker()->step( $id, 60.0, 20 ), 'server B must leave a held batch alone' );
		$this->assertSame( 0, $this->job( $id )->chunks );
		$this->assertSame( 0, $this->chunk_count( $id ) );

		// A's lease runs out (its PHP process was killed): B takes the batch over and records it.
		$this->set_job( $id, array( 'claimed_until' => gmdate( 'Y-m-d H:i:s', time() - 1 ) ) );
		$this->assertTrue( $this->worker()->step( $id, 60.0, 20 ) );
		$this->assertSame( 1, $this->job( $id )->chunks );
		$this->assertSame( 20, $this->job( $id )->rows_done );

		// A wakes up and tries to record the same batch: refused, nothing changes.
		$this->assertFalse( $this->jobs()->write_chunk( $a, str_repeat( 'a', 32 ), 20, 'duplicate' ), 'the batch is stored already' );
		$this->assertFalse( $this->jobs()->advance( $a, str_repeat( 'a', 32 ), 999999, 20, 9, true, true ) );
		$job = $this->job( $id );
		$this->assertSame( array( 1, 20, ExportJob::RUNNING ), array( $job->chunks, $job->rows_done, $job->status ) );

		$this->finish_export( $id, 20 );
		$ids = $this->ids_in( $this->download_export( $id )['output'] );
		$this->assertSame( $this->ids_of_this_test(), $ids, 'every row once' );
	}

	public function test_concurrent_workers_on_several_servers_never_write_a_batch_twice(): void {
		global $wpdb;
		$servers = 4;
		$rows    = 3000;
		$batch   = 150;
		// The workers are other connections: they must see committed rows. So this test commits,
		// and deletes its rows at the end.
		$wpdb->query( 'ROLLBACK' );
		$id = 0;
		try {
			$this->insert_many_donations( $rows );
			$id      = $this->start_export( array( 's' => $this->domain ) );
			$results = $this->race( __DIR__ . '/concurrent-export.php', array_fill( 0, $servers, array( (string) $id, (string) $batch ) ) );

			$recorded = array_column( $results, 'recorded' );
			// 20 full batches, then one that finds no more rows and completes the export.
			$this->assertSame( $rows / $batch + 1, array_sum( $recorded ), 'each batch recorded by exactly one server: ' . wp_json_encode( $results ) );
			// They contended for batches (which server wins each one is up to the scheduler).
			$this->assertGreaterThan( 0, array_sum( array_column( $results, 'refused' ) ), 'no server was ever turned away from a held batch: ' . wp_json_encode( $results ) );
			$job = $this->job( $id );
			$this->assertSame( array( ExportJob::COMPLETE, $rows / $batch, $rows ), array( $job->status, $job->chunks, $job->rows_done ) );
			$this->assertTrue( $this->jobs()->is_whole( $job ) );
			$ids = $this->ids_in( $this->download_export( $id )['output'] );
			$this->assertCount( $rows, $ids );
			$this->assertSame( $this->ids_of_this_test(), $ids, 'every row once, in order' );
		} finally {
			$wpdb->query( $wpdb->prepare( 'DELETE FROM ' . Schema::table( 'donations' ) . ' WHERE email LIKE %s', '%@' . $wpdb->esc_like( $this->domain ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
			$wpdb->query( $wpdb->prepare( 'DELETE FROM ' . Schema::table( 'export_chunks' ) . ' WHERE export_id = %d', $id ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
			$wpdb->query( $wpdb->prepare( 'DELETE FROM ' . Schema::table( 'exports' ) . ' WHERE id = %d', $id ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
			// The totals insert_many_donations() re-derived were committed too: the day's totals
			// follow the rows again, or every later test would count 3,000 gifts nobody made.
			$this->service( DonationTotals::class )->rederive( gmdate( 'Y-m-d' ), gmdate( 'Y-m-d' ) );
			$wpdb->query( 'START TRANSACTION' );
		}
	}

	public function test_a_database_error_while_reading_fails_the_export_and_its_download_is_refused(): void {
		$this->insert_many_donations( 1000 );
		$id = $this->start_export( array( 's' => $this->domain ) );
		$this->assertTrue( $this->worker()->step( $id, 60.0, 200 ) );
		$this->assertTrue( $this->worker()->step( $id, 60.0, 200 ) );
		// The database goes wrong mid-way: the next read of donations fails (an error reads as
		// "no more rows" to $wpdb, which would have ended the file at 400 rows).
		$break = static fn ( string $sql ): string => str_starts_with( ltrim( $sql ), 'SELECT d.*' ) ? str_replace( 'd.id >', 'd.no_such_column >', $sql ) : $sql;
		add_filter( 'query', $break );
		global $wpdb;
		$wpdb->suppress_errors( true );
		try {
			$this->assertTrue( $this->worker()->step( $id, 60.0, 200 ) );
		} finally {
			$wpdb->suppress_errors( false );
			remove_filter( 'query', $break );
		}

		$job = $this->job( $id );
		$this->assertSame( ExportJob::FAILED, $job->status );
		$this->assertSame( 400, $job->rows_done );
		$this->assertStringContainsString( 'The donations could not be read or stored (read: ', $job->error );
		$this->assertFalse( $this->worker()->step( $id, 60.0, 200 ), 'a failed export is not written on' );

		$result = $this->download_export( $id );
		$this->assertDied( 409, $result );
		$this->assertStringContainsString( 'This export failed, so it has no file.', $result['stop']->detail );
		$this->assertStringNotContainsString( 'Receipt number', $result['output'] );

		$progress = $this->rest( 'POST', '/donation-widget/v1/exports/' . $id . '/batch' );
		$this->assertSame( 200, $progress->get_status() );
		$this->assertSame( 'failed', $progress->get_data()['status'] );
		$this->assertSame( '', $progress->get_data()['download_url'] );
	}

	public function test_a_batch_the_database_refuses_to_store_fails_the_export(): void {
		$this->insert_many_donations( 300 );
		$id     = $this->start_export( array( 's' => $this->domain ) );
		$chunks = Schema::table( 'export_chunks' );
		$this->assertTrue( $this->worker()->step( $id, 60.0, 100 ) );
		$break = static fn ( string $sql ): string => str_starts_with( $sql, "INSERT INTO {$chunks}" ) ? str_replace( $chunks, $chunks . '_gone', $sql ) : $sql;
		add_filter( 'query', $break );
		try {
			$this->assertTrue( $this->worker()->step( $id, 60.0, 100 ) );
		} finally {
			remove_filter( 'query', $break );
		}

		$job = $this->job( $id );
		$this->assertSame( array( ExportJob::FAILED, 1, 100 ), array( $job->status, $job->chunks, $job->rows_done ) );
		$this->assertStringContainsString( '(insert: ', $job->error );
		$this->assertDied( 409, $this->download_export( $id ) );
	}

	public function test_an_export_whose_worker_dies_at_the_same_batch_again_and_again_is_failed(): void {
		$this->insert_many_donations( 20 );
		$id = $this->start_export( array( 's' => $this->domain ) );
		// Each time, a server claims the batch and its PHP process is killed before recording it.
		for ( $death = 0; $death < ExportJobs::MAX_STALLS; $death++ ) {
			$this->assertNotNull( $this->jobs()->claim( $this->job( $id ), wp_generate_password( 32, false ), ExportWorker::LEASE_SECONDS ) );
			$this->set_job( $id, array( 'claimed_until' => gmdate( 'Y-m-d H:i:s', time() - 1 ) ) );
		}

		$this->assertTrue( $this->worker()->step( $id ) );

		$job = $this->job( $id );
		$this->assertSame( ExportJob::FAILED, $job->status );
		$this->assertStringContainsString( 'stopped several times at the same point', $job->error );
		$this->assertDied( 409, $this->download_export( $id ) );
	}

	public function test_an_unfinished_export_cannot_be_downloaded(): void {
		$this->insert_many_donations( 30 );
		$id = $this->start_export( array( 's' => $this->domain ) );
		$this->assertTrue( $this->worker()->step( $id, 60.0, 10 ) );

		$result = $this->download_export( $id );

		$this->assertDied( 409, $result );
		$this->assertStringContainsString( 'This export is not finished yet', $result['stop']->detail );
		$this->assertSame( '', $result['output'] );
	}

	public function test_a_complete_export_with_a_batch_missing_is_refused_and_failed(): void {
		global $wpdb;
		$this->insert_many_donations( 30 );
		$id = $this->start_export( array( 's' => $this->domain ) );
		$this->finish_export( $id, 10 );
		$wpdb->delete(
			Schema::table( 'export_chunks' ),
			array(
				'export_id' => $id,
				'seq'       => 1,
			)
		);

		$result = $this->download_export( $id );

		$this->assertDied( 409, $result );
		$this->assertSame( '', $result['output'] );
		$this->assertSame( ExportJob::FAILED, $this->job( $id )->status );
	}

	public function test_the_progress_route_writes_a_batch_and_answers_the_label_staff_see(): void {
		$this->insert_many_donations( 12 );
		$id = $this->start_export( array( 's' => $this->domain ) );

		$response = $this->rest( 'POST', '/donation-widget/v1/exports/' . $id . '/batch' );

		$this->assertSame( 200, $response->get_status() );
		$data = $response->get_data();
		$this->assertSame( 'complete', $data['status'] );
		$this->assertSame( array( 12, 12 ), array( $data['rows_total'], $data['rows_done'] ) );
		$this->assertSame( 'Export complete: 12 donations.', $data['label'] );
		$this->assertTrue( $data['worked'] );
		$this->assertStringContainsString( 'action=donation_widget_download_export', $data['download_url'] );

		$this->insert_many_donations( 12000 );
		$big  = $this->start_export( array( 's' => $this->domain ) );
		$data = $this->rest( 'POST', '/donation-widget/v1/exports/' . $big . '/batch' )->get_data();
		$this->assertSame( 'running', $data['status'] );
		$this->assertSame( 'Exporting donations: 5,000 of 12,012', $data['label'] );
		$this->assertSame( '', $data['download_url'] );
	}

	public function test_the_start_action_records_the_list_as_shown_and_returns_to_its_progress(): void {
		$user = $this->log_in_as( 'administrator' );
		$this->insert_many_donations( 3, array( 'status' => 'failed' ) );
		$this->insert_many_donations( 2 );

		$result = $this->admin_post(
			ExportPanel::START_ACTION,
			array(
				'_wpnonce' => wp_create_nonce( ExportPanel::START_ACTION ),
				's'        => $this->domain,
				'status'   => 'failed',
				'method'   => 'not a method!',
			)
		);

		$args = $this->redirected_to( $result );
		$this->assertSame( DonationsPage::SLUG, $args['page'] );
		$this->assertSame( 'failed', $args['status'] );
		$job = $this->job( (int) $args['export'] );
		$this->assertSame( $user, $job->user_id );
		$this->assertSame(
			array(
				's'      => $this->domain,
				'status' => 'failed',
			),
			$job->filters,
			'checked as the list checks them'
		);
		$this->assertSame( array( ExportJob::QUEUED, 3 ), array( $job->status, $job->rows_total ) );
		$this->assertIsInt( wp_next_scheduled( ExportSchedule::HOOK ), 'WP-Cron carries on if the tab is closed' );

		// The list it returns to shows the export's progress bar, labelled, and a live region.
		$_GET = wp_slash(
			array(
				'page'   => DonationsPage::SLUG,
				'export' => $args['export'],
			) + $job->filters
		);
		set_current_screen( 'donation-widget_page_' . DonationsPage::SLUG );
		$html = $this->run_stoppable( fn () => $this->service( DonationsPage::class )->render() )['output'];
		$this->assertStringContainsString( '<label for="donation-widget-export-progress" class="donation-widget-export-label">Exporting donations: 0 of 3</label>', $html );
		$this->assertStringContainsString( '<progress id="donation-widget-export-progress" max="3" value="0">', $html );
		$this->assertStringContainsString( 'role="status" aria-live="polite"', $html );
		$this->assertTrue( wp_script_is( ExportPanel::SCRIPT_HANDLE, 'enqueued' ) );
	}

	public function test_wp_cron_finishes_an_export_nobody_watches(): void {
		$this->insert_many_donations( 40 );
		$id = $this->start_export( array( 's' => $this->domain ) );

		do_action( ExportSchedule::HOOK ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- the plugin's own hook, through its constant.

		$this->assertSame( ExportJob::COMPLETE, $this->job( $id )->status );
		$this->assertSame( 40, count( $this->ids_in( $this->download_export( $id )['output'] ) ) );
	}

	/**
	 * @dataProvider staff_without_the_capability
	 */
	public function test_staff_without_the_donations_capability_are_refused_everywhere( string $role ): void {
		$this->insert_many_donations( 5 );
		$this->log_in_as( 'administrator' );
		$id = $this->start_export( array( 's' => $this->domain ) );
		$this->finish_export( $id );

		$this->log_in_as( $role );
		$start = $this->admin_post( ExportPanel::START_ACTION, array( '_wpnonce' => wp_create_nonce( ExportPanel::START_ACTION ) ) );
		$this->assertDied( 403, $start );
		$progress = $this->rest( 'POST', '/donation-widget/v1/exports/' . $id . '/batch' );
		$this->assertSame( 403, $progress->get_status() );
		$download = $this->download_export( $id );
		$this->assertDied( 403, $download );
		$this->assertStringNotContainsString( $this->domain, $download['output'] );
	}

	public static function staff_without_the_capability(): array {
		return array(
			'editor'     => array( 'editor' ),
			'subscriber' => array( 'subscriber' ),
		);
	}

	public function test_bad_nonces_are_refused_and_another_admins_export_is_not_found(): void {
		$this->insert_many_donations( 5 );
		$id = $this->start_export( array( 's' => $this->domain ) );
		$this->finish_export( $id );

		$this->assertDied( 403, $this->admin_post( ExportPanel::START_ACTION, array( '_wpnonce' => 'guessed' ) ) );
		$download = $this->admin_post(
			'donation_widget_download_export',
			array(
				'export'   => (string) $id,
				'_wpnonce' => wp_create_nonce( 'donation_widget_download_export_' . ( $id + 1 ) ),
			),
			'GET'
		);
		$this->assertDied( 403, $download, 'a nonce of another export' );
		$this->assertSame( '', $download['output'] );

		$this->log_in_as( 'administrator' );
		$this->assertDied( 404, $this->download_export( $id ) );
		$this->assertSame( 404, $this->rest( 'POST', '/donation-widget/v1/exports/' . $id . '/batch' )->get_status() );
	}

	public function test_the_daily_cleanup_deletes_exports_older_than_a_day_with_their_files(): void {
		$this->insert_many_donations( 20 );
		$old = $this->start_export( array( 's' => $this->domain ) );
		$this->finish_export( $old, 5 );
		$new = $this->start_export( array( 's' => $this->domain ) );
		$this->finish_export( $new, 5 );
		$this->set_job( $old, array( 'expires_at' => gmdate( 'Y-m-d H:i:s', time() - 60 ) ) );
		$this->assertSame( 'daily', RecurringEvents::all()[ ExportSchedule::PRUNE_HOOK ] );

		do_action( ExportSchedule::PRUNE_HOOK ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- the plugin's own hook, through its constant.

		$this->assertNull( $this->jobs()->find( $old ) );
		$this->assertSame( 0, $this->chunk_count( $old ) );
		$this->assertSame( ExportJob::COMPLETE, $this->job( $new )->status );
		$this->assertSame( 4, $this->chunk_count( $new ) );
		$this->assertDied( 404, $this->download_export( $old ) );
	}
}
