<?php
/**
 * The background exports and their files, in the database.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Exports;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQL.NotPrepared -- the exports' one gateway: every claim must be decided by the shared database on every server (never a cache); the only interpolated names are the plugin's own tables from Schema::table(), every value goes through $wpdb->prepare() or $wpdb->insert().

/**
 * Exports are kept in the database, never in local files, because the next batch may be written
 * and the file downloaded by any of several web servers. Each batch of the file is one row of
 * export_chunks, in order.
 *
 * A batch is taken by one worker at a time: claim() sets the worker's token and a lease, and only
 * succeeds while the job still stands at the batch the worker read (its chunk count) and no
 * other lease is live. advance() records the batch only under the same token and chunk count.
 * A worker whose PHP process died (a time limit, a fatal error) leaves its lease to expire; the
 * next claim counts a stall, and after MAX_STALLS at the same batch the export is failed rather
 * than retried for ever.
 */
final class ExportJobs {

	/**
	 * Times a worker may die at one batch before the export is given up.
	 */
	public const MAX_STALLS = 3;

	/**
	 * How long a job and its file are kept.
	 */
	public const KEEP_SECONDS = DAY_IN_SECONDS;

	/**
	 * Starts an export.
	 *
	 * @param int                   $user_id    Who asked.
	 * @param array<string, string> $filters    What it exports (the list's query arguments).
	 * @param int                   $rows_total How many rows match now.
	 * @param int                   $upto_id    The highest row id it may include.
	 * @return int The job's id, or 0 when the database refused it.
	 */
	public function create( int $user_id, array $filters, int $rows_total, int $upto_id ): int {
		global $wpdb;
		$now      = time();
		$inserted = $wpdb->insert(
			Schema::table( 'exports' ),
			array(
				'user_id'    => $user_id,
				'filters'    => (string) wp_json_encode( $filters ),
				'status'     => ExportJob::QUEUED,
				'rows_total' => max( 0, $rows_total ),
				'upto_id'    => max( 0, $upto_id ),
				'created_at' => gmdate( 'Y-m-d H:i:s', $now ),
				'updated_at' => gmdate( 'Y-m-d H:i:s', $now ),
				'expires_at' => gmdate( 'Y-m-d H:i:s', $now + self::KEEP_SECONDS ),
			),
			array( '%d', '%s', '%s', '%d', '%d', '%s', '%s', '%s' )
		);
		return false === $inserted ? 0 : (int) $wpdb->insert_id;
	}

	/**
	 * One export.
	 *
	 * @param int $id Row id.
	 */
	public function find( int $id ): ?ExportJob {
		global $wpdb;
		$row = $wpdb->get_row( $wpdb->prepare( 'SELECT * FROM ' . Schema::table( 'exports' ) . ' WHERE id = %d', $id ), ARRAY_A );
		return is_array( $row ) ? ExportJob::from_row( $row ) : null;
	}

	/**
	 * Unfinished exports not yet expired, oldest first (for the background worker).
	 *
	 * @param int $limit Most.
	 * @return list<int> Their ids.
	 */
	public function unfinished( int $limit ): array {
		global $wpdb;
		$ids = $wpdb->get_col(
			$wpdb->prepare(
				'SELECT id FROM ' . Schema::table( 'exports' ) . ' WHERE status IN (%s, %s) AND expires_at > %s ORDER BY id ASC LIMIT %d',
				ExportJob::QUEUED,
				ExportJob::RUNNING,
				self::now(),
				max( 1, $limit )
			)
		);
		return array_values( array_map( 'intval', $ids ) );
	}

	/**
	 * Takes the job's next batch for one worker.
	 *
	 * @param ExportJob $job   The job as the worker read it.
	 * @param string    $token The worker's claim token (32 characters).
	 * @param int       $lease Seconds the claim holds before another worker may take the batch.
	 * @return ExportJob|null The job as claimed, or null when another worker holds it or it moved on.
	 */
	public function claim( ExportJob $job, string $token, int $lease ): ?ExportJob {
		global $wpdb;
		$now = time();
		// stalls is assigned first: MariaDB reads claim_token's old value there (a live token
		// left behind by a worker that died), and the new one only in later assignments.
		$claimed = $wpdb->query(
			$wpdb->prepare(
				'UPDATE ' . Schema::table( 'exports' ) . ' SET stalls = stalls + IF(claim_token IS NULL, 0, 1), status = %s, claim_token = %s, claimed_until = %s, updated_at = %s
				WHERE id = %d AND status IN (%s, %s) AND chunks = %d AND expires_at > %s AND (claim_token IS NULL OR claimed_until < %s)',
				ExportJob::RUNNING,
				$token,
				gmdate( 'Y-m-d H:i:s', $now + $lease ),
				gmdate( 'Y-m-d H:i:s', $now ),
				$job->id,
				ExportJob::QUEUED,
				ExportJob::RUNNING,
				$job->chunks,
				gmdate( 'Y-m-d H:i:s', $now ),
				gmdate( 'Y-m-d H:i:s', $now )
			)
		);
		if ( 1 !== $claimed ) {
			return null;
		}
		$claimed_job = $this->find( $job->id );
		return null !== $claimed_job && $claimed_job->chunks === $job->chunks ? $claimed_job : null;
	}

	/**
	 * Stores one batch of the file under a claim. Rows left at or after this seq by a worker that
	 * died before recording its batch are removed first, only while the claim is still this
	 * worker's: a worker that lost its claim can never remove a batch another recorded, and its
	 * INSERT then fails on the (export_id, seq) key instead of replacing it.
	 *
	 * @param ExportJob $job   The job as claimed.
	 * @param string    $token The claim token.
	 * @param int       $rows  Rows in the batch.
	 * @param string    $csv   The batch's CSV text.
	 * @return bool False when another worker wrote this batch first (the claim was lost).
	 * @throws ExportFailed When the database refuses it.
	 */
	public function write_chunk( ExportJob $job, string $token, int $rows, string $csv ): bool {
		global $wpdb;
		$table   = Schema::table( 'export_chunks' );
		$exports = Schema::table( 'exports' );
		$cleared = $wpdb->query(
			$wpdb->prepare(
				"DELETE c FROM {$table} c INNER JOIN {$exports} e ON e.id = c.export_id WHERE c.export_id = %d AND c.seq >= %d AND e.claim_token = %s AND e.chunks = %d",
				$job->id,
				$job->chunks,
				$token,
				$job->chunks
			)
		);
		if ( false === $cleared ) {
			throw new ExportFailed( 'delete', esc_html( (string) $wpdb->last_error ) );
		}
		$body = gzdeflate( $csv, 1 );
		if ( false === $body ) {
			throw new ExportFailed( 'compress', '' );
		}
		$suppressed = $wpdb->suppress_errors( true );
		$inserted   = $wpdb->query(
			$wpdb->prepare(
				"INSERT INTO {$table} (export_id, seq, row_count, bytes, body) VALUES (%d, %d, %d, %d, %s)",
				$job->id,
				$job->chunks,
				$rows,
				strlen( $csv ),
				$body
			)
		);
		$error      = (string) $wpdb->last_error;
		$wpdb->suppress_errors( $suppressed );
		if ( 1 === $inserted ) {
			return true;
		}
		if ( str_contains( $error, 'Duplicate entry' ) ) {
			return false;
		}
		throw new ExportFailed( 'insert', esc_html( $error ) );
	}

	/**
	 * Records a batch written under a claim, and ends the claim.
	 *
	 * @param ExportJob $job      The job as claimed.
	 * @param string    $token    The claim token.
	 * @param int       $last_id  The last row id the batch holds (or read past).
	 * @param int       $rows     Rows in the batch.
	 * @param int       $bytes    Bytes of CSV in the batch.
	 * @param bool      $stored   Whether a chunk was stored (write_chunk()).
	 * @param bool      $finished Whether this was the last batch.
	 * @return bool Whether the worker still held the claim.
	 */
	public function advance( ExportJob $job, string $token, int $last_id, int $rows, int $bytes, bool $stored, bool $finished ): bool {
		global $wpdb;
		$advanced = $wpdb->query(
			$wpdb->prepare(
				'UPDATE ' . Schema::table( 'exports' ) . ' SET last_id = %d, rows_done = rows_done + %d, bytes = bytes + %d, chunks = chunks + %d, status = %s,
				stalls = 0, claim_token = NULL, claimed_until = NULL, updated_at = %s
				WHERE id = %d AND status = %s AND claim_token = %s AND chunks = %d',
				$last_id,
				$rows,
				$bytes,
				$stored ? 1 : 0,
				$finished ? ExportJob::COMPLETE : ExportJob::RUNNING,
				self::now(),
				$job->id,
				ExportJob::RUNNING,
				$token,
				$job->chunks
			)
		);
		return 1 === $advanced;
	}

	/**
	 * Ends a claim without recording a batch (another worker wrote it).
	 *
	 * @param int    $id    Job id.
	 * @param string $token The claim token.
	 */
	public function release( int $id, string $token ): void {
		global $wpdb;
		$wpdb->query(
			$wpdb->prepare(
				'UPDATE ' . Schema::table( 'exports' ) . ' SET claim_token = NULL, claimed_until = NULL WHERE id = %d AND claim_token = %s',
				$id,
				$token
			)
		);
	}

	/**
	 * Gives an export up: its file is never offered. Under a claim, only while it is held;
	 * without one, whatever its state (a finished file found damaged is failed too).
	 *
	 * @param int         $id    Job id.
	 * @param string|null $token The claim token, or null when no batch is claimed.
	 * @param string      $error Why, in words staff can act on.
	 * @return bool Whether it was failed here.
	 */
	public function fail( int $id, ?string $token, string $error ): bool {
		global $wpdb;
		$table = Schema::table( 'exports' );
		$error = mb_substr( $error, 0, 255 );
		$sql   = null === $token
			? $wpdb->prepare( "UPDATE {$table} SET status = %s, error = %s, claim_token = NULL, claimed_until = NULL, updated_at = %s WHERE id = %d AND status IN (%s, %s, %s)", ExportJob::FAILED, $error, self::now(), $id, ExportJob::QUEUED, ExportJob::RUNNING, ExportJob::COMPLETE )
			: $wpdb->prepare( "UPDATE {$table} SET status = %s, error = %s, claim_token = NULL, claimed_until = NULL, updated_at = %s WHERE id = %d AND status = %s AND claim_token = %s", ExportJob::FAILED, $error, self::now(), $id, ExportJob::RUNNING, $token );
		// phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- $sql is prepared just above.
		return 1 === $wpdb->query( $sql );
	}

	/**
	 * Whether the stored file is whole: every batch from 0 to the job's count is there, and
	 * together they hold the rows and bytes the job recorded.
	 *
	 * @param ExportJob $job The job.
	 */
	public function is_whole( ExportJob $job ): bool {
		global $wpdb;
		$found = $wpdb->get_row(
			$wpdb->prepare(
				'SELECT COUNT(*) AS chunks, COALESCE(SUM(row_count), 0) AS row_count, COALESCE(SUM(bytes), 0) AS bytes, COALESCE(MAX(seq), -1) AS last_seq FROM ' . Schema::table( 'export_chunks' ) . ' WHERE export_id = %d AND seq < %d',
				$job->id,
				$job->chunks
			),
			ARRAY_A
		);
		return is_array( $found ) && $job->chunks > 0
			&& (int) $found['chunks'] === $job->chunks
			&& (int) $found['last_seq'] === $job->chunks - 1
			&& (int) $found['row_count'] === $job->rows_done
			&& (int) $found['bytes'] === $job->bytes;
	}

	/**
	 * One stored batch of the file, as CSV text.
	 *
	 * @param int $id  Job id.
	 * @param int $seq Batch number, from 0.
	 * @return string|null Null when it is missing or unreadable.
	 */
	public function chunk( int $id, int $seq ): ?string {
		global $wpdb;
		$body = $wpdb->get_var( $wpdb->prepare( 'SELECT body FROM ' . Schema::table( 'export_chunks' ) . ' WHERE export_id = %d AND seq = %d', $id, $seq ) );
		if ( ! is_string( $body ) ) {
			return null;
		}
		$csv = gzinflate( $body );
		return false === $csv ? null : $csv;
	}

	/**
	 * Deletes exports past their time, and their files (the daily cleanup).
	 *
	 * @return int Exports deleted.
	 */
	public function prune(): int {
		global $wpdb;
		$exports = Schema::table( 'exports' );
		$chunks  = Schema::table( 'export_chunks' );
		$now     = self::now();
		$wpdb->query( $wpdb->prepare( "DELETE c FROM {$chunks} c INNER JOIN {$exports} e ON e.id = c.export_id WHERE e.expires_at <= %s", $now ) );
		$deleted = $wpdb->query( $wpdb->prepare( "DELETE FROM {$exports} WHERE expires_at <= %s", $now ) );
		// Batches whose job is gone (a worker that wrote after the job was deleted).
		$wpdb->query( "DELETE c FROM {$chunks} c LEFT JOIN {$exports} e ON e.id = c.export_id WHERE e.id IS NULL" );
		return is_int( $deleted ) ? $deleted : 0;
	}

	/**
	 * Now, in UTC.
	 */
	private static function now(): string {
		return gmdate( 'Y-m-d H:i:s' );
	}
}
