<?php
/**
 * Merging two records of one supporter.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Donors;

use DonationWidget\Donors\DonorAudit;
use DonationWidget\Donors\DonorMergeRefused;
use DonationWidget\Statements\FinancialYear;
use DonationWidget\Statements\StatementSender;

final class DonorMergeTest extends DonorsTestCase {

	public function test_a_merge_keeps_every_gift_and_both_emails_and_the_year_gets_one_statement_to_the_kept_email(): void {
		$year   = FinancialYear::latest_completed();
		$at     = static fn ( int $days ): string => gmdate( 'Y-m-d H:i:s', (int) strtotime( $year->starts_utc() . ' UTC' ) + $days * DAY_IN_SECONDS );
		$ann    = $this->email( 'ann' );
		$second = $this->email( 'ann.work' );
		$gifts  = array(
			$this->recorded_gift(
				array(
					'email'       => $ann,
					'total_cents' => 1234,
				),
				$at( 10 )
			),
			$this->recorded_gift(
				array(
					'email'       => $second,
					'total_cents' => 5678,
				),
				$at( 40 )
			),
			$this->recorded_gift(
				array(
					'email'       => $second,
					'total_cents' => 2222,
				),
				$at( 400 )
			),
		);
		$keep   = $this->donor_id_of( $ann );
		$merged = $this->donor_id_of( $second );
		$this->assertNotSame( $keep, $merged );
		$user = $this->log_in_as( 'administrator' );

		$this->merger()->merge( $keep, $merged, $user );

		$donor = $this->directory()->find( $merged );
		$this->assertSame( $keep, $donor->id(), 'the merged donor is found as the kept one' );
		$this->assertSame( array( strtolower( $ann ), strtolower( $second ) ), $donor->emails() );
		$this->assertSame( $keep, $this->directory()->find_by_email( $second )->id() );
		$this->assertSame( 3, $donor->gifts() );
		$this->assertSame( 1234 + 5678 + 2222, $donor->kept_cents() );
		$listed = $this->directory()->gift_ids( $keep, 10, 0 );
		sort( $listed );
		$this->assertSame( $gifts, $listed, 'every gift is the kept donor\'s' );
		$this->assert_donor_matches(
			array(
				array(
					'email'        => $ann,
					'organisation' => '',
				),
				array(
					'email'        => $second,
					'organisation' => '',
				),
			),
			'a merge'
		);
		$audit = $this->service( DonorAudit::class );
		$this->assertSame( DonorAudit::MERGED, $audit->entries( $keep )[0]['event'] );
		$this->assertStringContainsString( strtolower( $second ), $audit->entries( $keep )[0]['detail'] );
		$this->assertSame( wp_get_current_user()->display_name, $audit->entries( $keep )[0]['actor'] );
		$this->assertSame( DonorAudit::MERGED_INTO, $audit->entries( $merged )[0]['event'] );

		$this->send_all( $year );

		$mail = $this->statement_mail();
		$this->assertCount( 1, $mail, 'one statement for the merged donor: ' . wp_json_encode( array_column( $mail, 'recipient' ) ) );
		$this->assertSame( strtolower( $ann ), strtolower( $mail[0]['recipient'] ) );
		$this->assertStringContainsString( '12.34', $mail[0]['text'] );
		$this->assertStringContainsString( '56.78', $mail[0]['text'] );
		$this->assertStringContainsString( '69.12', $mail[0]['text'], 'the year\'s total covers both emails\' gifts' );
		$this->assertStringNotContainsString( '22.22', $mail[0]['text'], 'a gift of the next year is not on it' );
		$this->assertNotSame( '', $this->directory()->find( $keep )->last_statement_at(), 'the donor\'s last statement is kept' );
	}

	public function test_a_merged_donor_whose_emails_fall_on_different_pages_and_reach_the_threshold_only_together_gets_one_statement(): void {
		$year = FinancialYear::latest_completed();
		$at   = gmdate( 'Y-m-d H:i:s', (int) strtotime( $year->starts_utc() . ' UTC' ) + 20 * DAY_IN_SECONDS );
		// $1.50 each: under the $2 threshold alone, over it together; more than a page of
		// donors' addresses sort between the two.
		$this->recorded_gift(
			array(
				'email'       => $this->email( 'aaa' ),
				'total_cents' => 150,
			),
			$at
		);
		$this->recorded_gift(
			array(
				'email'       => $this->email( 'zzz' ),
				'total_cents' => 150,
			),
			$at
		);
		for ( $i = 0; $i <= StatementSender::FIND_PAGE; $i++ ) {
			$this->insert_donation(
				array(
					'email'       => $this->email( sprintf( 'mid%03d', $i ) ),
					'total_cents' => 1000,
					'created_at'  => $at,
				)
			);
		}
		$this->merger()->merge( $this->donor_id_of( $this->email( 'zzz' ) ), $this->donor_id_of( $this->email( 'aaa' ) ), 1 );

		$this->send_all( $year );

		$mail = array_values( array_filter( $this->statement_mail(), fn ( array $one ): bool => in_array( strtolower( $one['recipient'] ), array( strtolower( $this->email( 'aaa' ) ), strtolower( $this->email( 'zzz' ) ) ), true ) ) );
		$this->assertCount( 1, $mail );
		$this->assertSame( strtolower( $this->email( 'zzz' ) ), strtolower( $mail[0]['recipient'] ) );
		$this->assertStringContainsString( '3.00', $mail[0]['text'] );
	}

	public function test_a_merge_is_refused_with_a_reason_for_staff(): void {
		$this->recorded_gift( array( 'email' => $this->email( 'a' ) ) );
		$this->recorded_gift( array( 'email' => $this->email( 'b' ) ) );
		$this->recorded_gift(
			array(
				'email'             => $this->email( 'c' ),
				'donate_as'         => 'organisation',
				'organisation_name' => 'Acme',
			)
		);
		$a        = $this->donor_id_of( $this->email( 'a' ) );
		$b        = $this->donor_id_of( $this->email( 'b' ) );
		$org      = $this->donor_id_of( $this->email( 'c' ), 'Acme' );
		$refusals = array(
			'itself'         => array( $a, $a ),
			'missing'        => array( $a, 999999999 ),
			'person and org' => array( $a, $org ),
		);
		foreach ( $refusals as $case => $pair ) {
			try {
				$this->merger()->merge( $pair[0], $pair[1], 1 );
				$this->fail( "{$case}: merged" );
			} catch ( DonorMergeRefused $refused ) {
				$this->assertNotSame( '', $refused->getMessage(), $case );
			}
		}
		$this->merger()->merge( $a, $b, 1 );
		$this->expectException( DonorMergeRefused::class );
		$this->merger()->merge( $a, $b, 1 );
	}
}
