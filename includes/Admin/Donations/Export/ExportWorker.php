<?php
/**
 * Writes background exports of the donations list, one batch at a time.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Donations\Export;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Admin\Donations\DonationExport;
use DonationWidget\Admin\Donations\DonationFilters;
use DonationWidget\Admin\Donations\DonationQuery;
use DonationWidget\Database\Schema;
use DonationWidget\Exports\ExportFailed;
use DonationWidget\Exports\ExportJob;
use DonationWidget\Exports\ExportJobs;
use DonationWidget\Exports\ExportSchedule;

/**
 * A CSV of any size is built in batches that each fit well inside PHP's time limit: the admin's
 * progress requests each write one, and so does WP-Cron (so closing the tab does not stop it).
 * Each batch reads the next donations after the last id written (DonationQuery::batch_after(),
 * keyset pagination) and stores their lines (DonationExport) as one chunk. Donations added after
 * the export started are left out: it is the list as it was when staff pressed Export.
 */
final class ExportWorker {

	/**
	 * Rows in one stored batch at most: a few MB of CSV, written in well under a second.
	 */
	public const ROWS_PER_BATCH = 5000;

	/**
	 * Seconds a progress request spends writing at most, far inside PHP's usual 30 s limit.
	 */
	public const POLL_SECONDS = 5.0;

	/**
	 * Seconds one WP-Cron pass spends at most.
	 */
	public const CRON_SECONDS = 20.0;

	/**
	 * Seconds a claimed batch is held before another worker may take it over (a worker that
	 * died, killed by a time limit, leaves it).
	 */
	public const LEASE_SECONDS = 60;

	/**
	 * Builds the worker.
	 *
	 * @param DonationQuery  $query    Reads the donations.
	 * @param DonationExport $export   Writes their CSV lines.
	 * @param ExportJobs     $jobs     The exports and their files.
	 * @param ExportSchedule $schedule Wakes the background pass.
	 */
	public function __construct(
		private readonly DonationQuery $query,
		private readonly DonationExport $export,
		private readonly ExportJobs $jobs,
		private readonly ExportSchedule $schedule
	) {
	}

	/**
	 * Starts an export of a filtered list.
	 *
	 * @param int             $user_id Who asked.
	 * @param DonationFilters $filters The list's filters.
	 * @return int The export's id, or 0 when the database refused it.
	 */
	public function start( int $user_id, DonationFilters $filters ): int {
		global $wpdb;
		// Read before the count, so a donation made in between is in neither (ids only grow).
		$upto = (int) $wpdb->get_var( 'SELECT COALESCE(MAX(id), 0) FROM ' . Schema::table( 'donations' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQL.NotPrepared -- the newest id right now (never cached); the plugin's own table name, no values.
		$id   = $this->jobs->create( $user_id, $filters->query_args(), $this->query->totals( $filters )['count'], $upto );
		if ( $id > 0 ) {
			$this->schedule->soon();
		}
		return $id;
	}

	/**
	 * Writes the export's next batch, unless another worker holds it or it is finished.
	 *
	 * @param int   $id      Export id.
	 * @param float $seconds Time to spend reading at most (the batch is cut there).
	 * @param int   $rows    Rows in the batch at most.
	 * @return bool Whether this call moved the export on (a batch recorded, or the export failed).
	 */
	public function step( int $id, float $seconds = self::POLL_SECONDS, int $rows = self::ROWS_PER_BATCH ): bool {
		$job = $this->jobs->find( $id );
		if ( null === $job || ! $job->is_unfinished() ) {
			return false;
		}
		$token   = bin2hex( random_bytes( 16 ) );
		$claimed = $this->jobs->claim( $job, $token, self::LEASE_SECONDS );
		if ( null === $claimed ) {
			return false;
		}
		if ( $claimed->stalls >= ExportJobs::MAX_STALLS ) {
			return $this->jobs->fail( $id, $token, __( 'The export stopped several times at the same point (the server ran out of time or memory).', 'donation-widget' ) );
		}
		try {
			return $this->write_batch( $claimed, $token, $seconds, max( 1, $rows ) );
		} catch ( \Throwable $error ) {
			$detail = $error instanceof ExportFailed ? $error->step . ': ' . $error->detail : get_class( $error );
			/* translators: %s: the database's or PHP's error, for the site's administrator. */
			return $this->jobs->fail( $id, $token, sprintf( __( 'The donations could not be read or stored (%s).', 'donation-widget' ), $detail ) );
		}
	}

	/**
	 * The WP-Cron pass: advances every unfinished export for a while, then asks for another
	 * pass while one is left.
	 *
	 * @param float $seconds Time to spend at most.
	 */
	public function run( float $seconds = self::CRON_SECONDS ): void {
		$deadline = microtime( true ) + $seconds;
		foreach ( $this->jobs->unfinished( 20 ) as $id ) {
			do {
				$left = $deadline - microtime( true );
				if ( $left <= 0 ) {
					break 2;
				}
				// A batch another worker holds is left to it: on to the next export.
			} while ( $this->step( $id, min( self::POLL_SECONDS, $left ) ) );
		}
		if ( array() !== $this->jobs->unfinished( 1 ) ) {
			$this->schedule->soon();
		}
	}

	/**
	 * Reads, writes and records one claimed batch.
	 *
	 * @param ExportJob $job     The export as claimed.
	 * @param string    $token   The claim token.
	 * @param float     $seconds Time to spend reading at most.
	 * @param int       $limit   Rows at most.
	 * @return bool Whether the batch was recorded.
	 * @throws ExportFailed When the database refuses a read.
	 */
	private function write_batch( ExportJob $job, string $token, float $seconds, int $limit ): bool {
		global $wpdb;
		$deadline = microtime( true ) + $seconds;
		$filters  = DonationFilters::from_request( $job->filters );
		$csv      = 0 === $job->chunks ? $this->export->preamble() : '';
		$after    = $job->last_id;
		$rows     = 0;
		$finished = false;
		while ( ! $finished && $rows < $limit ) {
			$want  = min( DonationQuery::BATCH_SIZE, $limit - $rows );
			$batch = $this->query->batch_after( $filters, $after, $want );
			// An error reads as no rows: without this check a failed query would end the file early.
			if ( '' !== (string) $wpdb->last_error ) {
				throw new ExportFailed( 'read', esc_html( (string) $wpdb->last_error ) );
			}
			$kept = array_values( array_filter( $batch, static fn ( $donation ): bool => $donation->id() <= $job->upto_id ) );
			if ( count( $kept ) < $want ) {
				$finished = true;
			}
			if ( array() !== $kept ) {
				$csv  .= $this->export->lines( $kept );
				$rows += count( $kept );
				$after = $kept[ count( $kept ) - 1 ]->id();
			}
			// Let this read go before the next, so only one is ever held.
			unset( $batch, $kept );
			if ( microtime( true ) >= $deadline ) {
				break;
			}
		}//end while
		$stored = '' !== $csv;
		if ( $stored && ! $this->jobs->write_chunk( $job, $token, $rows, $csv ) ) {
			// Another worker took this batch over and stored it first: its record stands.
			$this->jobs->release( $job->id, $token );
			return false;
		}
		return $this->jobs->advance( $job, $token, $after, $rows, strlen( $csv ), $stored, $finished );
	}
}
