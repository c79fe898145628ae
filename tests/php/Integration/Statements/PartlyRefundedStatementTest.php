<?php
/**
 * A partly refunded gift is on the EOFY statement at the amount the charity kept.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Statements;

use DonationWidget\Statements\FinancialYear;

final class PartlyRefundedStatementTest extends StatementTestCase {

	public function test_a_partly_refunded_gift_is_listed_at_its_kept_amount_and_a_refunded_one_left_out(): void {
		$email   = $this->email( 'partly' );
		$kept    = $this->gift( $email, '2019-09-01 09:00:00', 5000 );
		$partial = $this->gift(
			$email,
			'2019-10-01 09:00:00',
			10000,
			array(
				'status'         => 'partially_refunded',
				'refunded_cents' => 1000,
			)
		);
		$this->gift(
			$email,
			'2019-11-01 09:00:00',
			3000,
			array(
				'status'         => 'refunded',
				'refunded_cents' => 3000,
			)
		);

		$statements = $this->query()->statements_of( $email, new FinancialYear( 2020 ) );

		$this->assertCount( 1, $statements );
		$this->assertSame( array( $kept, $partial ), array_column( $statements[0]->gifts, 'id' ) );
		$this->assertSame( array( 5000, 9000 ), array_column( $statements[0]->gifts, 'amount_cents' ) );
		$this->assertSame( 14000, $statements[0]->total_cents() );
	}

	public function test_a_donor_whose_only_gift_was_partly_refunded_is_found_by_send_all_at_the_kept_amount(): void {
		$year  = new FinancialYear( 2011 );
		$email = $this->email( 'onlypartly' );
		$this->gift(
			$email,
			'2010-10-01 09:00:00',
			10000,
			array(
				'status'         => 'partially_refunded',
				'refunded_cents' => 1000,
			)
		);
		// Before amounts were kept a partial refund said no amount: that gift still counts nothing.
		$this->gift( $this->email( 'unknownpart' ), '2010-10-02 09:00:00', 10000, array( 'status' => 'partially_refunded' ) );

		$found = array();
		$after = '';
		do {
			$page  = $this->query()->donor_page( $after, 50 );
			$found = array_merge( $found, $page );
			$after = (string) end( $page );
			$more  = count( $page ) >= 50;
		} while ( $more );
		$this->assertContains( $email, $found );
		$totals = $this->query()->totals_of( array( $email, $this->email( 'unknownpart' ) ), $year );
		$this->assertSame(
			array(
				array(
					'email'        => $email,
					'organisation' => '',
					'name'         => $totals[0]['name'],
					'gifts'        => 1,
					'total_cents'  => 9000,
				),
			),
			$totals
		);
		$this->assertSame( 1, $this->query()->count_of( $year ) - $this->count_without( $year, $email ) );

		$this->log_in_as( 'administrator' );
		$this->send_all( $year );
		$this->assertContains( $email, array_column( $this->statement_mail(), 'recipient' ) );
		$this->assertNotContains( $this->email( 'unknownpart' ), array_column( $this->statement_mail(), 'recipient' ) );
	}

	/**
	 * The year's statement count with one donor's gifts set aside (other tests' committed rows
	 * may fall in the same year).
	 */
	private function count_without( FinancialYear $year, string $email ): int {
		global $wpdb;
		$table = \DonationWidget\Database\Schema::table( 'donations' );
		$wpdb->query( $wpdb->prepare( "UPDATE {$table} SET status = 'failed' WHERE email = %s", $email ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		$count = $this->query()->count_of( $year );
		$wpdb->query( $wpdb->prepare( "UPDATE {$table} SET status = 'partially_refunded' WHERE email = %s", $email ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		return $count;
	}
}
