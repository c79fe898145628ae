<?php
/**
 * The process_paypal_payment call: captures verified with PayPal before anything is recorded.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Payments;

use DonationWidget\Http\AjaxResult;

final class PayPalPaymentTest extends PaymentTestCase {

	private function pay( array $request ): AjaxResult {
		return $this->payment_call( 'process_paypal_payment', $request );
	}

	/**
	 * Creates, approves and captures an order as the PayPal buttons do in the browser.
	 *
	 * @param string $value Order amount.
	 * @return string The capture id.
	 */
	private function capture_in_browser( string $value = '52.50' ): string {
		$browser = array( 'X-Stand-In-Sdk-Client-Id' => 'payment-tests-client' );
		$order   = $this->control(
			'POST',
			'/paypal/v2/checkout/orders',
			array(
				'intent'         => 'CAPTURE',
				'purchase_units' => array(
					array(
						'amount'    => array(
							'currency_code' => 'AUD',
							'value'         => $value,
						),
						'custom_id' => 'n-jane_citizen,d-Oneoff',
					),
				),
			),
			$browser
		)['body'];
		$this->control( 'POST', "/paypal/v2/checkout/orders/{$order['id']}/stand-in-approve", array(), $browser );
		$captured = $this->control( 'POST', "/paypal/v2/checkout/orders/{$order['id']}/capture", array(), $browser )['body'];
		return $captured['purchase_units'][0]['payments']['captures'][0]['id'];
	}

	private function paypal_request( string $capture_id, array $overrides = array(), array $form = array() ): array {
		return array_merge(
			array(
				'transaction_id' => $capture_id,
				'formData'       => $this->form_data( $form ),
				'attemptId'      => wp_generate_uuid4(),
				'captchaToken'   => 'stand-in-captcha-token',
			),
			$overrides
		);
	}

	public function test_a_completed_capture_for_the_total_is_recorded(): void {
		$capture_id = $this->capture_in_browser();
		$request    = $this->paypal_request( $capture_id );

		$result = $this->pay( $request );

		$this->assertAnswer( 200, '', $result );
		$this->assertSame( $capture_id, $result->data()['reference'] );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'succeeded', $row['status'] );
		$this->assertSame( 'paypal', $row['provider'] );
		$this->assertSame( 'paypal', $row['method'] );
		$this->assertSame( $capture_id, $row['provider_reference'] );

		$reads = $this->provider_requests( 'paypal', '/v2/payments/captures/' . $capture_id, 'GET' );
		$this->assertCount( 1, $reads );
		$this->assertStringStartsWith( 'Bearer ', $reads[0]['headers']['authorization'] );
		$token = $this->provider_requests( 'paypal', '/v1/oauth2/token' );
		$this->assertCount( 1, $token );
		$this->assertSame( 'Basic ' . base64_encode( 'payment-tests-client:payment-tests-secret' ), $token[0]['headers']['authorization'] );
	}

	public function test_the_access_token_is_reused_until_it_expires(): void {
		$this->assertAnswer( 200, '', $this->pay( $this->paypal_request( $this->capture_in_browser() ) ) );
		$this->assertAnswer( 200, '', $this->pay( $this->paypal_request( $this->capture_in_browser() ) ) );

		$this->assertCount( 1, $this->provider_requests( 'paypal', '/v1/oauth2/token' ) );
	}

	public function test_a_forged_capture_id_is_refused_and_recorded_as_failed(): void {
		$request = $this->paypal_request( 'FORGED0CAPTURE000' );

		$result = $this->pay( $request );

		$this->assertAnswer( 400, 'validation', $result );
		$this->assertSame( 'capture_not_found', $result->data()['reason'] );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'failed', $row['status'] );
		$this->assertStringStartsWith( 'capture_not_found: ', $row['failure_reason'] );
	}

	public function test_a_capture_for_another_amount_is_refused(): void {
		$request = $this->paypal_request( $this->capture_in_browser( '5.00' ) );

		$result = $this->pay( $request );

		$this->assertAnswer( 400, 'validation', $result );
		$this->assertSame( 'amount_mismatch', $result->data()['reason'] );
		$this->assertSame( 'failed', $this->donation_row( $request['attemptId'] )['status'] );
	}

	public function test_an_amount_changed_at_paypal_is_refused(): void {
		$capture_id = $this->capture_in_browser();
		$this->queue( 'paypal', 'capture_amount_mismatch', array( 'path' => '/v2/payments/captures/' ) );
		$request = $this->paypal_request( $capture_id );

		$this->assertAnswer( 400, 'validation', $this->pay( $request ) );
		$this->assertStringContainsString( 'PayPal captured 51.50 AUD; the donation is 52.50 AUD.', $this->donation_row( $request['attemptId'] )['failure_reason'] );
	}

	public function test_a_pending_capture_stays_pending_and_completes_on_a_retry(): void {
		$capture_id = $this->capture_in_browser();
		$this->queue( 'paypal', 'capture_not_completed', array( 'path' => '/v2/payments/captures/' ) );
		$request = $this->paypal_request( $capture_id );

		$pending = $this->pay( $request );

		$this->assertAnswer( 202, 'pending', $pending );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'pending', $row['status'] );
		$this->assertSame( 'capture_pending: PENDING_REVIEW', $row['failure_reason'] );

		$this->assertAnswer( 200, '', $this->pay( $request ) );
		$this->assertSame( 'succeeded', $this->donation_row( $request['attemptId'] )['status'] );
	}

	public function test_a_declined_capture_is_a_card_error(): void {
		$capture_id = $this->capture_in_browser();
		$this->queue(
			'paypal',
			'capture_not_completed',
			array(
				'path'   => '/v2/payments/captures/',
				'status' => 'DECLINED',
			)
		);
		$request = $this->paypal_request( $capture_id );

		$this->assertAnswer( 200, 'card_error', $this->pay( $request ) );
		$this->assertSame( 'failed', $this->donation_row( $request['attemptId'] )['status'] );
	}

	public function test_a_capture_recorded_before_cannot_pay_for_a_second_donation(): void {
		$capture_id = $this->capture_in_browser();
		$this->assertAnswer( 200, '', $this->pay( $this->paypal_request( $capture_id ) ) );
		$replay = $this->paypal_request( $capture_id );

		$result = $this->pay( $replay );

		$this->assertAnswer( 409, 'conflict', $result );
		$row = $this->donation_row( $replay['attemptId'] );
		$this->assertSame( 'failed', $row['status'] );
		$this->assertStringStartsWith( 'already_recorded: ', $row['failure_reason'] );
	}

	public function test_a_retry_of_the_same_attempt_answers_the_recorded_success(): void {
		$request = $this->paypal_request( $this->capture_in_browser() );
		$first   = $this->pay( $request );

		$second = $this->pay( $request );

		$this->assertSame( $first->body, $second->body );
		$this->assertCount( 1, $this->provider_requests( 'paypal', '/v2/payments/captures/', 'GET' ) );
	}

	public function test_a_refused_captcha_after_the_capture_records_the_money_as_paid_and_flags_it_for_review(): void {
		$capture_id = $this->capture_in_browser();
		$request    = $this->paypal_request( $capture_id, array( 'captchaToken' => 'stand-in-captcha-fail' ) );
		$succeeded  = did_action( 'donation_widget_donation_succeeded' );

		$result = $this->pay( $request );

		// The donor's money moved: they are told so (SPEC §4.8 success), never asked to pay again.
		$this->assertAnswer( 200, '', $result );
		$this->assertSame( $capture_id, $result->data()['reference'] );
		$this->assertCount( 1, $this->provider_requests( 'paypal', '/v2/payments/captures/' . $capture_id, 'GET' ), 'The capture is still checked with PayPal.' );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'succeeded', $row['status'] );
		$this->assertSame( $capture_id, $row['provider_reference'] );
		$this->assertSame( '', $row['failure_reason'] );
		$this->assertSame( 'captcha_failed', $row['review_reason'] );
		$this->assertSame( $succeeded + 1, did_action( 'donation_widget_donation_succeeded' ), 'One receipt, as for any paid donation.' );
	}

	public function test_a_refused_captcha_does_not_make_a_forged_capture_paid(): void {
		$request = $this->paypal_request( 'FORGED0CAPTURE000', array( 'captchaToken' => 'stand-in-captcha-fail' ) );

		$this->assertAnswer( 400, 'validation', $this->pay( $request ) );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'failed', $row['status'] );
		$this->assertStringStartsWith( 'capture_not_found: ', $row['failure_reason'] );
	}

	public function test_recaptcha_down_after_the_capture_records_it_as_paid_for_review(): void {
		$this->queue( 'recaptcha', 'server_error' );
		$request = $this->paypal_request( $this->capture_in_browser() );

		$this->assertAnswer( 200, '', $this->pay( $request ) );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'succeeded', $row['status'] );
		$this->assertSame( 'captcha_unavailable', $row['review_reason'] );
	}

	public function test_a_card_call_with_a_refused_captcha_still_records_nothing(): void {
		$request = $this->card_request( array( 'captchaToken' => 'stand-in-captcha-fail' ) );

		$this->assertAnswer( 403, 'captcha', $this->payment_call( 'process_payment_method', $request ) );
		$this->assertNull( $this->donation_row( $request['attemptId'] ) );
	}

	public function test_paypal_is_one_off_only(): void {
		$result = $this->pay( $this->paypal_request( 'ABCDEFGHIJKLMNOPQ', array(), array( 'frequency' => '4weekly' ) ) );
		$this->assertAnswer( 400, 'validation', $result );
		$this->assertSame( 'formData.frequency', $result->data()['field'] );
	}

	public function test_paypal_being_down_leaves_the_donation_pending(): void {
		$capture_id = $this->capture_in_browser();
		$this->queue( 'paypal', 'server_error', array( 'path' => '/v2/payments/captures/' ) );
		$request = $this->paypal_request( $capture_id );

		$this->assertAnswer( 502, 'server', $this->pay( $request ) );
		$this->assertSame( 'pending', $this->donation_row( $request['attemptId'] )['status'] );
	}

	public function test_refused_credentials_answer_502_without_recording_success(): void {
		$this->set_settings( array( 'paypal_sandbox_secret' => 'invalid-secret' ) );
		$request = $this->paypal_request( 'ABCDEFGHIJKLMNOPQ' );

		$this->assertAnswer( 502, 'server', $this->pay( $request ) );
		$this->assertSame( 'pending', $this->donation_row( $request['attemptId'] )['status'] );
	}
}
