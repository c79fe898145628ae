<?php
/**
 * The help cover, posted as coverAmount beside formData: checked on the server, stored apart.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Checkout;

use DonationWidget\Tests\Integration\PaymentTestCase;
use DonationWidget\Http\AjaxResult;

final class HelpCoverTest extends PaymentTestCase {

	private function pay( array $request ): AjaxResult {
		return $this->payment_call( 'process_payment_method', $request );
	}

	/**
	 * A card call for a total, with a cover beside formData (null: no coverAmount field).
	 */
	private function request( string $total, ?string $cover, array $form = array() ): array {
		$request = $this->card_request( array(), array( 'totalAmount' => $total ) + $form );
		if ( null !== $cover ) {
			$request['coverAmount'] = $cover;
		}
		return $request;
	}

	public function test_a_gift_with_cover_is_charged_in_full_and_stored_apart(): void {
		$request = $this->request( '36.75', '1.75' );

		$this->assertAnswer( 200, '', $this->pay( $request ) );

		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( array( '3500', '175', '3675' ), array( $row['amount_cents'], $row['cover_cents'], $row['total_cents'] ) );
		$this->assertSame( '3675', $this->stripe_posts( '/v1/payment_intents' )[0]['body']['amount'], 'the charity receives the total' );
	}

	public function test_without_cover_the_whole_total_is_the_gift(): void {
		foreach ( array( '0', '', null ) as $cover ) {
			$request = $this->request( '35', $cover );
			$this->assertAnswer( 200, '', $this->pay( $request ) );
			$row = $this->donation_row( $request['attemptId'] );
			$this->assertSame( array( '3500', '0', '3500' ), array( $row['amount_cents'], $row['cover_cents'], $row['total_cents'] ), 'coverAmount ' . wp_json_encode( $cover ) );
		}
	}

	public function test_the_cover_is_capped_at_20_dollars(): void {
		$request = $this->request( '1020.00', '20.00' );
		$this->assertAnswer( 200, '', $this->pay( $request ) );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( array( '100000', '2000', '102000' ), array( $row['amount_cents'], $row['cover_cents'], $row['total_cents'] ) );

		// 5 % of $1,000 is $50: more than the cap, so refused.
		$over = $this->request( '1050.00', '50.00' );
		$this->assertRefused( 'coverAmount', $this->pay( $over ), $over );
	}

	public function test_near_the_maximum_the_cover_shrinks_so_the_charge_never_passes_999_999_99(): void {
		// $999,990 leaves $9.99 under the maximum: the widget offers $9.99, and the server agrees.
		$request = $this->request( '999999.99', '9.99' );
		$this->assertAnswer( 200, '', $this->pay( $request ) );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( array( '99999000', '999', '99999999' ), array( $row['amount_cents'], $row['cover_cents'], $row['total_cents'] ) );
		$this->assertSame( '99999999', $this->stripe_posts( '/v1/payment_intents' )[0]['body']['amount'] );

		// The full $20 on the same gift would charge $1,000,009.99: refused before Stripe hears of it.
		$over = $this->request( '1000009.99', '20.00' );
		$this->assertAnswer( 400, 'validation', $this->pay( $over ) );
		$this->assertNull( $this->donation_row( $over['attemptId'] ) );
		$this->assertCount( 1, $this->stripe_posts( '/v1/payment_intents' ) );
	}

	public function test_a_cover_that_does_not_match_the_gift_is_refused_before_any_charge(): void {
		// 5 % of $35 is $1.75, not $1.50.
		$wrong = $this->request( '36.50', '1.50' );
		$this->assertRefused( 'coverAmount', $this->pay( $wrong ), $wrong );

		// A total that leaves the cover out: the gift would be $33.25, whose cover is $1.66.
		$left_out = $this->request( '35.00', '1.75' );
		$this->assertRefused( 'coverAmount', $this->pay( $left_out ), $left_out );

		// Half a cent rounds up, as in the widget: $80.30 → $4.015 → $4.02.
		$this->assertRefused( 'coverAmount', $this->pay( $this->request( '84.31', '4.01' ) ) );
		$this->assertAnswer( 200, '', $this->pay( $this->request( '84.32', '4.02' ) ) );

		foreach ( array( 'abc', '-1.75', '1.755', array( '1.75' ) ) as $garbage ) {
			$this->assertRefused( 'coverAmount', $this->pay( array( 'coverAmount' => $garbage ) + $this->request( '36.75', null ) ) );
		}
		$this->assertCount( 1, $this->stripe_posts( '/v1/payment_intents' ), 'only the call that added up reached Stripe' );
	}

	public function test_a_gift_under_5_dollars_cannot_hide_behind_the_cover(): void {
		// $4.86 + $0.24 = $5.10: the total passes the minimum, the gift does not.
		$result = $this->pay( $this->request( '5.10', '0.24' ) );
		$this->assertAnswer( 400, 'validation', $result );
		$this->assertSame( 'formData.totalAmount', $result->data()['field'] );
	}

	public function test_a_retry_of_the_attempt_with_another_split_is_a_conflict(): void {
		$request = $this->request( '36.75', '1.75' );
		$this->assertAnswer( 200, '', $this->pay( $request ) );

		// Same total, now claimed as a $36.75 gift without cover.
		$this->assertAnswer( 409, 'conflict', $this->pay( array( 'coverAmount' => '0' ) + $request ) );
	}

	public function test_a_renewal_of_a_4_weekly_gift_keeps_its_split(): void {
		$request = $this->request( '36.75', '1.75', array( 'frequency' => '4weekly' ) );
		$this->assertAnswer( 200, '', $this->pay( $request ) );
		$first   = $this->donation_row( $request['attemptId'] );
		$renewal = $this->control(
			'POST',
			'/__control/stripe/advance',
			array(
				'subscription' => $first['subscription_id'],
				'action'       => 'renewal_paid',
			)
		)['body'];

		$this->deliver( $renewal['event'] );

		$rows = $this->subscription_rows( $first['subscription_id'] );
		$this->assertCount( 2, $rows );
		$this->assertSame( array( '3500', '175', '3675' ), array( $rows[1]['amount_cents'], $rows[1]['cover_cents'], $rows[1]['total_cents'] ) );
	}

	/**
	 * Asserts a call was refused with the invalid-request answer naming a field, and wrote nothing.
	 */
	private function assertRefused( string $field, AjaxResult $result, array $request = array() ): void {
		$this->assertAnswer( 400, 'validation', $result );
		$this->assertSame( $field, $result->data()['field'] );
		if ( isset( $request['attemptId'] ) ) {
			$this->assertNull( $this->donation_row( $request['attemptId'] ) );
		}
	}
}
