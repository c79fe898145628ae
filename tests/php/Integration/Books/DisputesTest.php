<?php
/**
 * Chargebacks: Stripe's charge.dispute.* events on cards and BECS debits, the disputes table,
 * the donation's dispute status and lost amount, and where staff see them.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Books;

use DonationWidget\Admin\Dashboard\DonationsSummaryWidget;
use DonationWidget\Admin\Donations\DonationDetail;
use DonationWidget\Admin\Donations\DonationFilters;
use DonationWidget\Admin\Donations\DonationQuery;
use DonationWidget\Books\Disputes\DisputeRepository;
use DonationWidget\Database\Schema;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Tests\Integration\PaymentTestCase;

final class DisputesTest extends PaymentTestCase {

	private function paid(): array {
		$request = $this->card_request(
			array(
				'token'  => 'pm_card_au',
				'cardId' => 'pm_card_au',
			)
		);
		$this->assertAnswer( 200, '', $this->payment_call( 'process_payment_method', $request ) );
		return $this->donation_row( $request['attemptId'] );
	}

	/**
	 * A step of a dispute at the stand-in, its events delivered to the site.
	 *
	 * @return array The dispute, as the stand-in answered.
	 */
	private function dispute( array $body ): array {
		$answer = $this->control( 'POST', '/__control/stripe/dispute', $body );
		$this->assertSame( 200, $answer['status'], wp_json_encode( $answer['body'] ) );
		foreach ( $answer['body']['events'] as $event ) {
			$response = $this->deliver( $event );
			$this->assertSame( 200, $response->get_status(), "Event {$event['type']} was not accepted." );
		}
		return $answer['body']['dispute'];
	}

	private function dispute_row( string $id ): array {
		global $wpdb;
		$table = Schema::table( 'disputes' );
		$row   = $wpdb->get_row( $wpdb->prepare( "SELECT * FROM {$table} WHERE provider_dispute_id = %s", $id ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		$this->assertIsArray( $row );
		return $row;
	}

	public function test_a_card_dispute_is_recorded_open_with_its_deadline_then_lost_leaves_the_totals(): void {
		$row     = $this->paid();
		$dispute = $this->dispute(
			array(
				'charge' => $row['provider_reference'],
				'reason' => 'fraudulent',
			)
		);

		$stored = $this->dispute_row( $dispute['id'] );
		$this->assertSame( $row['id'], $stored['donation_id'] );
		$this->assertSame( $row['provider_reference'], $stored['charge_id'] );
		$this->assertSame( '5250', $stored['amount_cents'] );
		$this->assertSame( '2500', $stored['fee_cents'] );
		$this->assertSame( 'fraudulent', $stored['reason'] );
		$this->assertSame( 'needs_response', $stored['status'] );
		$this->assertSame( gmdate( 'Y-m-d H:i:s', $dispute['evidence_details']['due_by'] ), $stored['evidence_due_at'] );
		$this->assertSame( '', $stored['outcome'] );
		$donation = $this->service( DonationRepository::class )->find( (int) $row['id'] );
		$this->assertSame( 'needs_response', $donation->dispute_status() );
		$this->assertSame( 0, $donation->dispute_lost_cents() );
		$this->assertSame( 5250, $donation->kept_cents(), 'Still counted while the dispute is open.' );

		$this->dispute(
			array(
				'dispute' => $dispute['id'],
				'action'  => 'lost',
			)
		);

		$this->assertSame( 'lost', $this->dispute_row( $dispute['id'] )['outcome'] );
		$donation = $this->service( DonationRepository::class )->find( (int) $row['id'] );
		$this->assertSame( 'lost', $donation->dispute_status() );
		$this->assertSame( 5250, $donation->dispute_lost_cents() );
		$this->assertSame( 0, $donation->kept_cents() );
	}

	public function test_a_won_dispute_keeps_the_gift_and_a_replayed_created_event_does_not_reopen_it(): void {
		$row     = $this->paid();
		$opened  = $this->control( 'POST', '/__control/stripe/dispute', array( 'charge' => $row['provider_reference'] ) )['body'];
		$created = $opened['events'][0];
		foreach ( $opened['events'] as $event ) {
			$this->deliver( $event );
		}
		$this->dispute(
			array(
				'dispute' => $opened['dispute']['id'],
				'action'  => 'submit_evidence',
			)
		);
		$this->assertSame( 'under_review', $this->dispute_row( $opened['dispute']['id'] )['status'] );
		$this->dispute(
			array(
				'dispute' => $opened['dispute']['id'],
				'action'  => 'won',
			)
		);
		// Stripe delivers the first event again, late, under a new id.
		$created['id'] = 'evt_late' . wp_generate_password( 12, false );
		$this->assertSame( 200, $this->deliver( $created )->get_status() );

		$stored = $this->dispute_row( $opened['dispute']['id'] );
		$this->assertSame( 'won', $stored['status'] );
		$this->assertSame( 'won', $stored['outcome'] );
		$this->assertSame( '2500', $stored['fee_cents'], 'The fee is not returned on a won dispute.' );
		$donation = $this->service( DonationRepository::class )->find( (int) $row['id'] );
		$this->assertSame( 'won', $donation->dispute_status() );
		$this->assertSame( 0, $donation->dispute_lost_cents() );
		$this->assertSame( 5250, $donation->kept_cents() );
		global $wpdb;
		$this->assertSame( '1', $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM ' . Schema::table( 'disputes' ) . ' WHERE donation_id = %d', $row['id'] ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
	}

	public function test_a_disputed_becs_debit_is_lost_when_it_settles(): void {
		$this->set_settings( array( 'stripe_becs_enabled' => true ) );
		// Stripe's test account that is disputed once it settles.
		$request = $this->becs_request( '666666660' );
		$this->assertAnswer( 202, 'pending', $this->payment_call( 'process_becs_debit', $request ) );

		$settled = $this->control( 'POST', '/__control/stripe/becs/settle', array() );
		foreach ( $settled['body']['events'] as $event ) {
			$this->assertSame( 200, $this->deliver( $event )->get_status() );
		}

		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'succeeded', $row['status'] );
		$this->assertSame( 'lost', $row['dispute_status'] );
		$this->assertSame( '5250', $row['dispute_lost_cents'] );
		$disputes = $this->service( DisputeRepository::class )->for_donation( (int) $row['id'] );
		$this->assertCount( 1, $disputes );
		$this->assertSame( 'debit_not_authorized', $disputes[0]->reason );
	}

	public function test_a_dispute_on_a_charge_of_another_site_is_kept_without_a_donation(): void {
		$charge  = $this->stripe(
			'POST',
			'/v1/charges',
			array(
				'amount'   => 1000,
				'currency' => 'aud',
				'source'   => 'tok_visa',
			),
			self::SECRET_KEY
		);
		$dispute = $this->dispute( array( 'charge' => $charge['id'] ) );

		$this->assertSame( '0', $this->dispute_row( $dispute['id'] )['donation_id'] );
	}

	public function test_the_disputed_filter_the_donation_screen_and_the_dashboard(): void {
		$disputed = $this->paid();
		$this->paid();
		$lost   = $this->paid();
		$open   = $this->dispute( array( 'charge' => $disputed['provider_reference'] ) );
		$closed = $this->dispute( array( 'charge' => $lost['provider_reference'] ) );
		$this->dispute(
			array(
				'dispute' => $closed['id'],
				'action'  => 'lost',
			)
		);
		$query = $this->service( DonationQuery::class );

		$ids = static fn ( array $donations ): array => array_map( static fn ( $donation ): int => $donation->id(), $donations );
		$this->assertEqualsCanonicalizing( array( (int) $disputed['id'], (int) $lost['id'] ), $ids( $query->page( DonationFilters::from_request( array( 'dispute' => 'disputed' ) ), 20, 1 ) ) );
		$this->assertSame( array( (int) $disputed['id'] ), $ids( $query->page( DonationFilters::from_request( array( 'dispute' => 'open' ) ), 20, 1 ) ) );
		$this->assertSame( array( (int) $lost['id'] ), $ids( $query->page( DonationFilters::from_request( array( 'dispute' => 'lost' ) ), 20, 1 ) ) );
		$this->assertSame( 2, $query->totals( DonationFilters::from_request( array( 'dispute' => 'disputed' ) ) )['count'] );
		$this->assertSame( '', DonationFilters::from_request( array( 'dispute' => 'nonsense' ) )->dispute );
		$this->assertSame( array( 'dispute' => 'lost' ), DonationFilters::from_request( array( 'dispute' => 'lost' ) )->query_args() );

		$this->log_in_as( 'administrator' );
		ob_start();
		$this->service( DonationDetail::class )->render( (int) $disputed['id'] );
		$html = (string) ob_get_clean();
		$this->assertStringContainsString( '<h2>Disputes</h2>', $html );
		$this->assertStringContainsString( '<td>$52.50</td><td>Fraudulent</td><td>Needs a response</td><td>' . esc_html( \DonationWidget\Receipts\DonationFormat::date( gmdate( 'Y-m-d H:i:s', $open['evidence_details']['due_by'] ) ) ) . '</td><td>Open</td><td>$25.00</td>', $html );
		ob_start();
		$this->service( DonationDetail::class )->render( (int) $lost['id'] );
		$this->assertStringContainsString( 'The dispute was lost: the donor&#039;s bank took back $52.50, which no longer counts in the totals.', (string) ob_get_clean() );

		ob_start();
		$this->service( DonationsSummaryWidget::class )->render();
		$dashboard = (string) ob_get_clean();
		$this->assertStringContainsString( '<th scope="row">Disputes</th><td>1 open ($52.50), 1 lost this month ($52.50)</td>', $dashboard );
		$this->assertStringContainsString( 'dispute=disputed', $dashboard );
	}
}
