<?php
/**
 * Receipt numbers: given only to money received, in order, without gaps, on every path.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Receipts;

use DonationWidget\Donations\DonationsMigrations;
use DonationWidget\Database\Schema;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Http\AjaxResult;
use DonationWidget\Tests\Integration\PaymentTestCase;
use DonationWidget\Tests\Integration\RacingServers;

final class ReceiptNumberTest extends PaymentTestCase {

	use RacingServers;

	private function pay( array $request ): AjaxResult {
		return $this->payment_call( 'process_payment_method', $request );
	}

	/**
	 * The receipt sequence number of an attempt's row (null: none).
	 */
	private function seq_of( string $attempt_id ): ?int {
		$row = $this->donation_row( $attempt_id );
		$this->assertNotNull( $row );
		return null === $row['receipt_seq'] ? null : (int) $row['receipt_seq'];
	}

	public function test_failed_and_unanswered_attempts_between_two_paid_ones_leave_no_gap(): void {
		$first = $this->card_request();
		$this->assertAnswer( 200, '', $this->pay( $first ) );

		$declined = $this->card_request( array( 'token' => 'pm_card_chargeDeclined' ) );
		$this->pay( $declined );
		$this->queue(
			'stripe',
			'server_error',
			array(
				'path'  => '/v1/payment_intents',
				'times' => 3,
			)
		);
		$unanswered = $this->card_request();
		$this->pay( $unanswered );
		$three_ds = $this->card_request( array( 'token' => 'pm_card_threeDSecure2Required' ) );
		$this->pay( $three_ds );

		$second = $this->card_request();
		$this->assertAnswer( 200, '', $this->pay( $second ) );

		$this->assertSame( 'failed', $this->donation_row( $declined['attemptId'] )['status'] );
		foreach ( array( $declined, $unanswered, $three_ds ) as $unpaid ) {
			$this->assertNull( $this->seq_of( $unpaid['attemptId'] ), 'money not received has no receipt number' );
		}
		$this->assertGreaterThan( 0, $this->seq_of( $first['attemptId'] ) );
		$this->assertSame( $this->seq_of( $first['attemptId'] ) + 1, $this->seq_of( $second['attemptId'] ) );
	}

	public function test_a_payment_completed_later_is_numbered_when_the_money_arrives(): void {
		$three_ds = $this->card_request( array( 'token' => 'pm_card_threeDSecure2Required' ) );
		$answer   = $this->pay( $three_ds );
		$paid     = $this->card_request();
		$this->assertAnswer( 200, '', $this->pay( $paid ) );
		$this->assertNull( $this->seq_of( $three_ds['attemptId'] ) );

		// The donor passes 3-D Secure; the widget posts again and the site takes the money.
		$this->complete_3ds( $answer->data()['client_secret'] );
		$this->assertAnswer( 200, '', $this->pay( $this->sent_again( $three_ds, array( 'paymentIntentId' => $answer->data()['payment_intent_id'] ) ) ) );

		$this->assertSame( 'succeeded', $this->donation_row( $three_ds['attemptId'] )['status'] );
		$this->assertSame( $this->seq_of( $paid['attemptId'] ) + 1, $this->seq_of( $three_ds['attemptId'] ), 'numbered in order of payment, not of attempt' );

		// Stripe's webhook for the same payment changes nothing.
		$intent = $this->donation_row( $three_ds['attemptId'] )['payment_intent_id'];
		$events = $this->control( 'GET', '/__control/stripe/events?type=payment_intent.succeeded' )['body'];
		$event  = current( array_filter( $events, static fn ( array $e ): bool => $intent === $e['data']['object']['id'] ) );
		$this->assertIsArray( $event );
		$this->deliver( $event );
		$this->assertSame( $this->seq_of( $paid['attemptId'] ) + 1, $this->seq_of( $three_ds['attemptId'] ) );
	}

	public function test_a_renewal_gets_the_next_number_and_a_failed_one_none(): void {
		$request = $this->card_request( array(), array( 'frequency' => '4weekly' ) );
		$this->assertAnswer( 200, '', $this->pay( $request ) );
		$first = $this->donation_row( $request['attemptId'] );

		$failed = $this->control(
			'POST',
			'/__control/stripe/advance',
			array(
				'subscription' => $first['subscription_id'],
				'action'       => 'renewal_failed',
			)
		)['body'];
		$this->deliver( $failed['event'] );
		$paid = $this->control(
			'POST',
			'/__control/stripe/advance',
			array(
				'subscription' => $first['subscription_id'],
				'action'       => 'renewal_paid',
			)
		)['body'];
		$this->deliver( $paid['event'] );

		$rows = $this->subscription_rows( $first['subscription_id'] );
		$this->assertSame( array( 'succeeded', 'failed', 'succeeded' ), array_column( $rows, 'status' ) );
		$this->assertNull( $rows[1]['receipt_seq'] );
		$this->assertSame( (int) $rows[0]['receipt_seq'] + 1, (int) $rows[2]['receipt_seq'] );
	}

	public function test_the_upgrade_keeps_the_numbers_paid_donations_already_carried_and_numbering_continues_after_them(): void {
		global $wpdb;
		$table = Schema::table( 'donations' );
		// The table as schema 4 left it: nothing numbered (rolled back with the test).
		$wpdb->query( "UPDATE {$table} SET receipt_seq = NULL" ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		$rows = array();
		foreach ( array( 'succeeded', 'failed', 'pending', 'refunded', 'succeeded', 'partially_refunded', 'requires_action' ) as $status ) {
			$attempt = wp_generate_uuid4();
			$wpdb->insert(
				$table,
				array(
					'attempt_id'   => $attempt,
					'status'       => $status,
					'frequency'    => 'Oneoff',
					'total_cents'  => 5000,
					'amount_cents' => 5000,
					'created_at'   => current_time( 'mysql', true ),
					'updated_at'   => current_time( 'mysql', true ),
				)
			);
			$rows[ $attempt ] = array( (int) $wpdb->insert_id, $status );
		}

		DonationsMigrations::number_paid_donations();
		$after_first = array();
		foreach ( $rows as $attempt => list( $id, $status ) ) {
			$after_first[ $attempt ] = $this->seq_of( $attempt );
			if ( in_array( $status, array( 'succeeded', 'refunded', 'partially_refunded' ), true ) ) {
				$this->assertSame( $id, $after_first[ $attempt ], "a {$status} donation keeps the number it was receipted with" );
			} else {
				$this->assertNull( $after_first[ $attempt ], "a {$status} attempt loses its number" );
			}
		}

		DonationsMigrations::number_paid_donations();
		foreach ( $rows as $attempt => $unused ) {
			$this->assertSame( $after_first[ $attempt ], $this->seq_of( $attempt ), 'running it again changes nothing' );
		}

		$highest = (int) $wpdb->get_var( "SELECT MAX(receipt_seq) FROM {$table}" ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		$next    = $this->card_request();
		$this->assertAnswer( 200, '', $this->pay( $next ) );
		$this->assertSame( $highest + 1, $this->seq_of( $next['attemptId'] ) );
	}

	public function test_payments_recorded_at_the_same_instant_on_several_servers_get_distinct_consecutive_numbers(): void {
		global $wpdb;
		$servers = 12;
		$table   = Schema::table( 'donations' );
		// The children are other connections: they must see committed rows, and must not wait
		// on this test's transaction. So this test commits, and deletes its rows at the end.
		$wpdb->query( 'ROLLBACK' );
		$ids = array();
		try {
			for ( $i = 0; $i < $servers; $i++ ) {
				$wpdb->insert(
					$table,
					array(
						'attempt_id'   => 'race-' . wp_generate_uuid4(),
						'status'       => 'pending',
						'frequency'    => 'Oneoff',
						'total_cents'  => 5000,
						'amount_cents' => 5000,
						'created_at'   => current_time( 'mysql', true ),
						'updated_at'   => current_time( 'mysql', true ),
					)
				);
				$ids[] = (int) $wpdb->insert_id;
			}
			$highest = (int) $wpdb->get_var( "SELECT COALESCE(MAX(receipt_seq), 0) FROM {$table}" ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared

			$results = $this->race( __DIR__ . '/concurrent-payment.php', array_map( static fn ( int $id ): array => array( (string) $id ), $ids ) );

			$this->assertSame( array_fill( 0, $servers, true ), array_column( $results, 'moved' ) );
			// They really raced: most servers ran while at least one other was running. (Not "before
			// the first one finished": on 2 cores the first can finish before most have started.)
			$racing = count(
				array_filter(
					$results,
					static fn ( array $one ): bool => array() !== array_filter(
						$results,
						static fn ( array $other ): bool => $other !== $one && $other['began'] < $one['ended'] && $one['began'] < $other['ended']
					)
				)
			);
			$this->assertGreaterThanOrEqual( $servers / 2, $racing, 'the servers did not overlap: ' . wp_json_encode( $results ) );
			$numbers = array_column( $results, 'seq' );
			sort( $numbers );
			$this->assertSame( range( $highest + 1, $highest + $servers ), $numbers, 'distinct, consecutive, none lost' );
		} finally {
			if ( array() !== $ids ) {
				$wpdb->query( "DELETE FROM {$table} WHERE id IN (" . implode( ',', array_map( 'intval', $ids ) ) . ')' ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQL.NotPrepared
			}
			$wpdb->query( 'START TRANSACTION' );
		}
	}

	public function test_a_paid_donation_left_unnumbered_gets_its_number_when_its_receipt_is_needed(): void {
		$request = $this->card_request();
		$this->assertAnswer( 200, '', $this->pay( $request ) );
		$row = $this->donation_row( $request['attemptId'] );
		global $wpdb;
		// As if the request had died between the status move and the numbering.
		$wpdb->update( Schema::table( 'donations' ), array( 'receipt_seq' => null ), array( 'id' => (int) $row['id'] ) );

		// The next completion of the same payment (a webhook, a retry) repairs it.
		$this->assertTrue( $this->service( DonationRepository::class )->move( (int) $row['id'], 'succeeded' ) );
		$this->assertSame( (int) $row['receipt_seq'], $this->seq_of( $request['attemptId'] ), 'the same number again: it was the highest' );
	}
}
