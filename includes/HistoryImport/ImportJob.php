<?php
/**
 * One uploaded file on its way in: its columns, the dry run's counts and the import's progress.
 *
 * @package DonationWidget
 */

namespace DonationWidget\HistoryImport;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * A row of history_imports, read once. Stages: uploading (rows being staged), mapping (staff pick
 * the columns), checking (the dry run, in batches), checked (the dry run to read), importing (in
 * batches), done, failed.
 */
final class ImportJob {

	public const UPLOADING = 'uploading';
	public const MAPPING   = 'mapping';
	public const CHECKING  = 'checking';
	public const CHECKED   = 'checked';
	public const IMPORTING = 'importing';
	public const DONE      = 'done';
	public const FAILED    = 'failed';

	/**
	 * Stages a worker advances.
	 */
	public const RUNNING = array( self::CHECKING, self::IMPORTING );

	/**
	 * Builds the job from its values.
	 *
	 * @param int                $id            Row id.
	 * @param int                $user_id       Who uploaded it.
	 * @param string             $file_name     The file's name as uploaded.
	 * @param int                $file_bytes    Its size.
	 * @param string             $encoding      The encoding it was read in.
	 * @param string             $delimiter     The delimiter found.
	 * @param string             $source        ImportedGift::GIVEWP or ImportedGift::CSV.
	 * @param string             $source_site   The site the gifts came from (part of each gift's identity).
	 * @param string[]           $header        The header row's cells.
	 * @param array<string, int> $mapping       Field => column index.
	 * @param string             $date_format   The PHP date format the dates are read in ('' until the dry run starts).
	 * @param string             $date_source   'site' (the site's format) or 'file' (the file's evident format).
	 * @param string             $stage         One of the constants.
	 * @param int                $rows_total    Data rows staged.
	 * @param int                $checked_upto  Last row number the dry run checked.
	 * @param int                $rows_ok       Rows the dry run accepted.
	 * @param int                $rows_refused  Rows it refused.
	 * @param int                $imported_upto Last row number imported.
	 * @param int                $rows_created  Gifts the import created.
	 * @param int                $rows_present  Accepted rows whose gift was already there when imported.
	 * @param string             $error         Why it failed.
	 * @param string             $created_at    UTC.
	 * @phpstan-param list<string> $header
	 */
	public function __construct(
		public readonly int $id,
		public readonly int $user_id,
		public readonly string $file_name,
		public readonly int $file_bytes,
		public readonly string $encoding,
		public readonly string $delimiter,
		public readonly string $source,
		public readonly string $source_site,
		public readonly array $header,
		public readonly array $mapping,
		public readonly string $date_format,
		public readonly string $date_source,
		public readonly string $stage,
		public readonly int $rows_total,
		public readonly int $checked_upto,
		public readonly int $rows_ok,
		public readonly int $rows_refused,
		public readonly int $imported_upto,
		public readonly int $rows_created,
		public readonly int $rows_present,
		public readonly string $error,
		public readonly string $created_at
	) {
	}

	/**
	 * A job from its table row.
	 *
	 * @param array<string, mixed> $row The row, ARRAY_A.
	 */
	public static function from_row( array $row ): self {
		$header  = json_decode( (string) ( $row['header'] ?? '' ), true );
		$mapping = json_decode( (string) ( $row['mapping'] ?? '' ), true );
		$fields  = array();
		foreach ( is_array( $mapping ) ? $mapping : array() as $field => $column ) {
			if ( is_string( $field ) && is_int( $column ) ) {
				$fields[ $field ] = $column;
			}
		}
		return new self(
			(int) $row['id'],
			(int) $row['user_id'],
			(string) $row['file_name'],
			(int) $row['file_bytes'],
			(string) $row['encoding'],
			(string) $row['delimiter'],
			(string) $row['source'],
			(string) $row['source_site'],
			is_array( $header ) ? array_values( array_map( 'strval', $header ) ) : array(),
			$fields,
			(string) $row['date_format'],
			(string) $row['date_source'],
			(string) $row['stage'],
			(int) $row['rows_total'],
			(int) $row['checked_upto'],
			(int) $row['rows_ok'],
			(int) $row['rows_refused'],
			(int) $row['imported_upto'],
			(int) $row['rows_created'],
			(int) $row['rows_present'],
			(string) $row['error'],
			(string) $row['created_at']
		);
	}

	/**
	 * Rows the running phase has done, and how many it has in all.
	 *
	 * @return array{done: int, total: int}
	 */
	public function progress(): array {
		if ( in_array( $this->stage, array( self::IMPORTING, self::DONE ), true ) ) {
			return array(
				'done'  => self::DONE === $this->stage ? $this->rows_ok : min( $this->rows_ok, $this->rows_created + $this->rows_present ),
				'total' => $this->rows_ok,
			);
		}
		return array(
			'done'  => self::CHECKING === $this->stage ? $this->rows_ok + $this->rows_refused : $this->rows_total,
			'total' => $this->rows_total,
		);
	}
}
