<?php
/**
 * The imports and their staged rows, in the database.
 *
 * @package DonationWidget
 */

namespace DonationWidget\HistoryImport;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQL.NotPrepared -- the imports' one gateway: every claim is decided by the shared database on every server (never a cache); the only interpolated names are the domain's own tables from Schema::table(), every value goes through $wpdb->prepare() or $wpdb->insert().

/**
 * A batch of the dry run or of the import is taken by one worker at a time: claim() sets the
 * worker's token and a lease, and succeeds only while the job still stands where the worker read
 * it (checked_upto / imported_upto) and no other lease is live. A batch records its progress
 * (advance_*) only under the same token and position, so two servers never count one batch twice;
 * a worker whose process died leaves its lease to expire, and the next one takes the batch again
 * (the gifts it already wrote are found by their attempt id, never written twice).
 */
final class ImportJobs {

	/**
	 * Times a worker may die at one batch before the import is given up.
	 */
	public const MAX_STALLS = 3;

	/**
	 * Days an upload nobody imported is kept.
	 */
	public const KEEP_UNUSED_DAYS = 30;

	/**
	 * Rows written in one INSERT while staging.
	 */
	private const INSERT_ROWS = 250;

	/**
	 * Starts an upload.
	 *
	 * @param int      $user_id     Who uploaded it.
	 * @param string   $file_name   The file's name.
	 * @param int      $file_bytes  Its size.
	 * @param string   $encoding    Encoding read.
	 * @param string   $delimiter   Delimiter found.
	 * @param string   $source_site Where the gifts came from.
	 * @param string[] $header      The header row.
	 * @return int The job's id, or 0 when the database refused it.
	 * @phpstan-param list<string> $header
	 */
	public function create( int $user_id, string $file_name, int $file_bytes, string $encoding, string $delimiter, string $source_site, array $header ): int {
		global $wpdb;
		$now      = self::now();
		$inserted = $wpdb->insert(
			Schema::table( ImportTables::IMPORTS ),
			array(
				'user_id'     => $user_id,
				'file_name'   => mb_substr( $file_name, 0, 191 ),
				'file_bytes'  => $file_bytes,
				'encoding'    => $encoding,
				'delimiter'   => $delimiter,
				'source_site' => mb_substr( $source_site, 0, 191 ),
				'header'      => (string) wp_json_encode( $header ),
				'mapping'     => '{}',
				'stage'       => ImportJob::UPLOADING,
				'created_at'  => $now,
				'updated_at'  => $now,
			),
			array( '%d', '%s', '%d', '%s', '%s', '%s', '%s', '%s', '%s', '%s', '%s' )
		);
		return false === $inserted ? 0 : (int) $wpdb->insert_id;
	}

	/**
	 * Stages rows of the file.
	 *
	 * @param int                      $id   Job id.
	 * @param array<int, list<string>> $rows Row number => cells (UTF-8).
	 * @return bool Whether every row was written.
	 */
	public function add_rows( int $id, array $rows ): bool {
		global $wpdb;
		$table = Schema::table( ImportTables::ROWS );
		foreach ( array_chunk( $rows, self::INSERT_ROWS, true ) as $chunk ) {
			$values = array();
			$args   = array();
			foreach ( $chunk as $row_no => $cells ) {
				$values[] = '(%d, %d, %s)';
				array_push( $args, $id, $row_no, (string) wp_json_encode( $cells, JSON_UNESCAPED_UNICODE ) );
			}
			$written = $wpdb->query( $wpdb->prepare( "INSERT INTO {$table} (import_id, row_no, cells) VALUES " . implode( ', ', $values ), $args ) ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- a placeholder group per row.
			if ( count( $chunk ) !== $written ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * Ends staging: the rows are all in; the job waits for its columns, or (a recognised file)
	 * goes straight to the dry run.
	 *
	 * @param int                $id         Job id.
	 * @param string             $source     ImportedGift::GIVEWP or ImportedGift::CSV.
	 * @param array<string, int> $mapping    Field => column, as recognised (may be empty).
	 * @param int                $rows_total Rows staged.
	 * @param bool               $check_now  Whether the dry run starts at once.
	 */
	public function staged( int $id, string $source, array $mapping, int $rows_total, bool $check_now ): void {
		global $wpdb;
		$wpdb->update(
			Schema::table( ImportTables::IMPORTS ),
			array(
				'source'     => $source,
				'mapping'    => (string) wp_json_encode( (object) $mapping ),
				'rows_total' => $rows_total,
				'stage'      => $check_now ? ImportJob::CHECKING : ImportJob::MAPPING,
				'updated_at' => self::now(),
			),
			array(
				'id'    => $id,
				'stage' => ImportJob::UPLOADING,
			),
			array( '%s', '%s', '%d', '%s', '%s' ),
			array( '%d', '%s' )
		);
	}

	/**
	 * Sets the columns staff chose and starts (or starts again) the dry run. Only before the
	 * import starts.
	 *
	 * @param int                $id      Job id.
	 * @param array<string, int> $mapping Field => column index.
	 * @return bool Whether the job took it.
	 */
	public function map( int $id, array $mapping ): bool {
		global $wpdb;
		$imports = Schema::table( ImportTables::IMPORTS );
		$mapped  = $wpdb->query(
			$wpdb->prepare(
				"UPDATE {$imports} SET mapping = %s, stage = %s, date_format = '', date_source = '', checked_upto = 0, rows_ok = 0, rows_refused = 0, claim_token = NULL, claimed_until = NULL, stalls = 0, updated_at = %s WHERE id = %d AND stage IN (%s, %s)", // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- the domain's own table from Schema::table().
				(string) wp_json_encode( (object) $mapping ),
				ImportJob::CHECKING,
				self::now(),
				$id,
				ImportJob::MAPPING,
				ImportJob::CHECKED
			)
		);
		if ( 1 !== $mapped ) {
			return false;
		}
		$wpdb->query( $wpdb->prepare( 'UPDATE ' . Schema::table( ImportTables::ROWS ) . " SET verdict = '', detail = '', identity = '' WHERE import_id = %d", $id ) );
		return true;
	}

	/**
	 * Starts the import once the dry run is read (only from checked, with something to create).
	 *
	 * @param int $id Job id.
	 * @return bool Whether it started here.
	 */
	public function start_import( int $id ): bool {
		global $wpdb;
		$started = $wpdb->query(
			$wpdb->prepare(
				'UPDATE ' . Schema::table( ImportTables::IMPORTS ) . ' SET stage = %s, imported_upto = 0, rows_created = 0, rows_present = 0, stalls = 0, updated_at = %s WHERE id = %d AND stage = %s AND rows_ok > 0',
				ImportJob::IMPORTING,
				self::now(),
				$id,
				ImportJob::CHECKED
			)
		);
		return 1 === $started;
	}

	/**
	 * Deletes an import and its staged rows (an upload refused half-way; or staff discarding it).
	 * The gifts it created stay.
	 *
	 * @param int $id Job id.
	 */
	public function delete( int $id ): void {
		global $wpdb;
		$wpdb->delete( Schema::table( ImportTables::ROWS ), array( 'import_id' => $id ), array( '%d' ) );
		$wpdb->delete( Schema::table( ImportTables::IMPORTS ), array( 'id' => $id ), array( '%d' ) );
	}

	/**
	 * Forgets the copies of donor details uploads left behind: an upload that never finished
	 * staging (a request that died mid-upload) after a day; one nobody imported after
	 * KEEP_UNUSED_DAYS; and, a day after an import ended, its rows' cells (the gifts are in the
	 * donations table; each row keeps its identity, verdict and donation).
	 *
	 * @return int Imports deleted or emptied.
	 */
	public function prune(): int {
		global $wpdb;
		$imports = Schema::table( ImportTables::IMPORTS );
		$day_ago = gmdate( 'Y-m-d H:i:s', time() - DAY_IN_SECONDS );
		$unused  = gmdate( 'Y-m-d H:i:s', time() - self::KEEP_UNUSED_DAYS * DAY_IN_SECONDS );
		$gone    = $wpdb->get_col( $wpdb->prepare( "SELECT id FROM {$imports} WHERE (stage = %s AND updated_at < %s) OR (stage IN (%s, %s) AND updated_at < %s)", ImportJob::UPLOADING, $day_ago, ImportJob::MAPPING, ImportJob::CHECKED, $unused ) ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- the domain's own table from Schema::table().
		foreach ( $gone as $id ) {
			$this->delete( (int) $id );
		}
		$ended = $wpdb->get_col( $wpdb->prepare( "SELECT id FROM {$imports} WHERE stage IN (%s, %s) AND updated_at < %s AND cells_emptied = 0", ImportJob::DONE, ImportJob::FAILED, $day_ago ) ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- the domain's own table from Schema::table().
		foreach ( $ended as $id ) {
			$wpdb->query( $wpdb->prepare( 'UPDATE ' . Schema::table( ImportTables::ROWS ) . " SET cells = '[]' WHERE import_id = %d", (int) $id ) );
			$wpdb->query( $wpdb->prepare( "UPDATE {$imports} SET cells_emptied = 1 WHERE id = %d", (int) $id ) ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- the domain's own table from Schema::table().
		}
		return count( $gone ) + count( $ended );
	}

	/**
	 * One import.
	 *
	 * @param int $id Row id.
	 */
	public function find( int $id ): ?ImportJob {
		global $wpdb;
		$row = $wpdb->get_row( $wpdb->prepare( 'SELECT * FROM ' . Schema::table( ImportTables::IMPORTS ) . ' WHERE id = %d', $id ), ARRAY_A );
		return is_array( $row ) ? ImportJob::from_row( $row ) : null;
	}

	/**
	 * The latest imports, newest first.
	 *
	 * @param int $limit Most.
	 * @return list<ImportJob>
	 */
	public function recent( int $limit ): array {
		global $wpdb;
		$rows = $wpdb->get_results( $wpdb->prepare( 'SELECT * FROM ' . Schema::table( ImportTables::IMPORTS ) . ' WHERE stage <> %s ORDER BY id DESC LIMIT %d', ImportJob::UPLOADING, max( 1, $limit ) ), ARRAY_A );
		return array_values( array_map( array( ImportJob::class, 'from_row' ), is_array( $rows ) ? $rows : array() ) );
	}

	/**
	 * Imports a worker should advance, oldest first.
	 *
	 * @param int $limit Most.
	 * @return list<int>
	 */
	public function running( int $limit ): array {
		global $wpdb;
		$ids = $wpdb->get_col( $wpdb->prepare( 'SELECT id FROM ' . Schema::table( ImportTables::IMPORTS ) . ' WHERE stage IN (%s, %s) ORDER BY id ASC LIMIT %d', ImportJob::CHECKING, ImportJob::IMPORTING, max( 1, $limit ) ) );
		return array_values( array_map( 'intval', $ids ) );
	}

	/**
	 * Takes the job's next batch for one worker.
	 *
	 * @param ImportJob $job   The job as the worker read it.
	 * @param string    $token The worker's token (32 characters).
	 * @param int       $lease Seconds the claim holds.
	 * @return ImportJob|null The job as claimed, or null when another worker holds it or it moved on.
	 */
	public function claim( ImportJob $job, string $token, int $lease ): ?ImportJob {
		global $wpdb;
		$now = time();
		// stalls first: MariaDB reads claim_token's old value there (a lease left by a worker that died).
		$claimed = $wpdb->query(
			$wpdb->prepare(
				'UPDATE ' . Schema::table( ImportTables::IMPORTS ) . ' SET stalls = stalls + IF(claim_token IS NULL, 0, 1), claim_token = %s, claimed_until = %s, updated_at = %s
				WHERE id = %d AND stage = %s AND checked_upto = %d AND imported_upto = %d AND (claim_token IS NULL OR claimed_until < %s)',
				$token,
				gmdate( 'Y-m-d H:i:s', $now + $lease ),
				gmdate( 'Y-m-d H:i:s', $now ),
				$job->id,
				$job->stage,
				$job->checked_upto,
				$job->imported_upto,
				gmdate( 'Y-m-d H:i:s', $now )
			)
		);
		if ( 1 !== $claimed ) {
			return null;
		}
		$claimed_job = $this->find( $job->id );
		return null !== $claimed_job && $claimed_job->stage === $job->stage && $claimed_job->checked_upto === $job->checked_upto && $claimed_job->imported_upto === $job->imported_upto ? $claimed_job : null;
	}

	/**
	 * Stalls counted at the job's current batch.
	 *
	 * @param int $id Job id.
	 */
	public function stalls( int $id ): int {
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( 'SELECT stalls FROM ' . Schema::table( ImportTables::IMPORTS ) . ' WHERE id = %d', $id ) );
	}

	/**
	 * Records how the dry run reads dates (first batch of the dry run, under its claim).
	 *
	 * @param int    $id     Job id.
	 * @param string $token  The claim token.
	 * @param string $format PHP date format.
	 * @param string $source 'site' or 'file'.
	 */
	public function set_date_format( int $id, string $token, string $format, string $source ): bool {
		global $wpdb;
		return 1 === $wpdb->query( $wpdb->prepare( 'UPDATE ' . Schema::table( ImportTables::IMPORTS ) . ' SET date_format = %s, date_source = %s WHERE id = %d AND claim_token = %s', $format, $source, $id, $token ) );
	}

	/**
	 * Staged rows after a row number, in order.
	 *
	 * @param int    $id      Job id.
	 * @param int    $after   Row number to start after.
	 * @param int    $limit   Most.
	 * @param string $verdict Only rows with this verdict ('' for any).
	 * @return list<array{row_no: int, cells: list<string>, identity: string, verdict: string, detail: string}>
	 */
	public function rows_after( int $id, int $after, int $limit, string $verdict = '' ): array {
		global $wpdb;
		$table = Schema::table( ImportTables::ROWS );
		$rows  = '' === $verdict
			? $wpdb->get_results( $wpdb->prepare( "SELECT row_no, cells, identity, verdict, detail FROM {$table} WHERE import_id = %d AND row_no > %d ORDER BY row_no ASC LIMIT %d", $id, $after, $limit ), ARRAY_A ) // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- the domain's own table from Schema::table().
			: $wpdb->get_results( $wpdb->prepare( "SELECT row_no, cells, identity, verdict, detail FROM {$table} WHERE import_id = %d AND verdict = %s AND row_no > %d ORDER BY row_no ASC LIMIT %d", $id, $verdict, $after, $limit ), ARRAY_A ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- the domain's own table from Schema::table().
		return array_values( array_map( array( self::class, 'row' ), is_array( $rows ) ? $rows : array() ) );
	}

	/**
	 * One page of the dry run: accepted rows ('ok'), refused rows ('refused') or every row.
	 *
	 * @param int    $id       Job id.
	 * @param string $filter   'ok', 'refused' or ''.
	 * @param int    $page     From 1.
	 * @param int    $per_page Rows a page.
	 * @return array{rows: list<array{row_no: int, cells: list<string>, identity: string, verdict: string, detail: string}>, total: int}
	 */
	public function page( int $id, string $filter, int $page, int $per_page ): array {
		global $wpdb;
		$table = Schema::table( ImportTables::ROWS );
		$where = match ( $filter ) {
			'ok'      => $wpdb->prepare( 'import_id = %d AND verdict = %s', $id, RowVerdict::OK ),
			'refused' => $wpdb->prepare( 'import_id = %d AND verdict NOT IN (%s, %s)', $id, RowVerdict::OK, '' ),
			default   => $wpdb->prepare( 'import_id = %d', $id ),
		};
		$total = (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$table} WHERE {$where}" ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- $where is prepared above.
		$rows  = $wpdb->get_results( $wpdb->prepare( "SELECT row_no, cells, identity, verdict, detail FROM {$table} WHERE {$where} ORDER BY row_no ASC LIMIT %d OFFSET %d", $per_page, max( 0, $page - 1 ) * $per_page ), ARRAY_A ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- $where is prepared above.
		return array(
			'rows'  => array_values( array_map( array( self::class, 'row' ), is_array( $rows ) ? $rows : array() ) ),
			'total' => $total,
		);
	}

	/**
	 * The first accepted row of each identity, before a row number (a duplicate within the file).
	 *
	 * @param int      $id         Job id.
	 * @param string[] $identities Identities to look for.
	 * @param int      $upto       Rows up to this number (inclusive).
	 * @return array<string, int> Identity => row number.
	 * @phpstan-param list<string> $identities
	 */
	public function first_rows( int $id, array $identities, int $upto ): array {
		global $wpdb;
		$identities = array_values( array_unique( array_filter( $identities ) ) );
		if ( array() === $identities || $upto < 1 ) {
			return array();
		}
		$table = Schema::table( ImportTables::ROWS );
		$found = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT identity, MIN(row_no) AS row_no FROM {$table} WHERE import_id = %d AND identity IN (" . implode( ', ', array_fill( 0, count( $identities ), '%s' ) ) . ') AND verdict = %s AND row_no <= %d GROUP BY identity', // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- a %s placeholder per identity.
				array_merge( array( $id ), $identities, array( RowVerdict::OK, $upto ) )
			),
			ARRAY_A
		);
		$first = array();
		foreach ( is_array( $found ) ? $found : array() as $row ) {
			$first[ (string) $row['identity'] ] = (int) $row['row_no'];
		}
		return $first;
	}

	/**
	 * Writes the dry run's verdicts of a batch (one statement).
	 *
	 * @param int                                                                  $id       Job id.
	 * @param array<int, array{identity: string, verdict: string, detail: string}> $verdicts Row number => verdict.
	 */
	public function write_verdicts( int $id, array $verdicts ): bool {
		global $wpdb;
		if ( array() === $verdicts ) {
			return true;
		}
		$values = array();
		$args   = array();
		foreach ( $verdicts as $row_no => $verdict ) {
			$values[] = "(%d, %d, '', %s, %s, %s)";
			array_push( $args, $id, $row_no, $verdict['identity'], $verdict['verdict'], mb_substr( $verdict['detail'], 0, 255 ) );
		}
		$table = Schema::table( ImportTables::ROWS );
		return false !== $wpdb->query( $wpdb->prepare( "INSERT INTO {$table} (import_id, row_no, cells, identity, verdict, detail) VALUES " . implode( ', ', $values ) . ' ON DUPLICATE KEY UPDATE identity = VALUES(identity), verdict = VALUES(verdict), detail = VALUES(detail)', $args ) ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- a placeholder group per row.
	}

	/**
	 * Writes which donation each row of a batch made or found.
	 *
	 * @param int             $id        Job id.
	 * @param array<int, int> $donations Row number => donation id.
	 */
	public function write_donations( int $id, array $donations ): bool {
		global $wpdb;
		if ( array() === $donations ) {
			return true;
		}
		$values = array();
		$args   = array();
		foreach ( $donations as $row_no => $donation_id ) {
			$values[] = "(%d, %d, '', %d)";
			array_push( $args, $id, $row_no, $donation_id );
		}
		$table = Schema::table( ImportTables::ROWS );
		return false !== $wpdb->query( $wpdb->prepare( "INSERT INTO {$table} (import_id, row_no, cells, donation_id) VALUES " . implode( ', ', $values ) . ' ON DUPLICATE KEY UPDATE donation_id = VALUES(donation_id)', $args ) ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- a placeholder group per row.
	}

	/**
	 * Records a batch of the dry run, and ends the claim.
	 *
	 * @param ImportJob $job      The job as claimed.
	 * @param string    $token    The claim token.
	 * @param int       $upto     The last row number the batch checked.
	 * @param int       $ok       Rows accepted in it.
	 * @param int       $refused  Rows refused in it.
	 * @param bool      $finished Whether it was the last batch.
	 * @return bool Whether the worker still held the claim.
	 */
	public function advance_check( ImportJob $job, string $token, int $upto, int $ok, int $refused, bool $finished ): bool {
		global $wpdb;
		return 1 === $wpdb->query(
			$wpdb->prepare(
				'UPDATE ' . Schema::table( ImportTables::IMPORTS ) . ' SET checked_upto = %d, rows_ok = rows_ok + %d, rows_refused = rows_refused + %d, stage = %s, stalls = 0, claim_token = NULL, claimed_until = NULL, updated_at = %s
				WHERE id = %d AND stage = %s AND claim_token = %s AND checked_upto = %d',
				$upto,
				$ok,
				$refused,
				$finished ? ImportJob::CHECKED : ImportJob::CHECKING,
				self::now(),
				$job->id,
				ImportJob::CHECKING,
				$token,
				$job->checked_upto
			)
		);
	}

	/**
	 * Records a batch of the import, and ends the claim.
	 *
	 * @param ImportJob $job      The job as claimed.
	 * @param string    $token    The claim token.
	 * @param int       $upto     The last row number the batch imported.
	 * @param int       $created  Gifts it created.
	 * @param int       $present  Gifts it found already there (written by a batch that died).
	 * @param bool      $finished Whether it was the last batch.
	 * @return bool Whether the worker still held the claim.
	 */
	public function advance_import( ImportJob $job, string $token, int $upto, int $created, int $present, bool $finished ): bool {
		global $wpdb;
		return 1 === $wpdb->query(
			$wpdb->prepare(
				'UPDATE ' . Schema::table( ImportTables::IMPORTS ) . ' SET imported_upto = %d, rows_created = rows_created + %d, rows_present = rows_present + %d, stage = %s, stalls = 0, claim_token = NULL, claimed_until = NULL, updated_at = %s
				WHERE id = %d AND stage = %s AND claim_token = %s AND imported_upto = %d',
				$upto,
				$created,
				$present,
				$finished ? ImportJob::DONE : ImportJob::IMPORTING,
				self::now(),
				$job->id,
				ImportJob::IMPORTING,
				$token,
				$job->imported_upto
			)
		);
	}

	/**
	 * Gives an import up, under the claim.
	 *
	 * @param int    $id    Job id.
	 * @param string $token The claim token.
	 * @param string $error Why, in words staff can act on.
	 */
	public function fail( int $id, string $token, string $error ): bool {
		global $wpdb;
		return 1 === $wpdb->query(
			$wpdb->prepare(
				'UPDATE ' . Schema::table( ImportTables::IMPORTS ) . ' SET stage = %s, error = %s, claim_token = NULL, claimed_until = NULL, updated_at = %s WHERE id = %d AND claim_token = %s',
				ImportJob::FAILED,
				mb_substr( $error, 0, 255 ),
				self::now(),
				$id,
				$token
			)
		);
	}

	/**
	 * A staged row from its table row.
	 *
	 * @param array<string, mixed> $row ARRAY_A.
	 * @return array{row_no: int, cells: list<string>, identity: string, verdict: string, detail: string}
	 */
	private static function row( array $row ): array {
		$cells = json_decode( (string) $row['cells'], true );
		return array(
			'row_no'   => (int) $row['row_no'],
			'cells'    => is_array( $cells ) ? array_values( array_map( 'strval', $cells ) ) : array(),
			'identity' => (string) $row['identity'],
			'verdict'  => (string) $row['verdict'],
			'detail'   => (string) $row['detail'],
		);
	}

	/**
	 * Now, in UTC.
	 */
	private static function now(): string {
		return gmdate( 'Y-m-d H:i:s' );
	}
}
