<?php
/**
 * Stripe payouts against the stand-in: a deposit of gifts, fees, a refund and a dispute is
 * explained to the cent, one that does not add up is flagged, and the webhook and the
 * reconciliation pass end on the same rows.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Books;

use DonationWidget\Admin\Payouts\PayoutMismatchNotice;
use DonationWidget\Books\Payouts\BalanceTransactionRepository;
use DonationWidget\Books\Payouts\PayoutParts;
use DonationWidget\Books\Payouts\PayoutReconciler;
use DonationWidget\Books\Payouts\PayoutRepository;
use DonationWidget\Books\Payouts\PayoutSchedule;
use DonationWidget\Database\Schema;
use DonationWidget\Scheduling\RecurringEvents;
use DonationWidget\Tests\Integration\PaymentTestCase;

final class PayoutsTest extends PaymentTestCase {

	/**
	 * A one-off card donation of a total, made through the widget's call.
	 *
	 * @param string $total Dollars, such as 52.50.
	 * @return array<string, string> Its row.
	 */
	private function donation_of( string $total ): array {
		$request = $this->card_request( array(), array( 'totalAmount' => $total ) );
		$this->assertAnswer( 200, '', $this->payment_call( 'process_payment_method', $request ) );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'succeeded', $row['status'] );
		return $row;
	}

	/**
	 * Pays out everything the stand-in has taken so far (a week on, when all of it is available).
	 *
	 * @param array<string, mixed> $options status, amount_adjustment.
	 * @return array<string, mixed> {payout, transactions, events}
	 */
	private function pay_out( array $options = array() ): array {
		$made = $this->control( 'POST', '/__control/stripe/payout', array( 'at' => time() + 7 * DAY_IN_SECONDS ) + $options );
		$this->assertSame( 200, $made['status'], (string) wp_json_encode( $made['body'] ) );
		return $made['body'];
	}

	/**
	 * The latest event of a type about an object.
	 *
	 * @param string $type      Event type.
	 * @param string $object_id Its data.object id.
	 * @return array<string, mixed>
	 */
	private function event( string $type, string $object_id ): array {
		$events = $this->control( 'GET', '/__control/stripe/events?type=' . rawurlencode( $type ) )['body'];
		$events = array_values( array_filter( $events, static fn ( array $event ): bool => $object_id === $event['data']['object']['id'] ) );
		$this->assertNotEmpty( $events, "The stand-in sent no {$type} for {$object_id}." );
		return end( $events );
	}

	/**
	 * Rows of a table for a payout.
	 *
	 * @param string $table     Short table name.
	 * @param string $payout_id po_… id.
	 * @return list<array<string, string>>
	 */
	private function rows_of( string $table, string $payout_id ): array {
		global $wpdb;
		$name = Schema::table( $table );
		return $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$name} WHERE payout_id = %s ORDER BY id", $payout_id ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
	}

	public function test_a_payout_of_gifts_fees_a_refund_and_a_dispute_adds_up_to_its_deposit_exactly(): void {
		$kept     = $this->donation_of( '52.50' );
		$refunded = $this->donation_of( '100.00' );
		$disputed = $this->donation_of( '30.00' );
		$this->stripe(
			'POST',
			'/v1/refunds',
			array(
				'charge' => $refunded['provider_reference'],
				'amount' => '1000',
			),
			self::SECRET_KEY
		);
		$dispute = $this->control( 'POST', '/__control/stripe/dispute', array( 'charge' => $disputed['provider_reference'] ) );
		$this->assertSame( 200, $dispute['status'], (string) wp_json_encode( $dispute['body'] ) );
		// A payment taken on the same Stripe account by something else (a shop, an invoice).
		$elsewhere = $this->stripe(
			'POST',
			'/v1/payment_intents',
			array(
				'amount'         => '7000',
				'currency'       => 'aud',
				'payment_method' => 'pm_card_visa',
				'confirm'        => 'true',
			),
			self::SECRET_KEY
		);
		$this->assertSame( 'succeeded', $elsewhere['status'] );

		$made   = $this->pay_out( array( 'status' => 'paid' ) );
		$payout = $made['payout'];
		$this->assertSame( 'processed', $this->deliver( $this->event( 'payout.paid', $payout['id'] ) )->get_data()['status'] );

		// What Stripe says the deposit is made of, summed here without the plugin's code.
		$stripe = array(
			'fees'  => 0,
			'other' => 0,
		);
		foreach ( $made['transactions'] as $transaction ) {
			if ( 'payout' === $transaction['type'] ) {
				continue;
			}
			if ( $transaction['source'] === $elsewhere['latest_charge'] ) {
				$stripe['other'] += $transaction['net'];
			} else {
				$stripe['fees'] += $transaction['fee'];
			}
		}
		$this->assertGreaterThan( 0, $stripe['fees'], 'The stand-in charges fees.' );

		$row = $this->service( PayoutRepository::class )->find( $payout['id'] );
		$this->assertSame( PayoutParts::BALANCED, $row['check_status'] );
		$this->assertSame( '0', $row['difference_cents'] );
		$this->assertSame( (string) $payout['amount'], $row['amount_cents'] );
		$this->assertSame( 'paid', $row['status'] );
		$this->assertSame( (string) ( 5250 + 10000 + 3000 ), $row['gross_cents'], 'Every gift at its full amount.' );
		$this->assertSame( (string) -$stripe['fees'], $row['fee_cents'], 'Every fee, the dispute fee too.' );
		$this->assertSame( '-1000', $row['refund_cents'] );
		$this->assertSame( '-3000', $row['dispute_cents'] );
		$this->assertSame( (string) $stripe['other'], $row['other_cents'] );
		$this->assertSame(
			$payout['amount'],
			(int) $row['gross_cents'] + (int) $row['fee_cents'] + (int) $row['refund_cents'] + (int) $row['dispute_cents'] + (int) $row['other_cents'],
			'The parts come to the deposit to the cent.'
		);

		// Each transaction is stored once with the donation it came from.
		$stored = $this->rows_of( 'balance_transactions', $payout['id'] );
		$this->assertCount( count( $made['transactions'] ), $stored );
		$by_donation = array();
		foreach ( $stored as $transaction ) {
			$by_donation[ $transaction['donation_id'] ][] = $transaction['type'];
		}
		$this->assertSame( array( 'charge' ), $by_donation[ $kept['id'] ] );
		$this->assertEqualsCanonicalizing( array( 'charge', 'refund' ), $by_donation[ $refunded['id'] ] );
		$this->assertContains( 'adjustment', $by_donation[ $disputed['id'] ] );
		$this->assertEqualsCanonicalizing( array( 'charge', 'payout' ), $by_donation['0'], 'The payment made elsewhere and the deposit itself are not from this site.' );

		// The gifts name the payout they arrived in.
		foreach ( array( $kept, $refunded, $disputed ) as $gift ) {
			$this->assertSame( $payout['id'], $this->donation_row( $gift['attempt_id'] )['payout_id'] );
		}
	}

	public function test_a_payout_with_a_missing_piece_is_flagged_loudly(): void {
		$gift = $this->donation_of( '52.50' );
		// Stripe's deposit is 2.50 less than its transactions: something is missing from them.
		$made = $this->pay_out(
			array(
				'status'            => 'paid',
				'amount_adjustment' => -250,
			)
		);

		$this->deliver( $this->event( 'payout.paid', $made['payout']['id'] ) );

		$row = $this->service( PayoutRepository::class )->find( $made['payout']['id'] );
		$this->assertSame( PayoutParts::MISMATCH, $row['check_status'] );
		$this->assertSame( '-250', $row['difference_cents'] );
		$this->assertSame( $made['payout']['id'], $this->donation_row( $gift['attempt_id'] )['payout_id'] );

		$this->log_in_as( 'administrator' );
		ob_start();
		$this->service( PayoutMismatchNotice::class )->print_notice();
		$notice = (string) ob_get_clean();
		$this->assertStringContainsString( 'notice-error', $notice );
		$this->assertStringContainsString( '1 Stripe payout does not add up to its bank deposit.', $notice );
		$this->assertStringContainsString( '-$2.50 not explained', $notice );
		$this->assertStringContainsString( rawurlencode( $made['payout']['id'] ), $notice );

		$this->log_in_as( 'subscriber' );
		ob_start();
		$this->service( PayoutMismatchNotice::class )->print_notice();
		$this->assertSame( '', ob_get_clean(), 'Only those who see the donations see it.' );
	}

	public function test_the_webhook_and_the_reconciliation_pass_end_on_the_same_rows(): void {
		$first  = $this->donation_of( '52.50' );
		$second = $this->donation_of( '20.00' );
		$made   = $this->pay_out();
		$id     = $made['payout']['id'];

		// The webhook hears of the payout when it is made, still pending.
		$this->deliver( $this->event( 'payout.created', $id ) );
		$after_webhook = $this->rows_of( 'balance_transactions', $id );
		$this->assertSame( 'pending', $this->service( PayoutRepository::class )->find( $id )['status'] );
		$this->assertSame( PayoutParts::BALANCED, $this->service( PayoutRepository::class )->find( $id )['check_status'] );

		// It is paid, and this site hears nothing: the pass finds it.
		$this->control(
			'POST',
			'/__control/stripe/payout',
			array(
				'payout' => $id,
				'status' => 'paid',
			)
		);
		$this->control( 'DELETE', '/__control/requests' );
		$done = $this->service( PayoutReconciler::class )->run();

		$this->assertSame( array( "payout {$id} paid: already explained" ), $done );
		$row = $this->service( PayoutRepository::class )->find( $id );
		$this->assertSame( 'paid', $row['status'] );
		$this->assertSame( PayoutParts::BALANCED, $row['check_status'] );
		$this->assertSame( $after_webhook, $this->rows_of( 'balance_transactions', $id ), 'No transaction stored twice.' );
		$this->assertSame( array(), $this->provider_requests( 'stripe', '/v1/balance_transactions' ), 'A payout that adds up is not read again.' );
		$this->assertCount( 2, $this->rows_of( 'donations', $id ) );

		// A site that never got a webhook: the pass alone records the same.
		global $wpdb;
		$wpdb->query( 'DELETE FROM ' . Schema::table( 'payouts' ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		$wpdb->query( 'DELETE FROM ' . Schema::table( 'balance_transactions' ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		$this->service( PayoutReconciler::class )->run();
		$this->service( PayoutReconciler::class )->run();

		$stored = $this->rows_of( 'balance_transactions', $id );
		$this->assertSame(
			array_map( static fn ( array $r ): array => array( $r['transaction_id'], $r['donation_id'], $r['net_cents'] ), $after_webhook ),
			array_map( static fn ( array $r ): array => array( $r['transaction_id'], $r['donation_id'], $r['net_cents'] ), $stored )
		);
		$this->assertSame( PayoutParts::BALANCED, $this->service( PayoutRepository::class )->find( $id )['check_status'] );
		$this->assertSame( $id, $this->donation_row( $first['attempt_id'] )['payout_id'] );
		$this->assertSame( $id, $this->donation_row( $second['attempt_id'] )['payout_id'] );
		$this->assertCount( count( $made['transactions'] ), $this->service( BalanceTransactionRepository::class )->of_payout( $id ) );
	}

	public function test_the_hourly_wp_cron_event_records_payouts_nobody_reported(): void {
		$this->assertSame( 'hourly', RecurringEvents::all()[ PayoutSchedule::HOOK ] ?? '', 'Scheduled with the plugin\'s other events.' );
		$gift = $this->donation_of( '52.50' );
		$made = $this->pay_out( array( 'status' => 'paid' ) );

		do_action( PayoutSchedule::HOOK ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- the plugin's own hook, through its constant.

		$row = $this->service( PayoutRepository::class )->find( $made['payout']['id'] );
		$this->assertNotNull( $row, 'WP-Cron\'s event ran the pass.' );
		$this->assertSame( PayoutParts::BALANCED, $row['check_status'] );
		$this->assertSame( $made['payout']['id'], $this->donation_row( $gift['attempt_id'] )['payout_id'] );
	}
}
