<?php
/**
 * Servers writing at once move the reports' figures exactly: four servers recording the same
 * refund and fee on one gift count them once; four servers taking gifts on the same report key
 * count every one.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Reports;

use DonationWidget\Database\Schema;
use DonationWidget\Donations\DonationForm;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Donations\DonationTotals;
use DonationWidget\Donations\LocalDays;
use DonationWidget\Reports\ReportQuery;
use DonationWidget\Reports\ReportRequest;
use DonationWidget\Tests\Integration\PaymentTestCase;
use DonationWidget\Tests\Integration\RacingServers;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the test checks and cleans the plugin's own tables.

final class ReportRaceTest extends PaymentTestCase {

	use RacingServers;

	/**
	 * Today's report by UTM source, keyed by source.
	 *
	 * @return array<string, array<string, int|string>>
	 */
	private function by_source(): array {
		$request = ReportRequest::from_params(
			array(
				'from'  => LocalDays::today(),
				'to'    => LocalDays::today(),
				'group' => 'utm_source',
			)
		);
		$this->assertInstanceOf( ReportRequest::class, $request );
		return array_column( $this->service( ReportQuery::class )->report( $request )['rows'], null, 'key' );
	}

	public function test_servers_writing_at_once_move_the_figures_once_per_change(): void {
		global $wpdb;
		// The servers are other connections: they must see committed rows.
		$wpdb->query( 'ROLLBACK' );
		$tag = 'race-' . strtolower( wp_generate_password( 8, false ) );
		try {
			$repository = $this->service( DonationRepository::class );
			$gift       = $repository->create( wp_generate_uuid4(), DonationForm::from_json( $this->form_data( array( 'utm_source' => $tag . '-refund' ) ) ), 'stripe', 'card', 'http://127.0.0.1:8891/donate/' );
			$this->assertNotNull( $gift );
			$this->assertTrue( $repository->move( $gift->id(), DonationStatus::SUCCEEDED ) );

			$results = $this->race(
				__DIR__ . '/concurrent-report-writes.php',
				array(
					array( 'refund', (string) $gift->id() ),
					array( 'refund', (string) $gift->id() ),
					array( 'refund', (string) $gift->id() ),
					array( 'donate', '15', $tag ),
					array( 'donate', '15', $tag ),
					array( 'donate', '15', $tag ),
				)
			);
			$this->assertSame( 2, array_sum( array_column( array_slice( $results, 0, 3 ), 'changed' ) ), 'the refund and the fee were each recorded by one server: ' . wp_json_encode( $results ) );
			$this->assertSame( 45, array_sum( array_column( array_slice( $results, 3 ), 'paid' ) ) );

			$sources = $this->by_source();
			$refund  = $sources[ $tag . '-refund' ];
			$this->assertSame( array( 1, $gift->total_cents(), 1000, 150 ), array( $refund['donations'], $refund['gross_cents'], $refund['refunded_cents'], $refund['fee_cents'] ) );
			$this->assertSame( array( 45, 45 * 5250 ), array( $sources[ $tag ]['donations'], $sources[ $tag ]['gross_cents'] ) );
			// And the plain SQL over the rows says the same.
			$this->assertSame(
				array(
					'donations' => '45',
					'gross'     => (string) ( 45 * 5250 ),
				),
				$wpdb->get_row( $wpdb->prepare( 'SELECT COUNT(*) AS donations, SUM(total_cents) AS gross FROM ' . Schema::table( 'donations' ) . " WHERE utm_source = %s AND status = 'succeeded'", $tag ), ARRAY_A )
			);
		} finally {
			// The gifts, and the receipts their payment queued (the next test's mail worker would
			// meet them first).
			$ids = array_map( 'intval', $wpdb->get_col( $wpdb->prepare( 'SELECT id FROM ' . Schema::table( 'donations' ) . ' WHERE utm_source LIKE %s', $wpdb->esc_like( $tag ) . '%' ) ) );
			foreach ( array( 'mail_queue', 'receipts', 'donations' ) as $table ) {
				$column = 'donations' === $table ? 'id' : 'donation_id';
				foreach ( array_chunk( $ids, 100 ) as $chunk ) {
					$wpdb->query( $wpdb->prepare( 'DELETE FROM ' . Schema::table( $table ) . " WHERE {$column} IN (" . implode( ', ', array_fill( 0, count( $chunk ), '%d' ) ) . ')', $chunk ) );
				}
			}
			$this->service( DonationTotals::class )->rederive( gmdate( 'Y-m-d' ), gmdate( 'Y-m-d' ) );
			$wpdb->query( 'START TRANSACTION' );
		}
	}
}
