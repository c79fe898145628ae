<?php
/**
 * The process_paypal_payment call: captures verified with PayPal before anything is recorded, and
 * only this widget's money, made for this attempt, ever becomes a donation.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Gateways\PayPal;

use DonationWidget\Tests\Integration\PaymentTestCase;
use DonationWidget\Reconciliation\Reconciler;
use DonationWidget\Database\Schema;
use DonationWidget\Donations\DonationTotals;
use DonationWidget\Http\AjaxResult;
use DonationWidget\Settings\Settings;

final class PayPalPaymentTest extends PaymentTestCase {

	private const BROWSER = array( 'X-Stand-In-Sdk-Client-Id' => 'payment-tests-client' );

	private function pay( array $request ): AjaxResult {
		return $this->payment_call( 'process_paypal_payment', $request );
	}

	/**
	 * Creates, approves and captures an order as the PayPal buttons do in the browser.
	 *
	 * @param string      $value      Order amount.
	 * @param string|null $invoice_id The order's invoice_id: the widget's attemptId (null: none,
	 *                                as on an order this widget did not make).
	 * @return string The capture id.
	 */
	private function capture_in_browser( string $value = '52.50', ?string $invoice_id = null ): string {
		$unit = array(
			'amount'    => array(
				'currency_code' => 'AUD',
				'value'         => $value,
			),
			'custom_id' => 'n-jane_citizen,d-Oneoff',
		);
		if ( null !== $invoice_id ) {
			$unit['invoice_id'] = $invoice_id;
		}
		$order = $this->control(
			'POST',
			'/paypal/v2/checkout/orders',
			array(
				'intent'         => 'CAPTURE',
				'purchase_units' => array( $unit ),
			),
			self::BROWSER
		)['body'];
		$this->control( 'POST', "/paypal/v2/checkout/orders/{$order['id']}/stand-in-approve", array(), self::BROWSER );
		$captured = $this->control( 'POST', "/paypal/v2/checkout/orders/{$order['id']}/capture", array(), self::BROWSER )['body'];
		return $captured['purchase_units'][0]['payments']['captures'][0]['id'];
	}

	/**
	 * The paying call of a donor who paid $value in the PayPal window, for an order the widget
	 * made for this attempt.
	 *
	 * @param string $value     What the donor paid at PayPal.
	 * @param array  $overrides Fields to change.
	 * @param array  $form      formData to change.
	 */
	private function paid_request( string $value = '52.50', array $overrides = array(), array $form = array() ): array {
		$attempt_id = wp_generate_uuid4();
		return $this->paypal_request( $this->capture_in_browser( $value, $attempt_id ), array( 'attemptId' => $attempt_id ) + $overrides, $form );
	}

	private function paypal_request( string $capture_id, array $overrides = array(), array $form = array() ): array {
		return array_merge(
			array(
				'transaction_id' => $capture_id,
				'formData'       => $this->form_data( $form ),
				'attemptId'      => wp_generate_uuid4(),
				'captchaToken'   => $this->captcha_token(),
			),
			$overrides
		);
	}

	private function receipts_promised(): int {
		return did_action( 'donation_widget_donation_succeeded' );
	}

	public function test_a_completed_capture_for_the_total_is_recorded(): void {
		$request    = $this->paid_request();
		$capture_id = $request['transaction_id'];

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
		$this->assertAnswer( 200, '', $this->pay( $this->paid_request() ) );
		$this->assertAnswer( 200, '', $this->pay( $this->paid_request() ) );

		$this->assertCount( 1, $this->provider_requests( 'paypal', '/v1/oauth2/token' ) );
	}

	public function test_a_forged_capture_id_is_refused_and_records_nothing(): void {
		$request = $this->paypal_request( 'FORGED0CAPTURE000' );

		$result = $this->pay( $request );

		$this->assertAnswer( 409, 'conflict', $result );
		$this->assertNull( $this->donation_row( $request['attemptId'] ) );
	}

	public function test_a_capture_this_widget_did_not_make_is_never_a_donation(): void {
		// A gala ticket paid on the charity's PayPal account: its capture id is on the payer's
		// receipt, but its order was never made by the widget (no invoice_id, another amount).
		$ticket  = $this->capture_in_browser( '52.50' );
		$request = $this->paypal_request( $ticket );
		$before  = $this->receipts_promised();

		$result = $this->pay( $request );

		$this->assertAnswer( 409, 'conflict', $result );
		$this->assertNull( $this->donation_row( $request['attemptId'] ) );
		$this->assertSame( $before, $this->receipts_promised() );
	}

	public function test_a_capture_made_for_another_attempt_is_never_this_attempts(): void {
		$someone_else = $this->paid_request();
		$request      = $this->paypal_request( $someone_else['transaction_id'] );

		$this->assertAnswer( 409, 'conflict', $this->pay( $request ) );

		$this->assertNull( $this->donation_row( $request['attemptId'] ) );
		$this->assertNull( $this->donation_row( $someone_else['attemptId'] ), 'Its own attempt has not reported it yet.' );
	}

	public function test_a_completed_capture_of_another_amount_is_held_for_review_without_a_receipt(): void {
		$request = $this->paid_request( '5.00' );
		$before  = $this->receipts_promised();

		$result = $this->pay( $request );

		// The donor paid: never the failure screen. The charity holds the money: never "failed".
		$this->assertAnswer( 202, 'pending', $result );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( array( 'review', 'amount_mismatch', $request['transaction_id'] ), array( $row['status'], $row['review_reason'], $row['provider_reference'] ) );
		$this->assertSame( 'amount_mismatch: PayPal captured 5.00 AUD; the donation is 52.50 AUD.', $row['failure_reason'] );
		$this->assertNull( $row['receipt_seq'] );
		$this->assertSame( $before, $this->receipts_promised() );
		// A retry, the reconciliation pass or a webhook changes nothing.
		$this->assertAnswer( 202, 'pending', $this->pay( $request ) );
		$this->assertSame( 'review', $this->donation_row( $request['attemptId'] )['status'] );
	}

	public function test_an_amount_changed_at_paypal_is_held_for_review(): void {
		$request = $this->paid_request();
		$this->queue( 'paypal', 'capture_amount_mismatch', array( 'path' => '/v2/payments/captures/' ) );

		$this->assertAnswer( 202, 'pending', $this->pay( $request ) );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'review', $row['status'] );
		$this->assertStringContainsString( 'PayPal captured 51.50 AUD; the donation is 52.50 AUD.', $row['failure_reason'] );
	}

	public function test_a_pending_capture_stays_pending_and_completes_on_a_retry(): void {
		$request = $this->paid_request();
		$this->queue( 'paypal', 'capture_not_completed', array( 'path' => '/v2/payments/captures/' ) );

		$pending = $this->pay( $request );

		$this->assertAnswer( 202, 'pending', $pending );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'pending', $row['status'] );
		$this->assertSame( 'capture_pending: PENDING_REVIEW', $row['failure_reason'] );

		$this->assertAnswer( 200, '', $this->pay( $request ) );
		$this->assertSame( 'succeeded', $this->donation_row( $request['attemptId'] )['status'] );
	}

	public function test_a_declined_capture_is_a_card_error(): void {
		$request = $this->paid_request();
		$this->queue(
			'paypal',
			'capture_not_completed',
			array(
				'path'   => '/v2/payments/captures/',
				'status' => 'DECLINED',
			)
		);

		$this->assertAnswer( 200, 'card_error', $this->pay( $request ) );
		$this->assertSame( 'failed', $this->donation_row( $request['attemptId'] )['status'] );
	}

	public function test_a_capture_recorded_before_cannot_pay_for_a_second_donation(): void {
		$request = $this->paid_request();
		$this->assertAnswer( 200, '', $this->pay( $request ) );
		$replay = $this->paypal_request( $request['transaction_id'] );

		$result = $this->pay( $replay );

		$this->assertAnswer( 409, 'conflict', $result );
		$this->assertNull( $this->donation_row( $replay['attemptId'] ) );
	}

	public function test_a_retry_of_the_same_attempt_answers_the_recorded_success(): void {
		$request = $this->paid_request();
		$first   = $this->pay( $request );

		$second = $this->pay( $request );

		$this->assertSame( $first->body, $second->body );
		$this->assertCount( 1, $this->provider_requests( 'paypal', '/v2/payments/captures/', 'GET' ), 'One read of the capture, by the first call.' );
	}

	public function test_one_capture_sent_under_ten_attempts_at_once_leaves_one_paid_row(): void {
		$owner   = $this->paid_request();
		$capture = $owner['transaction_id'];
		$calls   = array( $owner );
		for ( $i = 1; $i < 10; $i++ ) {
			$calls[] = $this->paypal_request( $capture );
		}
		$this->race_payment_calls(
			'process_paypal_payment',
			$calls,
			function ( array $answers, array $rows ) use ( $owner, $capture ): void {
				$this->assertSame(
					array(
						array(
							'attempt_id'         => $owner['attemptId'],
							'status'             => 'succeeded',
							'provider_reference' => $capture,
						),
					),
					$rows,
					'exactly one row: its own attempt\'s, paid: ' . wp_json_encode( $answers )
				);
				$this->assertSame( array( 200, '' ), array( $answers[0]['status'], $answers[0]['type'] ) );
				$this->assertSame( array_fill( 0, 9, 409 ), array_column( array_slice( $answers, 1 ), 'status' ) );
			}
		);
	}

	public function test_a_refused_captcha_after_the_capture_records_the_money_as_paid_and_flags_it_for_review(): void {
		$request    = $this->paid_request( '52.50', array( 'captchaToken' => 'stand-in-captcha-fail' ) );
		$capture_id = $request['transaction_id'];
		$succeeded  = did_action( 'donation_widget_donation_succeeded' );

		$result = $this->pay( $request );

		// The donor's money moved: they are told so (docs/widget-contract.md#48-wallet-provider-one-off success), never asked to pay again.
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

		$this->assertAnswer( 409, 'conflict', $this->pay( $request ) );
		$this->assertNull( $this->donation_row( $request['attemptId'] ) );
	}

	public function test_recaptcha_down_after_the_capture_records_it_as_paid_for_review(): void {
		$this->queue( 'recaptcha', 'server_error' );
		$request = $this->paid_request();

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

	public function test_paypal_being_down_after_the_donor_paid_answers_being_processed_and_the_pass_settles_it(): void {
		$request = $this->paid_request();
		$this->queue(
			'paypal',
			'server_error',
			array(
				'path'  => '/v2/payments/captures/',
				// Every try of both reads of the call (the client tries each read three times).
				'times' => 6,
			)
		);

		// The donor has paid: the same answer as a capture PayPal is still reviewing.
		$this->assertAnswer( 202, 'pending', $this->pay( $request ) );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( array( 'pending', $request['transaction_id'] ), array( $row['status'], $row['provider_reference'] ) );
		$this->assertStringStartsWith( 'provider_unavailable: ', $row['failure_reason'] );

		global $wpdb;
		$past = gmdate( 'Y-m-d H:i:s', time() - HOUR_IN_SECONDS );
		$wpdb->update(
			Schema::table( 'donations' ),
			array(
				'created_at' => $past,
				'updated_at' => $past,
			),
			array( 'attempt_id' => $request['attemptId'] )
		);
		$this->service( Reconciler::class )->run();
		$this->assertSame( 'succeeded', $this->donation_row( $request['attemptId'] )['status'] );
	}

	public function test_a_capture_of_another_attempt_recorded_while_paypal_was_down_is_never_paid(): void {
		$someone_else = $this->paid_request();
		$request      = $this->paypal_request( $someone_else['transaction_id'] );
		$this->queue(
			'paypal',
			'server_error',
			array(
				'path'  => '/v2/payments/captures/',
				// Every try of both reads of the call (the client tries each read three times).
				'times' => 6,
			)
		);
		$this->assertAnswer( 202, 'pending', $this->pay( $request ) );

		global $wpdb;
		$past = gmdate( 'Y-m-d H:i:s', time() - HOUR_IN_SECONDS );
		$wpdb->update(
			Schema::table( 'donations' ),
			array(
				'created_at' => $past,
				'updated_at' => $past,
			),
			array( 'attempt_id' => $request['attemptId'] )
		);
		$before = $this->receipts_promised();
		$this->service( Reconciler::class )->run();

		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'failed', $row['status'] );
		$this->assertStringStartsWith( 'foreign_payment: ', $row['failure_reason'] );
		$this->assertSame( $before, $this->receipts_promised() );
	}

	public function test_refused_credentials_after_the_donor_paid_answer_being_processed(): void {
		$this->set_settings( array( 'paypal_sandbox_secret' => 'invalid-secret' ) );
		$request = $this->paypal_request( 'ABCDEFGHIJKLMNOPQ' );

		$this->assertAnswer( 202, 'pending', $this->pay( $request ) );
		$this->assertSame( 'pending', $this->donation_row( $request['attemptId'] )['status'] );
	}
}
