<?php
/**
 * Two admin figures read from keys alone at a million donations (schema 14): a search's kept
 * amount (paid gifts less refunds and lost disputes), from the search_* keys, and what waits in
 * the PayPal balance per month, from the provider_created key. Each is compared with an
 * independent sum over the rows in PHP, after the writes that change it, and its plan is
 * checked to read no row of the table.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Admin;

use DonationWidget\Admin\Donations\DonationFilters;
use DonationWidget\Admin\Donations\DonationQuery;
use DonationWidget\Books\Disputes\Dispute;
use DonationWidget\Books\Payouts\HeldBalance;
use DonationWidget\Database\Schema;
use DonationWidget\Donations\DonationRepository;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- the reference queries of the test, on the plugin's own tables; the placeholders are in DonationSearch's union.

final class SummariesFromKeysTest extends AdminTestCase {

	/**
	 * The kept totals of a search, summed in PHP from the matching rows (found with plain LIKEs,
	 * not DonationSearch).
	 *
	 * @param string $surname The searched surname (this test's own).
	 * @return array{count: int, succeeded_count: int, succeeded_cents: int}
	 */
	private function summed_from_rows( string $surname ): array {
		global $wpdb;
		$like = $wpdb->esc_like( $surname ) . '%';
		$rows = $wpdb->get_results(
			$wpdb->prepare(
				'SELECT status, currency, total_cents, refunded_cents, dispute_lost_cents FROM ' . Schema::table( 'donations' ) . ' WHERE last_name LIKE %s OR first_name LIKE %s OR organisation_name LIKE %s OR email LIKE %s',
				$like,
				$like,
				$like,
				$like
			),
			ARRAY_A
		);
		$sums = array(
			'count'           => 0,
			'succeeded_count' => 0,
			'succeeded_cents' => 0,
		);
		foreach ( $rows as $row ) {
			++$sums['count'];
			if ( in_array( $row['status'], array( 'succeeded', 'partially_refunded' ), true ) && 'AUD' === $row['currency'] ) {
				++$sums['succeeded_count'];
				$sums['succeeded_cents'] += (int) $row['total_cents'] - (int) $row['refunded_cents'] - (int) $row['dispute_lost_cents'];
			}
		}
		return $sums;
	}

	/**
	 * Asserts a search's totals equal the rows' sums, and that its lookups by name and email
	 * read their keys only.
	 *
	 * @param string $surname The searched surname.
	 * @param string $when    What just happened.
	 */
	private function assert_search_kept_exact( string $surname, string $when ): void {
		global $wpdb;
		$filters = DonationFilters::from_request( array( 's' => $surname ) );
		$sql     = '';
		$watch   = static function ( $query ) use ( &$sql ) {
			if ( str_contains( (string) $query, 'AS succeeded_cents' ) ) {
				$sql = (string) $query;
			}
			return $query;
		};
		add_filter( 'query', $watch );
		$totals = $this->service( DonationQuery::class )->totals( $filters );
		remove_filter( 'query', $watch );
		$this->assertSame( $this->summed_from_rows( $surname ), $totals, $when );

		// The totals read the name and email lookups' keys, and nothing of the table besides.
		$this->assertNotSame( '', $sql );
		$searched = 0;
		foreach ( $wpdb->get_results( 'EXPLAIN ' . $sql, ARRAY_A ) as $step ) {
			$key = (string) $step['key'];
			$this->assertNotSame( 'PRIMARY', $key, "{$when}: the totals read matches back from the table" );
			if ( str_starts_with( $key, 'search_' ) ) {
				++$searched;
				$this->assertStringContainsString( 'Using index', (string) $step['Extra'], "{$when}: the lookup on {$key} reads rows back" );
			}
		}
		$this->assertGreaterThan( 0, $searched, "{$when}: no lookup used a search key" );
	}

	public function test_a_searchs_kept_totals_equal_the_rows_after_partial_refunds_and_lost_disputes(): void {
		$surname    = 'Kept' . str_replace( '.', '', $this->domain );
		$repository = $this->service( DonationRepository::class );
		$gift       = fn ( array $columns ): int => $this->insert_donation(
			$columns + array(
				'last_name' => $surname,
				'email'     => $this->email( wp_generate_password( 8, false, false ) ),
			)
		);
		$paid       = $gift( array( 'total_cents' => 5000 ) );
		$partly     = $gift( array( 'total_cents' => 8000 ) );
		$disputed   = $gift( array( 'total_cents' => 12000 ) );
		$gift(
			array(
				'status'         => 'refunded',
				'total_cents'    => 3000,
				'refunded_cents' => 3000,
			)
		);
		$gift(
			array(
				'status'      => 'failed',
				'total_cents' => 9900,
			)
		);
		$gift(
			array(
				'currency'    => 'NZD',
				'total_cents' => 4000,
			)
		);
		$gift(
			array(
				'last_name'         => 'Other',
				'organisation_name' => $surname . ' Builders',
				'donate_as'         => 'organisation',
				'total_cents'       => 25000,
			)
		);
		$this->assert_search_kept_exact( $surname, 'as seeded' );

		// A partial refund (the amount, then the status, as the refund paths write them), then a second one.
		$this->assertNotNull( $repository->record_amounts( $partly, array( 'refunded_cents' => 1250 ) ) );
		$this->assertTrue( $repository->move( $partly, 'partially_refunded' ) );
		$this->assert_search_kept_exact( $surname, 'after a partial refund' );
		$this->assertNotNull( $repository->record_amounts( $partly, array( 'refunded_cents' => 2000 ) ) );
		$this->assert_search_kept_exact( $surname, 'after a second partial refund' );

		// A lost dispute keeps the gift's status and takes its money back.
		$this->assertNotNull(
			$repository->record_amounts(
				$disputed,
				array(
					'dispute_status'     => Dispute::LOST,
					'dispute_lost_cents' => 12000,
				)
			)
		);
		$this->assert_search_kept_exact( $surname, 'after a lost dispute' );

		$this->assertNotNull( $repository->record_amounts( $paid, array( 'refunded_cents' => 5000 ) ) );
		$this->assertTrue( $repository->move( $paid, 'refunded' ) );
		$this->assert_search_kept_exact( $surname, 'after a full refund' );
		$this->assertSame( 8000 - 2000 + 0 + 25000, $this->service( DonationQuery::class )->totals( DonationFilters::from_request( array( 's' => $surname ) ) )['succeeded_cents'], 'what the gifts kept, by hand' );
	}

	/**
	 * What HeldBalance::months() replaced: each received capture of the provider, summed per
	 * month of the site's offset in PHP.
	 *
	 * @param string $from_utc UTC datetime, inclusive.
	 * @param string $to_utc   UTC datetime, exclusive.
	 * @return list<array{month: string, captures: int, gross_cents: int, fee_cents: int, refunded_cents: int, waiting_cents: int, fee_unknown: int}>
	 */
	private function paypal_months_from_rows( string $from_utc, string $to_utc ): array {
		global $wpdb;
		$rows   = $wpdb->get_results(
			$wpdb->prepare( 'SELECT created_at, status, total_cents, fee_cents, net_cents, refunded_cents FROM ' . Schema::table( 'donations' ) . ' IGNORE INDEX (provider_created) WHERE provider = %s AND created_at >= %s AND created_at < %s', 'paypal', $from_utc, $to_utc ),
			ARRAY_A
		);
		$offset = (int) round( (float) get_option( 'gmt_offset', 0 ) * HOUR_IN_SECONDS );
		$months = array();
		foreach ( $rows as $row ) {
			if ( ! in_array( $row['status'], array( 'succeeded', 'partially_refunded', 'refunded' ), true ) ) {
				continue;
			}
			$month              = gmdate( 'Y-m', (int) strtotime( $row['created_at'] . ' UTC' ) + $offset );
			$months[ $month ] ??= array(
				'month'          => $month,
				'captures'       => 0,
				'gross_cents'    => 0,
				'fee_cents'      => 0,
				'refunded_cents' => 0,
				'waiting_cents'  => 0,
				'fee_unknown'    => 0,
			);
			++$months[ $month ]['captures'];
			$months[ $month ]['gross_cents']    += (int) $row['total_cents'];
			$months[ $month ]['fee_cents']      += (int) $row['fee_cents'];
			$months[ $month ]['refunded_cents'] += (int) $row['refunded_cents'];
			$months[ $month ]['waiting_cents']  += (int) $row['net_cents'] - (int) $row['refunded_cents'];
			$months[ $month ]['fee_unknown']    += null === $row['fee_cents'] ? 1 : 0;
		}
		krsort( $months );
		return array_values( $months );
	}

	public function test_the_paypal_balance_by_month_equals_the_rows_and_reads_its_key_only(): void {
		global $wpdb;
		$repository = $this->service( DonationRepository::class );
		$paypal     = array(
			'provider'          => 'paypal',
			'method'            => 'paypal',
			'payment_intent_id' => '',
		);
		$captures   = array();
		foreach ( array(
			array( '2026-08-31 15:30:00', 'succeeded', 5000, 215 ),
			array( '2026-09-03 01:00:00', 'succeeded', 2000, 82 ),
			array( '2026-09-20 23:59:59', 'succeeded', 7500, null ),
			array( '2026-10-01 00:00:00', 'failed', 9900, null ),
			array( '2026-10-05 08:00:00', 'succeeded', 12000, 342 ),
			array( '2026-10-31 13:59:59', 'succeeded', 3000, 108 ),
			array( '2026-11-02 01:00:00', 'abandoned', 4000, null ),
		) as list( $at, $status, $total, $fee ) ) {
			$columns = $paypal + array(
				'provider_reference' => strtoupper( wp_generate_password( 17, false, false ) ),
				'status'             => $status,
				'total_cents'        => $total,
				'amount_cents'       => $total,
				'created_at'         => $at,
			);
			if ( null !== $fee ) {
				$columns += array(
					'fee_cents' => $fee,
					'net_cents' => $total - $fee,
				);
			}
			$captures[] = $this->insert_donation( $columns );
		}
		// A card gift in the same days never reaches the PayPal balance.
		$this->insert_donation(
			array(
				'total_cents' => 7000,
				'fee_cents'   => 149,
				'net_cents'   => 6851,
				'created_at'  => '2026-10-12 01:00:00',
			)
		);
		$from    = '2026-08-31 14:00:00';
		$to      = '2026-11-30 13:00:00';
		$balance = $this->service( HeldBalance::class );
		$this->assertNotSame( array(), $this->paypal_months_from_rows( $from, $to ) );
		$this->assertSame( $this->paypal_months_from_rows( $from, $to ), $balance->months( 'paypal', $from, $to ), 'as seeded' );

		// A partial refund, a full one and a fee reported late each move the month they belong to.
		$this->assertNotNull( $repository->record_amounts( $captures[4], array( 'refunded_cents' => 2500 ) ) );
		$this->assertTrue( $repository->move( $captures[4], 'partially_refunded' ) );
		$this->assertNotNull( $repository->record_amounts( $captures[1], array( 'refunded_cents' => 2000 ) ) );
		$this->assertTrue( $repository->move( $captures[1], 'refunded' ) );
		$this->assertNotNull(
			$repository->record_amounts(
				$captures[2],
				array(
					'fee_cents' => 225,
					'net_cents' => 7275,
				)
			)
		);
		$this->assertSame( $this->paypal_months_from_rows( $from, $to ), $balance->months( 'paypal', $from, $to ), 'after refunds and a late fee' );

		// Each received capture listed with its net, newest first.
		$listed = array_map( static fn ( $donation ): int => $donation->id(), $balance->captures( 'paypal', $from, $to ) );
		$this->assertSame( array( $captures[5], $captures[4], $captures[2], $captures[1], $captures[0] ), array_values( array_intersect( $listed, $captures ) ) );

		// The Payouts list reads the months from the provider_created key alone.
		$sql   = '';
		$watch = static function ( $query ) use ( &$sql ) {
			if ( str_contains( (string) $query, 'AS waiting_cents' ) ) {
				$sql = (string) $query;
			}
			return $query;
		};
		add_filter( 'query', $watch );
		$balance->months( 'paypal', $from, $to );
		remove_filter( 'query', $watch );
		$this->assertNotSame( '', $sql );
		$plan = $wpdb->get_row( 'EXPLAIN ' . $sql, ARRAY_A );
		$this->assertSame( 'provider_created', $plan['key'], 'the months are read on the provider_created key' );
		$this->assertStringContainsString( 'Using index', (string) $plan['Extra'], 'the months read no row of the table' );
	}
}
