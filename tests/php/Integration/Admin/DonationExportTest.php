<?php
/**
 * CSV export of the filtered donations.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Admin;

use DonationWidget\Database\Schema;

use DonationWidget\Admin\Donations\DonationExport;
use DonationWidget\Admin\Donations\DonationFilters;
use DonationWidget\Admin\Donations\DonationQuery;

final class DonationExportTest extends AdminTestCase {

	/**
	 * Exports into a string.
	 *
	 * @param array $request The list's query arguments.
	 */
	private function export( array $request = array() ): string {
		$stream = fopen( 'php://temp', 'w+b' );
		$this->service( DonationExport::class )->write( DonationFilters::from_request( $request + array( 's' => $this->domain ) ), $stream );
		rewind( $stream );
		$csv = (string) stream_get_contents( $stream );
		fclose( $stream );
		return $csv;
	}

	/**
	 * CSV text as rows of cells (without the byte-order mark).
	 *
	 * @param string $csv The file.
	 * @return list<array<string, string>> Heading => cell, per row.
	 */
	private function rows( string $csv ): array {
		$lines = array_map( static fn ( string $line ): array => str_getcsv( $line, ',', '"', '' ), preg_split( '/\r?\n(?=(?:[^"]*"[^"]*")*[^"]*$)/', rtrim( substr( $csv, 3 ) ) ) );
		$head  = array_shift( $lines );
		return array_map( static fn ( array $cells ): array => array_combine( $head, $cells ), $lines );
	}

	public function test_the_file_is_utf8_with_a_bom_a_header_and_one_row_per_matching_donation(): void {
		update_option( 'timezone_string', 'Australia/Sydney' );
		$id = $this->insert_donation(
			array(
				'first_name'   => 'Zoë',
				'last_name'    => "O'Brien",
				'total_cents'  => 5250,
				'amount_cents' => 5250,
				'created_at'   => '2026-03-01 13:30:00',
				'method'       => 'google_pay',
				'utm_campaign' => 'winter, "appeal"',
			)
		);
		$this->insert_donation( array( 'status' => 'failed' ) );

		$csv = $this->export( array( 'status' => 'succeeded' ) );

		$this->assertStringStartsWith( "\xEF\xBB\xBF", $csv );
		$this->assertTrue( mb_check_encoding( $csv, 'UTF-8' ) );
		$rows = $this->rows( $csv );
		$this->assertCount( 1, $rows );
		$row = $rows[0];
		$this->assertSame( $this->receipt_number_of( $id ), $row['Receipt number'] );
		$this->assertSame( (string) $id, $row['Donation ID'] );
		$this->assertSame( '2026-03-02 00:30:00', $row['Date'], 'in the site time zone' );
		$this->assertSame( 'Succeeded', $row['Status'] );
		$this->assertSame( 'One-off', $row['Frequency'] );
		$this->assertSame( 'Google Pay', $row['Payment method'] );
		$this->assertSame( '52.50', $row['Total'] );
		$this->assertSame( 'AUD', $row['Currency'] );
		$this->assertSame( 'Individual', $row['Donated as'] );
		$this->assertSame( 'Zoë', $row['First name'] );
		$this->assertSame( "O'Brien", $row['Last name'] );
		$this->assertSame( $this->email(), $row['Email'] );
		$this->assertSame( '0412345678', $row['Mobile'] );
		$this->assertSame( 'winter, "appeal"', $row['UTM campaign'] );
		$this->assertMatchesRegularExpression( '/^ch_/', $row['Charge or capture ID'] );
		$this->assertSame( array_values( $this->service( DonationExport::class )->columns() ), array_keys( $row ) );
	}

	public function test_the_cover_is_exported_apart_and_only_money_received_has_a_receipt_number(): void {
		global $wpdb;
		$covered = $this->insert_donation(
			array(
				'first_name'   => 'Covered',
				'amount_cents' => 3500,
				'cover_cents'  => 175,
				'total_cents'  => 3675,
			)
		);
		$this->insert_donation(
			array(
				'first_name' => 'Failed',
				'status'     => 'failed',
			)
		);
		$this->insert_donation(
			array(
				'first_name' => 'Pending',
				'status'     => 'pending',
			)
		);
		// A receipt sent before the upgrade keeps the number it was sent with.
		$sent = $this->insert_donation( array( 'first_name' => 'Sent' ) );
		$wpdb->insert(
			Schema::table( 'receipts' ),
			array(
				'donation_id'    => $sent,
				'receipt_number' => 'OLD-00000007',
				'status'         => 'sent',
				'created_at'     => current_time( 'mysql', true ),
			)
		);

		$rows = array_column( $this->rows( $this->export() ), null, 'First name' );

		$this->assertSame( array( '35.00', '1.75', '36.75' ), array( $rows['Covered']['Amount'], $rows['Covered']['Fundraising cost cover'], $rows['Covered']['Total'] ) );
		$this->assertSame( $this->receipt_number_of( $covered ), $rows['Covered']['Receipt number'] );
		$this->assertNotSame( '', $rows['Covered']['Receipt number'] );
		$this->assertSame( '', $rows['Failed']['Receipt number'] );
		$this->assertSame( '', $rows['Pending']['Receipt number'] );
		$this->assertSame( 'OLD-00000007', $rows['Sent']['Receipt number'] );
	}

	public function test_cells_a_spreadsheet_would_run_as_formulas_are_defused(): void {
		$this->insert_donation(
			array(
				'first_name'        => '=HYPERLINK("http://evil.example","x")',
				'last_name'         => '+SUM(1,2)',
				'organisation_name' => '@cmd',
				'in_memory_of'      => '-2+3',
				'utm_source'        => "\tTAB",
				'utm_medium'        => "\rCR",
				'utm_term'          => 'safe=value',
			)
		);

		$row = $this->rows( $this->export() )[0];

		$this->assertSame( '\'=HYPERLINK("http://evil.example","x")', $row['First name'] );
		$this->assertSame( "'+SUM(1,2)", $row['Last name'] );
		$this->assertSame( "'@cmd", $row['Organisation'] );
		$this->assertSame( "'-2+3", $row['In honour of'] );
		$this->assertSame( "'\tTAB", $row['UTM source'] );
		$this->assertSame( "'\rCR", $row['UTM medium'] );
		$this->assertSame( 'safe=value', $row['UTM term'] );
		$this->assertSame( 'x', DonationExport::safe_cell( 'x' ) );
		$this->assertSame( '', DonationExport::safe_cell( '' ) );
	}

	public function test_thousands_of_rows_are_read_in_batches_with_flat_memory(): void {
		$this->insert_many_donations( 500, array( 'status' => 'failed' ) );
		$this->insert_many_donations( 2000 );
		$selects = array();
		$log     = static function ( string $sql ) use ( &$selects ): string {
			if ( str_starts_with( ltrim( $sql ), 'SELECT d.*' ) && str_contains( $sql, 'donation_widget_donations' ) ) {
				$selects[] = $sql;
			}
			return $sql;
		};

		$measure = function ( array $request ) use ( &$selects, $log ): array {
			$selects = array();
			$lines   = 0;
			add_filter( 'query', $log );
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
			$stream  = fopen( 'php://output', 'wb' );
			$written = $this->service( DonationExport::class )->write( DonationFilters::from_request( $request + array( 's' => $this->domain ) ), $stream );
			fclose( $stream );
			ob_end_clean();
			$peak = memory_get_peak_usage() - $before;
			remove_filter( 'query', $log );
			return array( $written, $lines, $peak, $selects );
		};

		list( $small_written, , $small_peak )     = $measure( array( 'status' => 'failed' ) );
		list( $written, $lines, $peak, $queries ) = $measure( array() );

		$this->assertSame( 500, $small_written );
		$this->assertSame( 2500, $written );
		$this->assertSame( 2501, $lines, 'a header and one line per donation' );
		$this->assertCount( 6, $queries, '5 full batches of 500, then an empty one' );
		foreach ( $queries as $sql ) {
			$this->assertStringContainsString( 'LIMIT ' . DonationQuery::BATCH_SIZE, $sql );
			$this->assertStringContainsString( 'id >', $sql );
		}
		// Five times the rows, about the same memory: one batch at a time (all 2,500 rows at once
		// would take over 15 MB more).
		$this->assertLessThan( 1024 * 1024, $peak - $small_peak, "memory grew with the rows: {$small_peak} bytes for 500, {$peak} bytes for 2,500" );
	}

	public function test_the_admin_post_action_streams_the_filtered_file_with_a_nonce(): void {
		$this->log_in_as( 'administrator' );
		$this->insert_donation( array( 'first_name' => 'Exported' ) );
		$this->insert_donation(
			array(
				'first_name' => 'Filtered',
				'status'     => 'failed',
			)
		);

		$result = $this->admin_post(
			DonationExport::ACTION,
			array(
				'_wpnonce' => wp_create_nonce( DonationExport::ACTION ),
				's'        => $this->domain,
				'status'   => 'succeeded',
			),
			'GET'
		);

		$this->assertNull( $result['stop'] );
		$this->assertStringStartsWith( "\xEF\xBB\xBF\"Receipt number\",\"Donation ID\",", $result['output'] );
		$this->assertStringContainsString( 'Exported', $result['output'] );
		$this->assertStringNotContainsString( 'Filtered', $result['output'] );
	}

	public function test_the_export_url_carries_the_filters_and_a_nonce(): void {
		$url = DonationExport::url(
			DonationFilters::from_request(
				array(
					's'      => 'Jane Citizen',
					'status' => 'failed',
				)
			)
		);
		parse_str( (string) wp_parse_url( $url, PHP_URL_QUERY ), $args );

		$this->assertStringContainsString( 'admin-post.php', $url );
		$this->assertSame( DonationExport::ACTION, $args['action'] );
		$this->assertSame( 'Jane Citizen', $args['s'] );
		$this->assertSame( 'failed', $args['status'] );
		$this->assertNotEmpty( $args['_wpnonce'] );
	}

	public function test_a_bad_nonce_is_refused(): void {
		$this->log_in_as( 'administrator' );
		$this->insert_donation();

		$result = $this->admin_post( DonationExport::ACTION, array( '_wpnonce' => 'not-a-nonce' ), 'GET' );

		$this->assertDied( 403, $result );
		$this->assertStringNotContainsString( $this->domain, $result['output'] );
	}

	public function test_an_editor_is_refused(): void {
		$this->log_in_as( 'editor' );
		$this->insert_donation();

		$result = $this->admin_post( DonationExport::ACTION, array( '_wpnonce' => wp_create_nonce( DonationExport::ACTION ) ), 'GET' );

		$this->assertDied( 403, $result );
		$this->assertSame( '', $result['output'] );
	}
}
