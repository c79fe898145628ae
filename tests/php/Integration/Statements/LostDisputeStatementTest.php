<?php
/**
 * A gift lost to a chargeback leaves the EOFY statements everywhere they are read: the
 * statement itself, the totals of the "Send all" pages, and the count it asks to confirm.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Statements;

use DonationWidget\Statements\FinancialYear;

final class LostDisputeStatementTest extends StatementTestCase {

	public function test_a_gift_lost_to_a_chargeback_counts_nowhere_and_a_won_one_counts_in_full(): void {
		$year   = new FinancialYear( 2009 );
		$before = $this->query()->count_of( $year );
		$lost   = array(
			'dispute_status'     => 'lost',
			'dispute_lost_cents' => 10000,
		);
		// One kept gift and one lost in full.
		$mixed = $this->email( 'mixed' );
		$kept  = $this->gift( $mixed, '2008-09-01 09:00:00', 5000 );
		$this->gift( $mixed, '2008-10-01 09:00:00', 10000, $lost );
		// Only a lost gift.
		$gone = $this->email( 'gone' );
		$this->gift( $gone, '2008-10-02 09:00:00', 10000, $lost );
		// $1.50 of a $3 gift lost: $1.50 kept, under the statement threshold.
		$small = $this->email( 'small' );
		$this->gift(
			$small,
			'2008-10-03 09:00:00',
			300,
			array(
				'dispute_status'     => 'lost',
				'dispute_lost_cents' => 150,
			)
		);
		// A dispute the charity won keeps the gift.
		$won = $this->email( 'won' );
		$this->gift( $won, '2008-10-04 09:00:00', 10000, array( 'dispute_status' => 'won' ) );

		$statements = $this->query()->statements_of( $mixed, $year );
		$this->assertCount( 1, $statements );
		$this->assertSame( array( $kept ), array_column( $statements[0]->gifts, 'id' ) );
		$this->assertSame( 5000, $statements[0]->total_cents() );
		$this->assertSame( array(), $this->query()->statements_of( $gone, $year ) );
		$this->assertSame( array(), $this->query()->statements_of( $small, $year ) );

		$totals = $this->query()->totals_of( array( $mixed, $gone, $small, $won ), $year );
		$this->assertSame(
			array(
				array( $mixed, 1, 5000 ),
				array( $won, 1, 10000 ),
			),
			array_map( static fn ( array $row ): array => array( $row['email'], $row['gifts'], $row['total_cents'] ), $totals )
		);
		// Two new statements (mixed and won), as statements_of() finds.
		$this->assertSame( $before + 2, $this->query()->count_of( $year ) );
	}
}
