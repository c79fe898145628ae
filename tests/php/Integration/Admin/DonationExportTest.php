<?php
/**
 * CSV export of the filtered donations.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Admin;

use DonationWidget\Admin\Donations\DonationExport;
use DonationWidget\Database\Schema;

/**
 * What the file says: the same whichever way it is built (see ExportJobTest for the batches).
 */
final class DonationExportTest extends AdminTestCase {

	use ExportRuns;

	/**
	 * Exports this test's rows into a string, through the background export and its download.
	 *
	 * @param array $request The list's query arguments.
	 */
	private function export( array $request = array() ): string {
		return $this->exported_csv( $request );
	}

	/**
	 * CSV text as rows of cells (without the byte-order mark).
	 *
	 * @param string $csv The file.
	 * @return list<array<string, string>> Heading => cell, per row.
	 */
	private function rows( string $csv ): array {
		return $this->csv_rows( $csv );
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
		// An amount going out (a net below zero, a refund line) is a number, not a formula.
		$this->assertSame( '-12.30', DonationExport::safe_cell( '-12.30' ) );
		$this->assertSame( "'-12.30+1", DonationExport::safe_cell( '-12.30+1' ) );
		$this->assertSame( "'-1e3", DonationExport::safe_cell( '-1e3' ) );
	}
}
