<?php
/**
 * Takes an uploaded CSV file in: checks it, reads its encoding and delimiter, stages its rows.
 *
 * @package DonationWidget
 */

namespace DonationWidget\HistoryImport;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donations\ImportedGift;

/**
 * Files up to MAX_BYTES (50 MB: about 280,000 rows of a GiveWP export), or the server's own upload
 * limit when that is lower (the form says which). Encodings: UTF-8 with or
 * without its byte order mark, UTF-16 with one, and Windows-1252 (what Excel saves as "CSV" on
 * Windows); everything is converted to UTF-8. Delimiters: comma, semicolon or tab, found in the
 * header row. The rows go into the database in this request, so the dry run and the import
 * may run on any web server; nothing is kept in a local file or in PHP's memory afterwards. A file
 * refused half-way leaves nothing behind.
 */
final class CsvUpload {

	public const MAX_BYTES = 50 * 1024 * 1024;

	/**
	 * Rows staged per INSERT batch.
	 */
	private const STAGE_ROWS = 1000;

	/**
	 * Bytes read at a time while checking the encoding.
	 */
	private const READ_BYTES = 1024 * 1024;

	/**
	 * Delimiters looked for, and how staff name them.
	 */
	private const DELIMITERS = array( ',', ';', "\t" );

	/**
	 * Builds the upload.
	 *
	 * @param ImportJobs $jobs The imports' store.
	 */
	public function __construct( private readonly ImportJobs $jobs ) {
	}

	/**
	 * The limit as staff read it: "50 MB".
	 */
	public static function limit_label(): string {
		return (string) size_format( self::limit() );
	}

	/**
	 * The largest file taken: MAX_BYTES, or less when the server's own upload limits are lower.
	 */
	public static function limit(): int {
		return min( self::MAX_BYTES, max( 1, (int) wp_max_upload_size() ) );
	}

	/**
	 * Why an upload (an entry of $_FILES) cannot be read, or null when it can.
	 *
	 * @param array<string, mixed> $file           The entry: error, size, tmp_name.
	 * @param int                  $content_length The request's length (PHP empties $_FILES when post_max_size cut it).
	 */
	public static function refusal( array $file, int $content_length ): ?string {
		$error = (int) ( $file['error'] ?? UPLOAD_ERR_NO_FILE );
		$size  = max( (int) ( $file['size'] ?? 0 ), 0 );
		if ( in_array( $error, array( UPLOAD_ERR_INI_SIZE, UPLOAD_ERR_FORM_SIZE ), true ) || $size > self::MAX_BYTES ) {
			return self::too_large( max( $size, $content_length ) );
		}
		if ( UPLOAD_ERR_NO_FILE === $error ) {
			return $content_length > self::MAX_BYTES ? self::too_large( $content_length ) : __( 'Choose a CSV file to import.', 'donation-widget' );
		}
		if ( UPLOAD_ERR_OK !== $error ) {
			return __( 'The file did not arrive whole. Try uploading it again.', 'donation-widget' );
		}
		$path = (string) ( $file['tmp_name'] ?? '' );
		if ( '' === $path || ! is_readable( $path ) ) {
			return __( 'The file did not arrive whole. Try uploading it again.', 'donation-widget' );
		}
		$bytes = (int) filesize( $path );
		if ( $bytes > self::MAX_BYTES ) {
			return self::too_large( $bytes );
		}
		return 0 === $bytes ? __( 'The file is empty.', 'donation-widget' ) : null;
	}

	/**
	 * The message for a file over the limit (or over what the server lets through).
	 *
	 * @param int $bytes The file's size, when known (0 otherwise).
	 */
	public static function too_large( int $bytes ): string {
		$limit = self::limit();
		if ( $bytes > 0 ) {
			/* translators: 1: the file's size, such as 200 MB, 2: the largest file, such as 50 MB. */
			return sprintf( __( 'This file is %1$s: files up to %2$s can be imported. Split it into smaller files (each with the header row) and import them one after another.', 'donation-widget' ), size_format( $bytes ), size_format( $limit ) );
		}
		/* translators: %s: the largest file, such as 50 MB. */
		return sprintf( __( 'This file is too large: files up to %s can be imported. Split it into smaller files (each with the header row) and import them one after another.', 'donation-widget' ), size_format( $limit ) );
	}

	/**
	 * Reads a file and stages its rows as a new import.
	 *
	 * @param string $path        The file (PHP's upload, still in this request).
	 * @param string $file_name   Its name as uploaded.
	 * @param int    $user_id     Who uploads it.
	 * @param string $source_site Where the gifts came from (part of each gift's identity).
	 * @return int The import's id.
	 * @throws UploadRefused When the file cannot be imported (nothing is kept).
	 */
	public function stage( string $path, string $file_name, int $user_id, string $source_site ): int {
		$bytes = (int) filesize( $path );
		if ( $bytes > self::MAX_BYTES ) {
			throw new UploadRefused( esc_html( self::too_large( $bytes ) ) );
		}
		// A 50 MB file takes longer to stage than PHP's default 30 seconds on a busy server.
		if ( function_exists( 'set_time_limit' ) ) {
			set_time_limit( 300 );
		}
		$encoding = $this->encoding( $path );
		$handle   = $this->open( $path, $encoding );
		try {
			list( $header, $delimiter ) = $this->header( $handle, $encoding );
			$id                         = $this->jobs->create( $user_id, $file_name, $bytes, $encoding, $delimiter, $source_site, $header );
			if ( 0 === $id ) {
				throw new UploadRefused( esc_html__( 'The file could not be stored. Try again.', 'donation-widget' ) );
			}
			try {
				$rows = $this->stage_rows( $id, $handle, $encoding, $delimiter, count( $header ) );
			} catch ( UploadRefused $refused ) {
				$this->jobs->delete( $id );
				throw $refused;
			}
		} finally {
			fclose( $handle ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fclose -- PHP's own upload, read as a stream.
		}
		$givewp = ImportFields::givewp( $header );
		$this->jobs->staged( $id, null !== $givewp ? ImportedGift::GIVEWP : ImportedGift::CSV, $givewp ?? ImportFields::suggest( $header ), $rows, null !== $givewp );
		return $id;
	}

	/**
	 * The file's encoding: its byte order mark, or UTF-8 when every byte reads as UTF-8, or
	 * Windows-1252 when none of its five unused bytes appears.
	 *
	 * @param string $path The file.
	 * @throws UploadRefused When it is not text, or in no encoding read here.
	 */
	private function encoding( string $path ): string {
		$handle = fopen( $path, 'rb' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fopen -- PHP's own upload, read in pieces.
		if ( false === $handle ) {
			throw new UploadRefused( esc_html__( 'The file did not arrive whole. Try uploading it again.', 'donation-widget' ) );
		}
		try {
			$head = (string) fread( $handle, 4 ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fread -- as above.
			if ( str_starts_with( $head, "\xEF\xBB\xBF" ) ) {
				$encoding = 'UTF-8-BOM';
			} elseif ( str_starts_with( $head, "\xFF\xFE" ) ) {
				return 'UTF-16LE';
			} elseif ( str_starts_with( $head, "\xFE\xFF" ) ) {
				return 'UTF-16BE';
			} elseif ( str_starts_with( $head, "PK\x03\x04" ) || str_starts_with( $head, "\xD0\xCF\x11\xE0" ) ) {
				throw new UploadRefused( esc_html__( 'This is a spreadsheet (Excel) file, not a CSV file. Open it in your spreadsheet program and save it as "CSV UTF-8", then upload that.', 'donation-widget' ) );
			} else {
				$encoding = 'UTF-8';
			}
			rewind( $handle );
			$utf8  = true;
			$win   = true;
			$carry = '';
			while ( ! feof( $handle ) ) {
				$piece = (string) fread( $handle, self::READ_BYTES ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fread -- as above.
				if ( str_contains( $piece, "\0" ) ) {
					throw new UploadRefused( esc_html__( 'This file is not text: it is not a CSV file. Save your data as "CSV UTF-8" and upload that.', 'donation-widget' ) );
				}
				$win  = $win && 0 === preg_match( '/[\x81\x8D\x8F\x90\x9D]/', $piece );
				$text = $carry . $piece;
				// A character cut at the end of this piece is checked with the next one.
				$cut   = self::incomplete_tail( $text );
				$carry = substr( $text, strlen( $text ) - $cut );
				$utf8  = $utf8 && mb_check_encoding( substr( $text, 0, strlen( $text ) - $cut ), 'UTF-8' );
			}
			if ( $utf8 && '' === $carry ) {
				return $encoding;
			}
			if ( 'UTF-8' === $encoding && $win ) {
				return 'Windows-1252';
			}
			throw new UploadRefused( esc_html__( 'The file\'s encoding is not one this import reads. Save it as "CSV UTF-8" (or UTF-16, or Windows-1252) and upload it again.', 'donation-widget' ) );
		} finally {
			fclose( $handle ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fclose -- as above.
		}//end try
	}

	/**
	 * Bytes at the end of $text that begin a UTF-8 character not yet complete (0 to 3).
	 *
	 * @param string $text Bytes.
	 */
	private static function incomplete_tail( string $text ): int {
		$length = strlen( $text );
		$most   = min( 3, $length );
		for ( $back = 1; $back <= $most; $back++ ) {
			$byte = ord( $text[ $length - $back ] );
			if ( ( $byte & 0xC0 ) === 0x80 ) {
				continue;
			}
			$needs = $byte >= 0xF0 ? 4 : ( $byte >= 0xE0 ? 3 : ( $byte >= 0xC0 ? 2 : 1 ) );
			return $needs > $back ? $back : 0;
		}
		return 0;
	}

	/**
	 * The file as a stream of UTF-8 text (UTF-16 converted as it is read), past its byte order mark.
	 *
	 * @param string $path     The file.
	 * @param string $encoding Its encoding.
	 * @return resource
	 * @throws UploadRefused When it cannot be opened.
	 */
	private function open( string $path, string $encoding ) {
		$handle = fopen( $path, 'rb' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fopen -- PHP's own upload, read as a stream.
		if ( false === $handle ) {
			throw new UploadRefused( esc_html__( 'The file did not arrive whole. Try uploading it again.', 'donation-widget' ) );
		}
		if ( 'UTF-8-BOM' === $encoding ) {
			fseek( $handle, 3 );
		} elseif ( str_starts_with( $encoding, 'UTF-16' ) ) {
			fseek( $handle, 2 );
			if ( false === stream_filter_append( $handle, 'convert.iconv.' . $encoding . '/UTF-8', STREAM_FILTER_READ ) ) {
				fclose( $handle ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fclose -- as above.
				throw new UploadRefused( esc_html__( 'This server cannot read UTF-16 files. Save the file as "CSV UTF-8" and upload it again.', 'donation-widget' ) );
			}
		}
		return $handle;
	}

	/**
	 * The header row and the delimiter it shows.
	 *
	 * @param resource $handle   The stream, at the file's start.
	 * @param string   $encoding Its encoding.
	 * @return array{0: list<string>, 1: string}
	 * @throws UploadRefused When there is no header row, or no delimiter in it.
	 */
	private function header( $handle, string $encoding ): array {
		$line = '';
		while ( '' === trim( $line ) && ! feof( $handle ) ) {
			$line = (string) fgets( $handle );
		}
		$line = self::utf8( $line, $encoding );
		if ( '' === trim( $line ) ) {
			throw new UploadRefused( esc_html__( 'The file is empty.', 'donation-widget' ) );
		}
		$counts = array();
		foreach ( self::DELIMITERS as $delimiter ) {
			$counts[ $delimiter ] = count( str_getcsv( $line, $delimiter, '"', '' ) ) - 1;
		}
		arsort( $counts );
		$delimiter = (string) array_key_first( $counts );
		if ( 0 === $counts[ $delimiter ] ) {
			throw new UploadRefused( esc_html__( 'No columns were found: the first row has no commas, semicolons or tabs between its columns. Save the file as CSV, with a header row naming its columns.', 'donation-widget' ) );
		}
		$header = array_map( static fn ( $cell ): string => trim( (string) $cell ), str_getcsv( rtrim( $line, "\r\n" ), $delimiter, '"', '' ) );
		$header = array_values( $header );
		$data   = array_filter( $header, static fn ( string $cell ): bool => '' !== $cell && ( false !== is_email( $cell ) || 1 === preg_match( '/^[$]?\d[\d.,\/ :-]*$/', $cell ) ) );
		if ( array() !== $data || array() === array_filter( $header, static fn ( string $cell ): bool => '' !== $cell ) ) {
			throw new UploadRefused( esc_html__( 'The first row holds data, not the names of the columns. Add a header row (such as Date, Amount, Email) at the top of the file and upload it again.', 'donation-widget' ) );
		}
		return array( $header, $delimiter );
	}

	/**
	 * Stages the data rows; blank rows are skipped.
	 *
	 * @param int      $id        The import.
	 * @param resource $handle    The stream, past the header.
	 * @param string   $encoding  Its encoding.
	 * @param string   $delimiter Its delimiter.
	 * @param int      $columns   Columns of the header.
	 * @return int Rows staged.
	 * @throws UploadRefused When there are none, or the database refused them.
	 */
	private function stage_rows( int $id, $handle, string $encoding, string $delimiter, int $columns ): int {
		$batch  = array();
		$row_no = 1;
		$staged = 0;
		while ( false !== ( $cells = fgetcsv( $handle, null, $delimiter, '"', '' ) ) ) { // phpcs:ignore WordPress.CodeAnalysis.AssignmentInCondition.FoundInWhileCondition -- the usual way to read a CSV stream.
			++$row_no;
			$cells = array_map( static fn ( $cell ): string => self::utf8( (string) $cell, $encoding ), $cells );
			if ( '' === trim( implode( '', $cells ) ) ) {
				continue;
			}
			$batch[ $row_no ] = array_slice( array_pad( $cells, $columns, '' ), 0, max( $columns, count( $cells ) ) );
			if ( count( $batch ) >= self::STAGE_ROWS ) {
				$staged += $this->write( $id, $batch );
				$batch   = array();
			}
		}
		$staged += $this->write( $id, $batch );
		if ( 0 === $staged ) {
			throw new UploadRefused( esc_html__( 'The file has a header row but no rows of gifts under it.', 'donation-widget' ) );
		}
		return $staged;
	}

	/**
	 * Writes staged rows.
	 *
	 * @param int                      $id   The import.
	 * @param array<int, list<string>> $rows Row number => cells.
	 * @return int Rows written.
	 * @throws UploadRefused When the database refused them.
	 */
	private function write( int $id, array $rows ): int {
		if ( array() !== $rows && ! $this->jobs->add_rows( $id, $rows ) ) {
			throw new UploadRefused( esc_html__( 'The file could not be stored. Try again.', 'donation-widget' ) );
		}
		return count( $rows );
	}

	/**
	 * Text of the file as UTF-8 (Windows-1252 converted; UTF-16 was converted by the stream).
	 *
	 * @param string $text     Bytes of the file.
	 * @param string $encoding Its encoding.
	 */
	private static function utf8( string $text, string $encoding ): string {
		$text = 'Windows-1252' === $encoding ? (string) mb_convert_encoding( $text, 'UTF-8', 'Windows-1252' ) : $text;
		return str_starts_with( $text, "\u{FEFF}" ) ? substr( $text, 3 ) : $text;
	}
}
