<?php
/**
 * No statement query reads a whole table: every SELECT that finding, sending, previewing, the
 * CSV and the self-service links run on the plugin's tables is EXPLAINed over a seeded table.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Statements;

use DonationWidget\Admin\Statements\StatementTotalsCsv;
use DonationWidget\Cli\DonationSeeder;
use DonationWidget\Database\Schema;
use DonationWidget\Donations\DonationTotals;
use DonationWidget\Statements\FinancialYear;
use DonationWidget\Statements\StatementPage;

final class StatementQueryPlanTest extends StatementTestCase {

	private const ROWS = 4000;

	/**
	 * A full table scan of more rows than this fails the test.
	 */
	private const SCAN_BOUND = 50;

	/**
	 * The SELECTs some code ran on the plugin's tables.
	 *
	 * @param callable $run The code.
	 * @return list<string>
	 */
	private function selects_of( callable $run ): array {
		global $wpdb;
		$queries = self::queries_of( $run );
		$prefix  = $wpdb->prefix . 'donation_widget_';
		return array_values( array_unique( array_filter( $queries, static fn ( string $sql ): bool => (bool) preg_match( '/^\s*SELECT\b/i', $sql ) && str_contains( $sql, $prefix ) ) ) );
	}

	/**
	 * Full table scans and full index scans in the plans of some SELECTs.
	 *
	 * @param list<string> $selects SELECTs.
	 * @return list<string>
	 */
	private function problems( array $selects ): array {
		global $wpdb;
		$problems = array();
		foreach ( $selects as $sql ) {
			$plan = $wpdb->get_results( 'EXPLAIN ' . $sql, ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- a query the plugin itself just ran, prepared.
			$this->assertNotEmpty( $plan, "EXPLAIN failed: {$wpdb->last_error}\n{$sql}" );
			foreach ( $plan as $step ) {
				$table = (string) $step['table'];
				if ( '' === $table || str_starts_with( $table, '<' ) ) {
					continue;
				}
				if ( 'ALL' === $step['type'] && (int) $step['rows'] > self::SCAN_BOUND ) {
					$problems[] = "full table scan of {$table} ({$step['rows']} rows) in: " . preg_replace( '/\s+/', ' ', $sql );
				}
				// As AdminQueryPlanTest: an index read in order for a LIMIT of a few rows (the
				// receipt number first sent, in a subquery) is not a whole-table read.
				if ( 'index' === $step['type'] && (int) $step['rows'] > 40 ) {
					$problems[] = "full index scan of {$table} on {$step['key']} ({$step['rows']} rows) in: " . preg_replace( '/\s+/', ' ', $sql );
				}
			}
		}
		return $problems;
	}

	public function test_no_statement_query_reads_a_whole_table(): void {
		global $wpdb;
		$this->log_in_as( 'administrator' );
		$this->assertSame( self::ROWS, ( new DonationSeeder( new DonationTotals() ) )->seed( self::ROWS, 11 )['donations'] );
		$table = Schema::table( 'donations' );
		$donor = $wpdb->get_row( $wpdb->prepare( "SELECT email, created_at FROM {$table} WHERE status = %s ORDER BY id DESC LIMIT 1", 'succeeded' ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		$year  = FinancialYear::of( $donor['created_at'] );

		$selects = $this->selects_of(
			function () use ( $donor, $year ): void {
				$this->query()->statements_of( $donor['email'], $year );
				apply_filters( 'donation_widget_statement_links', array(), $donor['email'] );
				$this->send_all( $year );
				$out = fopen( 'php://memory', 'w+b' );
				( new StatementTotalsCsv( $this->query(), $this->log() ) )->write( $year, $out );
				$url = $this->service( \DonationWidget\Statements\StatementLinks::class )->url( $donor['email'], '', $year );
				$this->service( StatementPage::class )->answer( (string) wp_parse_args( (string) wp_parse_url( $url, PHP_URL_QUERY ) )['donation-widget-statement'] );
			}
		);
		$this->assertGreaterThan( 10, count( $selects ) );
		$this->assertGreaterThan( 0, $this->log()->counts( $year )['sent'], 'the run sent statements' );
		$this->assertSame( array(), $this->problems( $selects ) );

		// Finding a year's donors walks the statement_donor index (status, email, …): a page of
		// addresses, then their totals, both read from the index alone.
		foreach ( array( 'SELECT DISTINCT email', 'SELECT email, donate_as' ) as $start ) {
			$found = array_values( array_filter( $selects, static fn ( string $sql ): bool => str_starts_with( $sql, $start ) ) );
			$this->assertNotEmpty( $found, $start );
			$plan = $wpdb->get_row( 'EXPLAIN ' . $found[0], ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- a query the plugin itself just ran, prepared.
			$this->assertSame( 'statement_donor', $plan['key'], $found[0] );
			$this->assertStringContainsString( 'Using index', (string) $plan['Extra'], $found[0] );
		}
	}
}
