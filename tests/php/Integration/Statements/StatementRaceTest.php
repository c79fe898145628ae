<?php
/**
 * Two servers sending the same year's statements at once send each one once.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Statements;

use DonationWidget\Database\Schema;
use DonationWidget\Donations\DonationTotals;
use DonationWidget\Statements\FinancialYear;
use DonationWidget\Statements\StatementLog;
use DonationWidget\Statements\StatementRuns;
use DonationWidget\Tests\Integration\RacingServers;

final class StatementRaceTest extends StatementTestCase {

	use RacingServers;

	/**
	 * A year no other test writes to (the servers see every committed donor of it).
	 */
	private const YEAR = 2004;

	public function test_two_servers_sending_one_year_at_once_send_every_statement_exactly_once(): void {
		global $wpdb;
		$donors = 130;
		$year   = new FinancialYear( self::YEAR );
		// The servers are other connections: they must see committed rows. So this test commits,
		// and deletes its rows at the end.
		$wpdb->query( 'ROLLBACK' );
		try {
			for ( $i = 0; $i < $donors; $i++ ) {
				$this->insert_donation(
					array(
						'email'       => $this->email( sprintf( 'racer%03d', $i ) ),
						'total_cents' => 1000 + $i,
						'created_at'  => '2004-01-15 02:00:00',
						'updated_at'  => '2004-01-15 02:00:00',
					)
				);
			}
			$this->runs()->start( $year, 1 );
			$results = $this->race( __DIR__ . '/concurrent-statements.php', array( array( (string) self::YEAR ), array( (string) self::YEAR ) ) );
			$this->assertGreaterThan( 0, min( array_column( $results, 'steps' ) ), 'both servers took part: ' . wp_json_encode( $results ) );

			$mail = $this->statement_mail();
			$this->assertCount( $donors, $mail, 'one email per donor' );
			$this->assertCount( $donors, array_unique( array_column( $mail, 'recipient' ) ), 'nobody twice' );
			$this->assertCount( $donors, array_unique( array_column( $mail, 'source_id' ) ), 'each statement row once' );
			$this->assertSame( StatementRuns::DONE, $this->runs()->find( $year )['status'] );
			$counts = $this->log()->counts( $year );
			$this->assertSame( $donors, $counts[ StatementLog::SENT ] );
			$this->assertSame( array( '1' ), $wpdb->get_col( $wpdb->prepare( 'SELECT DISTINCT sends FROM ' . Schema::table( 'statements' ) . ' WHERE year = %d', self::YEAR ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		} finally {
			$like = '%@' . $wpdb->esc_like( $this->domain );
			// phpcs:disable WordPress.DB.PreparedSQL.NotPrepared
			$wpdb->query( $wpdb->prepare( 'DELETE FROM ' . Schema::table( 'donations' ) . ' WHERE email LIKE %s', $like ) );
			$wpdb->query( $wpdb->prepare( 'DELETE FROM ' . Schema::table( 'mail_queue' ) . ' WHERE recipient LIKE %s', $like ) );
			$wpdb->query( $wpdb->prepare( 'DELETE FROM ' . Schema::table( 'statements' ) . ' WHERE year = %d', self::YEAR ) );
			$wpdb->query( $wpdb->prepare( 'DELETE FROM ' . Schema::table( 'statement_runs' ) . ' WHERE year = %d', self::YEAR ) );
			// phpcs:enable
			$this->service( DonationTotals::class )->rederive( '2004-01-15', '2004-01-15' );
			$wpdb->query( 'START TRANSACTION' );
		}
	}
}
