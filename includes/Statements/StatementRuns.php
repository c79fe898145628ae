<?php
/**
 * "Send all statements" for a year: how far it has got.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Statements;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQL.NotPrepared -- the runs table's one gateway: the cursor moves by compare-and-set in the shared database (never a cache); the only interpolated name is the plugin's own table from Schema::table(), every value goes through $wpdb->prepare().

/**
 * One row per year. A run first finds the year's donors (finding: a page of donors at a time,
 * cursor_email the last address looked at), then sends their statements (sending), then is
 * done. The cursor moves only from the value the worker read (a compare-and-set), so two servers
 * working at once at worst find the same page twice, which the statements table's UNIQUE key
 * absorbs.
 */
final class StatementRuns {

	public const FINDING = 'finding';
	public const SENDING = 'sending';
	public const DONE    = 'done';

	/**
	 * Starts (or starts again) the run of a year. Statements already sent stay sent.
	 *
	 * @param FinancialYear $year    The year.
	 * @param int           $user_id Who asked.
	 */
	public function start( FinancialYear $year, int $user_id ): void {
		global $wpdb;
		$table = Schema::table( 'statement_runs' );
		$now   = current_time( 'mysql', true );
		$wpdb->query(
			$wpdb->prepare(
				"INSERT INTO {$table} (year, status, cursor_email, started_by, started_at, updated_at) VALUES (%d, %s, '', %d, %s, %s) ON DUPLICATE KEY UPDATE status = VALUES(status), cursor_email = '', started_by = VALUES(started_by), started_at = VALUES(started_at), updated_at = VALUES(updated_at), finished_at = NULL",
				$year->ending,
				self::FINDING,
				$user_id,
				$now,
				$now
			)
		);
	}

	/**
	 * The run of a year.
	 *
	 * @param FinancialYear $year The year.
	 * @return array{status: string, cursor_email: string, started_at: string, finished_at: string}|null
	 */
	public function find( FinancialYear $year ): ?array {
		global $wpdb;
		$row = $wpdb->get_row( $wpdb->prepare( 'SELECT status, cursor_email, started_at, finished_at FROM ' . Schema::table( 'statement_runs' ) . ' WHERE year = %d', $year->ending ), ARRAY_A );
		if ( ! is_array( $row ) ) {
			return null;
		}
		return array(
			'status'       => (string) $row['status'],
			'cursor_email' => (string) $row['cursor_email'],
			'started_at'   => (string) $row['started_at'],
			'finished_at'  => (string) ( $row['finished_at'] ?? '' ),
		);
	}

	/**
	 * Years whose run is not done, for the background worker.
	 *
	 * @return list<FinancialYear>
	 */
	public function unfinished(): array {
		global $wpdb;
		$years = $wpdb->get_col( $wpdb->prepare( 'SELECT year FROM ' . Schema::table( 'statement_runs' ) . ' WHERE status <> %s ORDER BY year ASC', self::DONE ) );
		return array_values( array_map( static fn ( $year ): FinancialYear => new FinancialYear( (int) $year ), $years ) );
	}

	/**
	 * Moves the cursor on, only from where the worker read it.
	 *
	 * @param FinancialYear $year The year.
	 * @param string        $from The cursor read.
	 * @param string        $to   The last address of the page found.
	 * @param bool          $last Whether that was the last page (then sending starts).
	 */
	public function advance( FinancialYear $year, string $from, string $to, bool $last ): bool {
		global $wpdb;
		$wpdb->query(
			$wpdb->prepare(
				'UPDATE ' . Schema::table( 'statement_runs' ) . ' SET cursor_email = %s, status = %s, updated_at = %s WHERE year = %d AND status = %s AND cursor_email = %s',
				$to,
				$last ? self::SENDING : self::FINDING,
				current_time( 'mysql', true ),
				$year->ending,
				self::FINDING,
				$from
			)
		);
		return 1 === (int) $wpdb->rows_affected;
	}

	/**
	 * Marks the run done once nothing is left to send.
	 *
	 * @param FinancialYear $year The year.
	 */
	public function finish( FinancialYear $year ): void {
		global $wpdb;
		$now = current_time( 'mysql', true );
		$wpdb->query( $wpdb->prepare( 'UPDATE ' . Schema::table( 'statement_runs' ) . ' SET status = %s, finished_at = %s, updated_at = %s WHERE year = %d AND status = %s', self::DONE, $now, $now, $year->ending, self::SENDING ) );
	}
}
