<?php
/**
 * One background export.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Exports;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * An export as its row holds it: who asked, for what, and how far it has got. Times are UTC
 * ('Y-m-d H:i:s').
 */
final class ExportJob {

	public const QUEUED   = 'queued';
	public const RUNNING  = 'running';
	public const COMPLETE = 'complete';
	public const FAILED   = 'failed';

	/**
	 * Builds it.
	 *
	 * @param int                   $id         Row id.
	 * @param int                   $user_id    The staff member who started it.
	 * @param array<string, string> $filters    The list's query arguments it exports.
	 * @param string                $status     QUEUED, RUNNING, COMPLETE or FAILED.
	 * @param int                   $rows_total Matching rows when it started.
	 * @param int                   $rows_done  Rows written so far.
	 * @param int                   $last_id    The last row id written (0 before the first).
	 * @param int                   $upto_id    The highest row id it may include (rows added later are not part of it).
	 * @param int                   $chunks     Batches written (the next batch's seq).
	 * @param int                   $bytes      Bytes of CSV written.
	 * @param int                   $stalls     Times a worker died holding the current batch.
	 * @param string                $error      Why it failed, or ''.
	 * @param string                $created_at When it was started.
	 * @param string                $expires_at When it and its file are deleted.
	 */
	public function __construct(
		public readonly int $id,
		public readonly int $user_id,
		public readonly array $filters,
		public readonly string $status,
		public readonly int $rows_total,
		public readonly int $rows_done,
		public readonly int $last_id,
		public readonly int $upto_id,
		public readonly int $chunks,
		public readonly int $bytes,
		public readonly int $stalls,
		public readonly string $error,
		public readonly string $created_at,
		public readonly string $expires_at
	) {
	}

	/**
	 * Builds it from a database row.
	 *
	 * @param array<string, mixed> $row Columns.
	 */
	public static function from_row( array $row ): self {
		$filters = json_decode( (string) ( $row['filters'] ?? '' ), true );
		return new self(
			(int) ( $row['id'] ?? 0 ),
			(int) ( $row['user_id'] ?? 0 ),
			is_array( $filters ) ? array_map( 'strval', array_filter( $filters, 'is_scalar' ) ) : array(),
			(string) ( $row['status'] ?? '' ),
			(int) ( $row['rows_total'] ?? 0 ),
			(int) ( $row['rows_done'] ?? 0 ),
			(int) ( $row['last_id'] ?? 0 ),
			(int) ( $row['upto_id'] ?? 0 ),
			(int) ( $row['chunks'] ?? 0 ),
			(int) ( $row['bytes'] ?? 0 ),
			(int) ( $row['stalls'] ?? 0 ),
			(string) ( $row['error'] ?? '' ),
			(string) ( $row['created_at'] ?? '' ),
			(string) ( $row['expires_at'] ?? '' )
		);
	}

	/**
	 * Whether batches are still to be written.
	 */
	public function is_unfinished(): bool {
		return self::QUEUED === $this->status || self::RUNNING === $this->status;
	}

	/**
	 * Whether every batch has been written.
	 */
	public function is_complete(): bool {
		return self::COMPLETE === $this->status;
	}

	/**
	 * Whether it stopped for good without its file.
	 */
	public function is_failed(): bool {
		return self::FAILED === $this->status;
	}
}
