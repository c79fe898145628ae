<?php
/**
 * Uploads: encodings and delimiters read, bad files refused with a message and nothing kept.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\HistoryImport;

use DonationWidget\Database\Schema;
use DonationWidget\HistoryImport\CsvUpload;
use DonationWidget\HistoryImport\ImportTables;
use DonationWidget\HistoryImport\UploadRefused;

/**
 * Each file holds the same two gifts, one donor with an accented name and a curly apostrophe.
 */
final class UploadTest extends HistoryImportTestCase {

	private const HEADER = array( 'Date', 'Amount', 'Email', 'First name', 'Last name' );

	/**
	 * Rows of the test file.
	 *
	 * @return list<list<string>>
	 */
	private static function rows(): array {
		return array(
			array( '2025-09-01', '25.00', 'renee@example.org.au', 'Renée', 'D’Arcy' ),
			array( '2025-09-02', '40.00', 'jo@example.org.au', 'Jo', 'Smith' ),
		);
	}

	/**
	 * The test file as UTF-8 text with a delimiter.
	 *
	 * @param string $delimiter The delimiter.
	 */
	private static function text( string $delimiter ): string {
		$lines = array( implode( $delimiter, self::HEADER ) );
		foreach ( self::rows() as $row ) {
			$lines[] = implode( $delimiter, $row );
		}
		return implode( "\r\n", $lines ) . "\r\n";
	}

	/**
	 * Encodings => the file's bytes.
	 *
	 * @return array<string, array{0: string, 1: string, 2: string}>
	 */
	public static function files(): array {
		$text = self::text( ',' );
		return array(
			'UTF-8, commas'                   => array( $text, 'UTF-8', ',' ),
			'UTF-8 with BOM, semicolons'      => array( "\xEF\xBB\xBF" . self::text( ';' ), 'UTF-8-BOM', ';' ),
			'UTF-16LE with BOM, tabs (Excel)' => array( "\xFF\xFE" . mb_convert_encoding( self::text( "\t" ), 'UTF-16LE', 'UTF-8' ), 'UTF-16LE', "\t" ),
			'UTF-16BE with BOM, commas'       => array( "\xFE\xFF" . mb_convert_encoding( $text, 'UTF-16BE', 'UTF-8' ), 'UTF-16BE', ',' ),
			'Windows-1252, semicolons'        => array( (string) mb_convert_encoding( self::text( ';' ), 'Windows-1252', 'UTF-8' ), 'Windows-1252', ';' ),
		);
	}

	/**
	 * Reads each encoding and delimiter into the same UTF-8 rows.
	 *
	 * @dataProvider files
	 * @param string $bytes     The file.
	 * @param string $encoding  The encoding it should be read in.
	 * @param string $delimiter The delimiter it should be found to use.
	 */
	public function test_encodings_and_delimiters_are_read_and_converted( string $bytes, string $encoding, string $delimiter ): void {
		$id  = $this->stage( $bytes );
		$job = $this->job( $id );
		$this->assertSame( $encoding, $job->encoding );
		$this->assertSame( $delimiter, $job->delimiter );
		$this->assertSame( self::HEADER, $job->header );
		$rows = $this->jobs()->rows_after( $id, 0, 10 );
		$this->assertSame( self::rows(), array_column( $rows, 'cells' ) );
		$this->assertSame( array( 2, 3 ), array_column( $rows, 'row_no' ) );
	}

	/**
	 * Files refused => the file, and what the message says.
	 *
	 * @return array<string, array{0: string, 1: string}>
	 */
	public static function refused(): array {
		return array(
			'no header row'    => array( "2025-09-01,25.00,renee@example.org.au\n2025-09-02,40.00,jo@example.org.au\n", 'The first row holds data' ),
			'no delimiter'     => array( "Everything in one column\nstill one column\n", 'No columns were found' ),
			'a spreadsheet'    => array( "PK\x03\x04" . str_repeat( "\x00\x14", 50 ), 'spreadsheet (Excel) file' ),
			'binary'           => array( "Date,Amount\n\x00\x01\x02\x03", 'not text' ),
			'unknown encoding' => array( "Date,Amount,Name\n2025-09-01,25.00,\x81\x8D\xC3\n", 'encoding is not one this import reads' ),
			'no rows'          => array( "Date,Amount,Email\n\n\n", 'no rows of gifts' ),
			'empty'            => array( "\n\n", 'The file is empty' ),
		);
	}

	/**
	 * Refuses a bad file with its message, keeping nothing.
	 *
	 * @dataProvider refused
	 * @param string $bytes   The file.
	 * @param string $message Part of the message.
	 */
	public function test_bad_files_are_refused_with_a_message_and_nothing_is_kept( string $bytes, string $message ): void {
		$before = $this->staged_rows();
		try {
			$this->stage( $bytes );
			$this->fail( 'The file should be refused.' );
		} catch ( UploadRefused $refused ) {
			$this->assertStringContainsString( $message, $refused->getMessage() );
		}
		$this->assertSame( $before, $this->staged_rows(), 'Nothing of a refused file stays.' );
	}

	public function test_a_200_mb_file_gets_the_message_and_never_a_warning(): void {
		$path = $this->file_of( '' );
		$file = fopen( $path, 'r+b' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fopen -- a sparse test file.
		$this->assertNotFalse( $file );
		ftruncate( $file, 200 * 1024 * 1024 );
		fclose( $file ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose -- as above.
		$message = CsvUpload::refusal(
			array(
				'error'    => UPLOAD_ERR_OK,
				'size'     => 200 * 1024 * 1024,
				'tmp_name' => $path,
			),
			200 * 1024 * 1024 + 500
		);
		$this->assertNotNull( $message );
		$this->assertStringContainsString( 'This file is 200 MB', $message );
		$this->assertStringContainsString( 'files up to', $message );

		$this->expectException( UploadRefused::class );
		$this->upload()->stage( $path, 'huge.csv', 1, 'old.example.org.au' );
	}

	public function test_a_file_php_cut_at_its_own_limit_gets_the_same_message(): void {
		$cut = CsvUpload::refusal(
			array(
				'error' => UPLOAD_ERR_INI_SIZE,
				'size'  => 0,
			),
			200 * 1024 * 1024
		);
		$this->assertNotNull( $cut );
		$this->assertStringContainsString( 'This file is 200 MB', $cut );
		// Larger than post_max_size: PHP empties $_FILES altogether.
		$emptied = CsvUpload::refusal( array(), 200 * 1024 * 1024 );
		$this->assertSame( $cut, $emptied );
		$this->assertSame( 'Choose a CSV file to import.', CsvUpload::refusal( array(), 0 ) );
	}

	public function test_an_upload_that_died_while_staging_is_deleted_a_day_later(): void {
		global $wpdb;
		$died  = $this->jobs()->create( 1, 'died.csv', 100, 'UTF-8', ',', 'old.example.org.au', array( 'Date', 'Amount' ) );
		$fresh = $this->jobs()->create( 1, 'staging.csv', 100, 'UTF-8', ',', 'old.example.org.au', array( 'Date', 'Amount' ) );
		$this->jobs()->add_rows( $died, array( 2 => array( '2025-01-01', '10.00' ) ) );
		$wpdb->query( $wpdb->prepare( 'UPDATE ' . Schema::table( ImportTables::IMPORTS ) . ' SET updated_at = %s WHERE id = %d', gmdate( 'Y-m-d H:i:s', time() - 2 * DAY_IN_SECONDS ), $died ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.NotPrepared
		$this->assertSame( 1, $this->jobs()->prune() );
		$this->assertNull( $this->jobs()->find( $died ) );
		$this->assertSame( array(), $this->jobs()->rows_after( $died, 0, 10 ) );
		$this->assertNotNull( $this->jobs()->find( $fresh ), 'An upload still staging is left alone.' );
	}

	public function test_a_privacy_erasure_empties_the_staged_rows_holding_the_address(): void {
		$id      = $this->stage( self::text( ',' ) );
		$erasers = apply_filters( 'wp_privacy_personal_data_erasers', array() ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own filter.
		$this->assertArrayHasKey( 'donation-widget-history-import', $erasers );
		$answer = call_user_func( $erasers['donation-widget-history-import']['callback'], 'Renee@Example.org.au', 1 );
		$this->assertTrue( $answer['items_removed'] );
		$this->assertTrue( $answer['done'] );
		$rows = $this->jobs()->rows_after( $id, 0, 10 );
		$this->assertSame( array(), $rows[0]['cells'], 'Renée\'s row is emptied (the address matched whatever its case).' );
		$this->assertSame( self::rows()[1], $rows[1]['cells'], 'Jo\'s row stays.' );
	}

	/**
	 * Rows staged by every import.
	 */
	private function staged_rows(): int {
		global $wpdb;
		return (int) $wpdb->get_var( 'SELECT COUNT(*) FROM ' . Schema::table( ImportTables::ROWS ) ) + (int) $wpdb->get_var( 'SELECT COUNT(*) FROM ' . Schema::table( ImportTables::IMPORTS ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.NotPrepared
	}
}
