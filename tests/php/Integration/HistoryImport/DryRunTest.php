<?php
/**
 * The dry run of GiveWP's export: each bad kind of row refused with its reason, nothing written.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\HistoryImport;

use DonationWidget\Donations\ImportedGift;
use DonationWidget\HistoryImport\ImportFields;
use DonationWidget\HistoryImport\ImportJob;
use DonationWidget\HistoryImport\RowVerdict;

/**
 * The sample export (tests/e2e/fixtures/givewp-donations-export.csv, written from GiveWP's
 * published export columns) holds one row of each refusal next to gifts that import.
 */
final class DryRunTest extends HistoryImportTestCase {

	public function test_givewp_export_is_recognised_and_each_bad_row_is_refused_with_its_reason_writing_nothing(): void {
		$before = $this->donations_count();
		$id     = $this->stage( (string) file_get_contents( self::GIVEWP_FIXTURE ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- the test's fixture.
		$job    = $this->job( $id );
		$this->assertSame( ImportedGift::GIVEWP, $job->source, 'GiveWP\'s export needs no mapping.' );
		$this->assertSame( ImportJob::CHECKING, $job->stage );
		$this->assertSame( 30, $job->rows_total );
		$this->assertSame( 'UTF-8', $job->encoding );
		$this->assertSame( ',', $job->delimiter );

		$this->run_to_end_of_stage( $id );
		$job = $this->job( $id );
		$this->assertSame( ImportJob::CHECKED, $job->stage );
		$this->assertSame( 'd/m/Y', $job->date_format, 'The file\'s dates are day/month/year.' );
		$this->assertSame( 'file', $job->date_source, 'The site reads j F Y: the format is the file\'s evident one.' );
		$this->assertSame( 19, $job->rows_ok );
		$this->assertSame( 11, $job->rows_refused );

		$verdicts = $this->verdicts( $id );
		$this->assertSame( RowVerdict::OK, $verdicts[2] );
		$this->assertSame( RowVerdict::OK, $verdicts[4], '"1,250.00" is an amount.' );
		$this->assertSame( RowVerdict::OK, $verdicts[6], 'A renewal is a completed gift.' );
		$this->assertSame( RowVerdict::OK, $verdicts[7], 'A refunded gift was received: it comes in as refunded.' );
		$this->assertSame( RowVerdict::NOT_COMPLETED, $verdicts[8], 'Pending' );
		$this->assertSame( RowVerdict::NOT_COMPLETED, $verdicts[9], 'Failed' );
		$this->assertSame( RowVerdict::NOT_COMPLETED, $verdicts[10], 'Abandoned' );
		$this->assertSame( RowVerdict::BAD_DATE, $verdicts[11], '31/02/2025' );
		$this->assertSame( RowVerdict::BAD_AMOUNT, $verdicts[12], 'ten dollars' );
		$this->assertSame( RowVerdict::BAD_EMAIL, $verdicts[13] );
		$this->assertSame( RowVerdict::FORMULA, $verdicts[14] );
		$this->assertSame( RowVerdict::WRONG_CURRENCY, $verdicts[15] );
		$this->assertSame( RowVerdict::DUPLICATE, $verdicts[16], 'Donation 1044 twice in the file.' );
		$this->assertSame( RowVerdict::BAD_AMOUNT, $verdicts[26], '0.00' );
		$this->assertSame( RowVerdict::NOT_COMPLETED, $verdicts[30], 'Cancelled' );

		$refused = $this->jobs()->page( $id, 'refused', 1, 50 );
		$this->assertSame( 11, $refused['total'] );
		$messages = array();
		foreach ( $refused['rows'] as $row ) {
			$messages[ $row['row_no'] ] = RowVerdict::message( $row['verdict'], $row['detail'] );
		}
		$this->assertStringContainsString( 'row 5', $messages[16] );
		$this->assertStringContainsString( '31/02/2025', $messages[11] );
		$this->assertStringContainsString( 'ten dollars', $messages[12] );
		$this->assertStringContainsString( 'chloe.wilson.example.org.au', $messages[13] );
		$this->assertStringContainsString( 'USD', $messages[15] );
		$this->assertStringContainsString( 'Pending', $messages[8] );

		$this->assertSame( $before, $this->donations_count(), 'The dry run writes no donation.' );
	}

	public function test_a_second_file_of_the_same_gifts_is_refused_as_already_imported(): void {
		$fixture = (string) file_get_contents( self::GIVEWP_FIXTURE ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- the test's fixture.
		$first   = $this->checked( $fixture );
		$this->assertTrue( $this->jobs()->start_import( $first ) );
		$this->run_to_end_of_stage( $first );
		$this->assertSame( 19, $this->job( $first )->rows_created );

		$again = $this->checked( $fixture );
		$job   = $this->job( $again );
		$this->assertSame( 0, $job->rows_ok, 'Every gift of the file is already there.' );
		$verdicts = $this->verdicts( $again );
		$this->assertSame( RowVerdict::ALREADY_IMPORTED, $verdicts[2] );
		$this->assertSame( RowVerdict::BAD_DATE, $verdicts[11], 'Rows refused for their own reason keep it.' );
		$this->assertFalse( $this->jobs()->start_import( $again ), 'Nothing to import: the import does not start.' );

		$other_site = $this->checked( $fixture, 'another-charity.example.org.au' );
		$this->assertSame( 19, $this->job( $other_site )->rows_ok, 'The same donation IDs from another site are other gifts.' );
	}

	public function test_a_generic_csv_is_mapped_from_its_column_names_and_its_dates_read_month_first_when_the_file_shows_it(): void {
		$csv = "Date;Amount;Donor;E-mail;Appeal\n12/25/2025;$40;Kim Lee;kim@example.org.au;Christmas\n01/13/2026;1.250,50;Sam Wu;sam@example.org.au;Summer\n01/13/2026;1.250,50;Sam Wu;sam@example.org.au;Summer\n";
		$id  = $this->stage( $csv );
		$job = $this->job( $id );
		$this->assertSame( ImportJob::MAPPING, $job->stage, 'A file that is not GiveWP\'s export waits for its columns.' );
		$this->assertSame( ';', $job->delimiter );
		$this->assertSame(
			array(
				'date'     => 0,
				'amount'   => 1,
				'email'    => 3,
				'name'     => 2,
				'campaign' => 4,
			),
			array_intersect_key( $job->mapping, array_flip( array( 'date', 'amount', 'email', 'name', 'campaign' ) ) )
		);
		$this->assertArrayHasKey( 'date', ImportFields::problems( array( 'amount' => 1 ), 5 ), 'The date is needed.' );
		$this->assertArrayHasKey(
			'email',
			ImportFields::problems(
				array(
					'amount' => 1,
					'date'   => 0,
				),
				5
			),
			'An email or a name is needed.'
		);

		$this->assertTrue( $this->jobs()->map( $id, $job->mapping ) );
		$this->run_to_end_of_stage( $id );
		$job = $this->job( $id );
		$this->assertSame( 'm/d/Y', $job->date_format );
		$this->assertSame( 2, $job->rows_ok );
		$this->assertSame(
			array(
				2 => RowVerdict::OK,
				3 => RowVerdict::OK,
				4 => RowVerdict::DUPLICATE,
			),
			$this->verdicts( $id ),
			'Without a reference, the same date, amount and donor is the same gift.'
		);
	}

	public function test_dates_that_carry_their_time_are_read_with_it(): void {
		$id  = $this->stage( "Created,Amount,Email\n2025-07-03 09:14:00,10.00,a@example.org.au\n2025-07-04T18:40,12.50,b@example.org.au\n" );
		$job = $this->job( $id );
		$this->assertSame( 0, $job->mapping['date'] ?? null );
		$this->assertTrue( $this->jobs()->map( $id, $job->mapping ) );
		$this->run_to_end_of_stage( $id );
		$job = $this->job( $id );
		$this->assertSame( 'Y-m-d', $job->date_format );
		$this->assertSame( 2, $job->rows_ok );
		$this->assertTrue( $this->jobs()->start_import( $id ) );
		$this->run_to_end_of_stage( $id );
		$repository = $this->service( \DonationWidget\Donations\DonationRepository::class );
		assert( $repository instanceof \DonationWidget\Donations\DonationRepository );
		$gift = $repository->find_by_attempt( 'import:' . $this->jobs()->rows_after( $id, 2, 1 )[0]['identity'] );
		$this->assertNotNull( $gift );
		// 18:40 in Sydney on 4 July (AEST, UTC+10).
		$this->assertSame( '2025-07-04 08:40:00', $gift->value( 'created_at' ) );
	}
}
