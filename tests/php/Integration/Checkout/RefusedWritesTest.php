<?php
/**
 * A write the database refuses is never read as the rule's answer: a claim that could not be
 * written is not "already recorded", a try that could not be counted is not "too many cards",
 * and a provider that certainly did nothing lets the donor be told nothing was charged.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Checkout;

use DonationWidget\Database\Schema;
use DonationWidget\Tests\Integration\PaymentTestCase;

final class RefusedWritesTest extends PaymentTestCase {

	/**
	 * Makes a payment call through its admin-ajax action, as the widget does, while the database
	 * refuses every statement containing $sql; the JSON answer.
	 *
	 * @param string               $sql    A part of the refused statements.
	 * @param string               $action The call's action.
	 * @param array<string, mixed> $fields Its fields.
	 * @return array<string, mixed>
	 */
	private function refusing( string $sql, string $action, array $fields ): array {
		global $wpdb;
		$refuse = static fn ( string $query ): string => str_contains( $query, $sql ) ? 'SELECT * FROM refused_by_the_test' : $query;
		add_filter( 'query', $refuse );
		$shown  = $wpdb->suppress_errors( true );
		try {
			return $this->ajax( 'wp_ajax_nopriv_' . $action, $fields );
		} finally {
			remove_filter( 'query', $refuse );
			$wpdb->suppress_errors( $shown );
		}
	}

	public function test_a_paypal_capture_whose_claim_could_not_be_written_is_not_known_yet_never_already_recorded(): void {
		$attempt_id = wp_generate_uuid4();
		$capture    = $this->paypal_capture( $attempt_id );
		$request    = array(
			'transaction_id' => $capture['id'],
			'formData'       => $this->form_data(),
			'attemptId'      => $attempt_id,
			'captchaToken'   => $this->captcha_token(),
		);

		$answer = $this->refusing( 'INTO ' . Schema::table( 'payment_references' ), 'process_paypal_payment', $request );

		// The donor paid at PayPal: "we cannot tell yet" keeps the attempt, never a conflict.
		$this->assertSame( 'unknown', $answer['data']['outcome'] ?? null, (string) wp_json_encode( $answer ) );
		$this->assertNotSame( 'conflict', $answer['type'] );
		$this->assertSame( 'pending', $this->donation_row( $attempt_id )['status'] );

		// Try Again of the same attempt, the database well again: recorded once, paid.
		$again = $this->payment_call( 'process_paypal_payment', $this->sent_again( $request ) );
		$this->assertAnswer( 200, '', $again );
		$this->assertSame( array( 'succeeded', $capture['id'] ), array( $this->donation_row( $attempt_id )['status'], $this->donation_row( $attempt_id )['provider_reference'] ) );
	}

	public function test_a_card_try_that_could_not_be_counted_is_not_known_yet_never_too_many_cards(): void {
		$request = $this->card_request();

		$answer = $this->refusing( 'payment_tries = payment_tries + 1', 'process_payment_method', $request );

		$this->assertSame( 'unknown', $answer['data']['outcome'] ?? null, (string) wp_json_encode( $answer ) );
		$this->assertStringNotContainsString( 'too many', strtolower( (string) wp_json_encode( $answer ) ) );
		$this->assertCount( 0, $this->stripe_posts( '/v1/payment_intents/' . $this->donation_row( $request['attemptId'] )['payment_intent_id'] . '/confirm' ), 'No card was tried uncounted.' );

		$again = $this->payment_call( 'process_payment_method', $this->sent_again( $request ) );
		$this->assertAnswer( 200, '', $again );
		$this->assertSame( '1', $this->donation_row( $request['attemptId'] )['payment_tries'] );
	}

	public function test_stripe_throttling_every_try_before_any_payment_tells_the_donor_nothing_was_charged(): void {
		$this->fault(
			array(
				'provider' => 'stripe',
				'method'   => 'POST',
				'path'     => '/v1/payment_intents',
				'fault'    => 'status',
				'status'   => 429,
				'times'    => 3,
			)
		);
		$request = $this->card_request();

		$answer = $this->payment_call( 'process_payment_method', $request );

		// Stripe never carries out a throttled request and holds nothing of the attempt: the
		// record is failed, and the donor is told so (a new press starts a new attempt).
		$this->assertAnswer( 502, 'server', $answer );
		$this->assertFalse( $answer->body['data']['charged'] );
		$this->assertArrayNotHasKey( 'outcome', $answer->body['data'] );
		$this->assertSame( 'failed', $this->donation_row( $request['attemptId'] )['status'] );
	}
}
