<?php
/**
 * POST /wp-json/donation-widget/v1/paypal/webhook: verification with PayPal, replays, and each
 * capture event.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Gateways\PayPal\Webhooks;

use DonationWidget\Books\Refunds\RefundOutcome;
use DonationWidget\Books\Refunds\Refunds;
use DonationWidget\Admin\WebhookHealthReport;
use DonationWidget\Webhooks\WebhookEventLog;
use DonationWidget\Webhooks\WebhookHealth;
use DonationWidget\Tests\Integration\PaymentTestCase;

final class PayPalWebhookTest extends PaymentTestCase {

	private const WEBHOOK_ID = 'WH0PAYMENTTESTS01';

	private int $receipts = 0;

	protected function setUp(): void {
		parent::setUp();
		$this->set_settings( array( 'paypal_webhook_id' => self::WEBHOOK_ID ) );
		$this->service( WebhookHealth::class )->clear();
		$this->receipts = 0;
		add_action( 'donation_widget_donation_succeeded', array( $this, 'count_success' ) );
	}

	protected function tearDown(): void {
		remove_action( 'donation_widget_donation_succeeded', array( $this, 'count_success' ) );
		parent::tearDown();
	}

	/**
	 * Counts donations moving to succeeded (each sends one receipt).
	 */
	public function count_success(): void {
		++$this->receipts;
	}

	/**
	 * Creates, approves and captures an order as the PayPal buttons do in the browser: the
	 * attemptId as its invoice_id.
	 */
	private function capture_in_browser( string $attempt_id, string $value = '52.50' ): string {
		$browser = array( 'X-Stand-In-Sdk-Client-Id' => 'payment-tests-client' );
		$order   = $this->control(
			'POST',
			'/paypal/v2/checkout/orders',
			array(
				'intent'         => 'CAPTURE',
				'purchase_units' => array(
					array(
						'amount'     => array(
							'currency_code' => 'AUD',
							'value'         => $value,
						),
						'invoice_id' => $attempt_id,
					),
				),
			),
			$browser
		)['body'];
		$this->control( 'POST', "/paypal/v2/checkout/orders/{$order['id']}/stand-in-approve", array(), $browser );
		$captured = $this->control( 'POST', "/paypal/v2/checkout/orders/{$order['id']}/capture", array(), $browser )['body'];
		return $captured['purchase_units'][0]['payments']['captures'][0]['id'];
	}

	/**
	 * A PayPal donation whose capture PayPal still reviews (the record stays pending).
	 *
	 * @param array $overrides Request fields to change.
	 * @return array{0: string, 1: string} Capture id and attempt id.
	 */
	private function pending_paypal_donation( array $overrides = array() ): array {
		$attempt_id = wp_generate_uuid4();
		$capture_id = $this->capture_in_browser( $attempt_id );
		$this->queue( 'paypal', 'capture_not_completed', array( 'path' => '/v2/payments/captures/' ) );
		$request = array_merge(
			array(
				'transaction_id' => $capture_id,
				'formData'       => $this->form_data(),
				'attemptId'      => $attempt_id,
				'captchaToken'   => $this->captcha_token(),
			),
			$overrides
		);
		$this->assertAnswer( 202, 'pending', $this->payment_call( 'process_paypal_payment', $request ) );
		$this->assertSame( 'pending', $this->status_of( $request['attemptId'] ) );
		return array( $capture_id, $request['attemptId'] );
	}

	/**
	 * A paid PayPal donation.
	 *
	 * @return array{0: string, 1: string} Capture id and attempt id.
	 */
	private function paid_paypal_donation(): array {
		$attempt_id = wp_generate_uuid4();
		$capture_id = $this->capture_in_browser( $attempt_id );
		$request    = array(
			'transaction_id' => $capture_id,
			'formData'       => $this->form_data(),
			'attemptId'      => $attempt_id,
			'captchaToken'   => $this->captcha_token(),
		);
		$this->assertAnswer( 200, '', $this->payment_call( 'process_paypal_payment', $request ) );
		return array( $capture_id, $request['attemptId'] );
	}

	private function status_of( string $attempt_id ): string {
		return $this->donation_row( $attempt_id )['status'];
	}

	/**
	 * An event as PayPal shapes it, from the stand-in.
	 *
	 * @param string $type    Event type.
	 * @param string $capture The capture id.
	 * @param array  $extra   refund_amount, total_refunded, amount.
	 */
	private function event( string $type, string $capture, array $extra = array() ): array {
		$answer = $this->control(
			'POST',
			'/__control/paypal/event',
			array(
				'type'       => $type,
				'capture_id' => $capture,
			) + $extra
		);
		$this->assertSame( 200, $answer['status'] );
		return $answer['body'];
	}

	/**
	 * Posts an event to the route as PayPal would: signed for the site's webhook id, unless
	 * headers are given; the body as PayPal sends it (pretty-printed), unless one is given.
	 *
	 * @param array       $event   The event.
	 * @param array|null  $headers PAYPAL-* headers.
	 * @param string|null $body    Raw body.
	 */
	private function deliver_paypal( array $event, ?array $headers = null, ?string $body = null ): \WP_REST_Response {
		$signed  = $this->control(
			'POST',
			'/__control/paypal/sign',
			array(
				'event'      => $event,
				'webhook_id' => self::WEBHOOK_ID,
			)
		)['body'];
		$request = new \WP_REST_Request( 'POST', '/donation-widget/v1/paypal/webhook' );
		$request->set_header( 'Content-Type', 'application/json' );
		foreach ( $headers ?? $signed['headers'] as $name => $value ) {
			$request->set_header( $name, $value );
		}
		$request->set_body( $body ?? $signed['payload'] );
		return rest_do_request( $request );
	}

	public function test_a_completed_capture_settles_its_pending_donation_as_paid_once(): void {
		list( $capture_id, $attempt_id ) = $this->pending_paypal_donation();
		$event                           = $this->event( 'PAYMENT.CAPTURE.COMPLETED', $capture_id );

		$first  = $this->deliver_paypal( $event );
		$replay = $this->deliver_paypal( $event );

		$this->assertSame( 200, $first->get_status(), (string) wp_json_encode( $first->get_data() ) );
		$this->assertSame( 'processed', $first->get_data()['status'] );
		$this->assertSame( 'duplicate', $replay->get_data()['status'] );
		$row = $this->donation_row( $attempt_id );
		$this->assertSame( 'succeeded', $row['status'] );
		$this->assertSame( '', $row['failure_reason'] );
		$this->assertSame( 1, $this->receipts );
		$this->assertSame( 'processed', $this->service( WebhookEventLog::class )->find( 'paypal:' . $event['id'] )['status'] );
		$this->assertNull( $this->service( WebhookEventLog::class )->find( $event['id'] ), 'PayPal ids are kept apart from Stripe ids.' );

		// PayPal was asked about the delivery exactly as it arrived, with the site's webhook id.
		$checks = $this->provider_requests( 'paypal', '/v1/notifications/verify-webhook-signature', 'POST' );
		$this->assertCount( 2, $checks );
		$this->assertSame( self::WEBHOOK_ID, $checks[0]['body']['webhook_id'] );
		$this->assertSame( $event, $checks[0]['body']['webhook_event'] );
		$this->assertSame( 'SHA256withRSA', $checks[0]['body']['auth_algo'] );
		$this->assertStringStartsWith( 'Bearer ', $checks[0]['headers']['authorization'] );
	}

	public function test_a_second_event_for_a_paid_capture_sends_no_second_receipt(): void {
		list( $capture_id, $attempt_id ) = $this->paid_paypal_donation();
		$this->receipts                  = 0;

		$response = $this->deliver_paypal( $this->event( 'PAYMENT.CAPTURE.COMPLETED', $capture_id ) );

		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( 'succeeded', $this->status_of( $attempt_id ) );
		$this->assertSame( 0, $this->receipts );
	}

	public function test_an_event_is_only_a_notice_paypal_is_asked_what_the_capture_is(): void {
		list( $capture_id, $attempt_id )      = $this->pending_paypal_donation();
		$event                                = $this->event( 'PAYMENT.CAPTURE.COMPLETED', $capture_id );
		$event['resource']['amount']['value'] = '1.00';

		$response = $this->deliver_paypal( $event );

		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( 'succeeded', $this->status_of( $attempt_id ), 'PayPal\'s copy says 52.50, the whole gift.' );
		$this->assertCount( 2, $this->provider_requests( 'paypal', '/v2/payments/captures/' . $capture_id, 'GET' ), 'The browser\'s call and the webhook each read it.' );
	}

	public function test_a_body_changed_after_signing_is_refused_and_recorded_as_a_signature_failure(): void {
		list( $capture_id, $attempt_id ) = $this->pending_paypal_donation();
		$event                           = $this->event( 'PAYMENT.CAPTURE.COMPLETED', $capture_id );
		$signed                          = $this->control(
			'POST',
			'/__control/paypal/sign',
			array(
				'event'      => $event,
				'webhook_id' => self::WEBHOOK_ID,
			)
		)['body'];
		$forged                          = $event;
		$forged['resource']['id']        = 'FORGEDCAPTURE0001';

		$response = $this->deliver_paypal( $forged, $signed['headers'] );

		$this->assertSame( 400, $response->get_status() );
		$this->assertSame( 'invalid_signature: verification_status FAILURE', $response->get_data()['error'] );
		$this->assertSame( 'pending', $this->status_of( $attempt_id ) );
		$this->assertNull( $this->service( WebhookEventLog::class )->find( 'paypal:' . $event['id'] ) );
		$failure = $this->service( WebhookHealth::class )->last_failure();
		$this->assertSame( 'paypal', $failure['provider'] );
		$this->assertSame( 'invalid_signature: verification_status FAILURE', $failure['reason'] );
		$this->assertEqualsWithDelta( time(), $failure['time'], 5 );
		$this->assertNull( $this->service( WebhookHealth::class )->last_event( 'paypal' ), 'A refused delivery is not an event received.' );
	}

	public function test_paypal_refusing_the_signature_is_a_400(): void {
		list( $capture_id, $attempt_id ) = $this->pending_paypal_donation();
		$this->queue( 'paypal', 'webhook_verification_failed' );

		$response = $this->deliver_paypal( $this->event( 'PAYMENT.CAPTURE.COMPLETED', $capture_id ) );

		$this->assertSame( 400, $response->get_status() );
		$this->assertSame( 'pending', $this->status_of( $attempt_id ) );
	}

	public function test_a_delivery_without_paypal_headers_is_refused_without_asking_paypal(): void {
		$response = $this->deliver_paypal( $this->event( 'PAYMENT.CAPTURE.COMPLETED', 'CAPTURE0000000009' ), array() );

		$this->assertSame( 400, $response->get_status() );
		$this->assertSame( 'invalid_signature: missing PAYPAL-* headers', $response->get_data()['error'] );
		$this->assertCount( 0, $this->provider_requests( 'paypal', '/v1/notifications/' ) );
	}

	public function test_without_a_webhook_id_deliveries_wait_with_503(): void {
		$this->set_settings( array( 'paypal_webhook_id' => '' ) );

		$response = $this->deliver_paypal( $this->event( 'PAYMENT.CAPTURE.COMPLETED', 'CAPTURE0000000009' ) );

		$this->assertSame( 503, $response->get_status() );
		$this->assertSame( 'not_configured: no PayPal webhook ID is set', $this->service( WebhookHealth::class )->last_failure()['reason'] );
	}

	public function test_paypal_down_during_verification_is_a_503_for_a_retry(): void {
		list( $capture_id, $attempt_id ) = $this->pending_paypal_donation();
		$this->queue( 'paypal', 'server_error', array( 'path' => '/v1/notifications/verify-webhook-signature' ) );
		$event = $this->event( 'PAYMENT.CAPTURE.COMPLETED', $capture_id );

		$down  = $this->deliver_paypal( $event );
		$retry = $this->deliver_paypal( $event );

		$this->assertSame( 503, $down->get_status() );
		$this->assertSame( 200, $retry->get_status() );
		$this->assertSame( 'succeeded', $this->status_of( $attempt_id ) );
	}

	public function test_a_denied_capture_fails_its_open_donation_but_never_a_paid_one(): void {
		list( $pending_capture, $pending_attempt ) = $this->pending_paypal_donation();
		list( $paid_capture, $paid_attempt )       = $this->paid_paypal_donation();

		$this->assertSame( 200, $this->deliver_paypal( $this->event( 'PAYMENT.CAPTURE.DENIED', $pending_capture ) )->get_status() );
		$this->assertSame( 200, $this->deliver_paypal( $this->event( 'PAYMENT.CAPTURE.DENIED', $paid_capture ) )->get_status() );

		$row = $this->donation_row( $pending_attempt );
		$this->assertSame( 'failed', $row['status'] );
		$this->assertStringStartsWith( 'capture_declined: ', $row['failure_reason'] );
		$this->assertSame( 'succeeded', $this->status_of( $paid_attempt ) );
	}

	public function test_refunds_made_in_paypal_are_recorded_partial_then_full(): void {
		list( $capture_id, $attempt_id ) = $this->paid_paypal_donation();

		$partial = $this->deliver_paypal(
			$this->event(
				'PAYMENT.CAPTURE.REFUNDED',
				$capture_id,
				array(
					'refund_amount'  => '10.00',
					'total_refunded' => '10.00',
				)
			)
		);
		$this->assertSame( 'partially_refunded', $this->status_of( $attempt_id ), (string) wp_json_encode( $partial->get_data() ) );

		$this->deliver_paypal(
			$this->event(
				'PAYMENT.CAPTURE.REFUNDED',
				$capture_id,
				array(
					'refund_amount'  => '42.50',
					'total_refunded' => '52.50',
				)
			)
		);
		$this->assertSame( 'refunded', $this->status_of( $attempt_id ) );
	}

	public function test_a_refund_made_here_and_paypals_webhook_of_it_make_one_refund(): void {
		list( $capture_id, $attempt_id ) = $this->paid_paypal_donation();
		$row                             = $this->donation_row( $attempt_id );
		$this->log_in_as( 'administrator' );

		$outcome = $this->service( Refunds::class )->request( (int) $row['id'], 1000, 'Gave twice', 0, get_current_user_id() );

		$this->assertSame( RefundOutcome::REFUNDED, $outcome->kind );
		$asked = $this->provider_requests( 'paypal', "/v2/payments/captures/{$capture_id}/refund", 'POST' );
		$this->assertCount( 1, $asked );
		$this->assertSame(
			array(
				'value'         => '10.00',
				'currency_code' => 'AUD',
			),
			$asked[0]['body']['amount']
		);
		$this->assertSame( 'donation-widget-refund-' . $outcome->refund->id(), $asked[0]['body']['custom_id'] );
		$refund_id = $outcome->refund->provider_refund_id();

		// PayPal's webhook of the same refund, twice: the same row, counted once.
		$event = $this->event( 'PAYMENT.CAPTURE.REFUNDED', $capture_id, array( 'refund_id' => $refund_id ) );
		$this->deliver_paypal( $event );
		$event['id'] .= '-again';
		$this->deliver_paypal( $event );

		$history = $this->service( Refunds::class )->history( (int) $row['id'] );
		$this->assertSame( array( array( $refund_id, 1000, 'succeeded' ) ), array_map( static fn ( $refund ): array => array( $refund->provider_refund_id(), $refund->amount_cents(), $refund->status() ), $history ) );
		$this->assertSame( array( 'partially_refunded', '1000' ), array( $this->status_of( $attempt_id ), $this->donation_row( $attempt_id )['refunded_cents'] ) );
	}

	public function test_a_reversal_records_the_donation_as_refunded(): void {
		list( $capture_id, $attempt_id ) = $this->paid_paypal_donation();

		$response = $this->deliver_paypal( $this->event( 'PAYMENT.CAPTURE.REVERSED', $capture_id ) );

		$this->assertSame( "donation #{$this->donation_row( $attempt_id )['id']} refunded", $response->get_data()['outcome'] );
		$this->assertSame( 'refunded', $this->status_of( $attempt_id ) );
	}

	public function test_a_verified_event_is_the_last_one_received_even_of_a_type_not_handled(): void {
		$event               = $this->event( 'PAYMENT.CAPTURE.COMPLETED', 'CAPTURE0000000009' );
		$event['event_type'] = 'CHECKOUT.ORDER.APPROVED';

		$response = $this->deliver_paypal( $event );

		$this->assertSame( 'ignored: event type not handled', $response->get_data()['status'] );
		$last = $this->service( WebhookHealth::class )->last_event( 'paypal' );
		$this->assertSame( 'CHECKOUT.ORDER.APPROVED', $last['type'] );
		$this->assertEqualsWithDelta( time(), $last['time'], 5 );
		$this->assertNull( $this->service( WebhookHealth::class )->last_event( 'stripe' ) );
	}

	/**
	 * Runs with PHP's error log sent nowhere (the expected line stays out of the debug log).
	 */
	private function quietly( callable $run ): mixed {
		$log = (string) ini_get( 'error_log' );
		ini_set( 'error_log', '/dev/null' ); // phpcs:ignore WordPress.PHP.IniSet.Risky -- keep the expected line out of the debug log.
		try {
			return $run();
		} finally {
			ini_set( 'error_log', $log ); // phpcs:ignore WordPress.PHP.IniSet.Risky
		}
	}

	public function test_an_event_whose_capture_paypal_no_longer_has_is_acknowledged_and_shown_in_webhook_health(): void {
		list( $capture_id, $attempt_id ) = $this->pending_paypal_donation();
		$event                           = $this->event( 'PAYMENT.CAPTURE.COMPLETED', $capture_id );
		// The notice names the donation (its invoice_id), but PayPal has no such capture.
		$event['resource']['id'] = 'CAPTUREGONE00001';

		$response = $this->quietly( fn (): \WP_REST_Response => $this->deliver_paypal( $event ) );

		$this->assertSame( 200, $response->get_status(), 'PayPal stops retrying an event no retry can change.' );
		$this->assertSame( 'object_gone', $response->get_data()['status'] );
		$this->assertSame( 'pending', $this->status_of( $attempt_id ) );
		$this->assertSame( 'processed', $this->service( WebhookEventLog::class )->find( 'paypal:' . $event['id'] )['status'] );
		$gone = $this->service( WebhookHealth::class )->last_gone_object();
		$this->assertSame( 'paypal', $gone['provider'] );
		$this->assertSame( 'PAYMENT.CAPTURE.COMPLETED', $gone['type'] );
		$this->assertStringContainsString( 'PayPal has no capture CAPTUREGONE00001', $this->service( WebhookHealthReport::class )->last_gone_text( 'paypal' ) );
	}

	public function test_paypal_failing_to_answer_the_read_back_is_a_500_for_a_retry(): void {
		list( $capture_id, $attempt_id ) = $this->pending_paypal_donation();
		$event                           = $this->event( 'PAYMENT.CAPTURE.COMPLETED', $capture_id );
		$this->queue(
			'paypal',
			'server_error',
			array(
				'path'  => '/v2/payments/captures/' . $capture_id,
				'times' => 5,
			)
		);

		$response = $this->quietly( fn (): \WP_REST_Response => $this->deliver_paypal( $event ) );

		$this->assertSame( 500, $response->get_status() );
		$this->assertNull( $this->service( WebhookEventLog::class )->find( 'paypal:' . $event['id'] ) );
		$this->assertNull( $this->service( WebhookHealth::class )->last_gone_object() );
		$this->assertSame( 'pending', $this->status_of( $attempt_id ) );
	}

	public function test_a_capture_taken_despite_a_failed_captcha_and_completed_later_stays_flagged(): void {
		list( $capture_id, $attempt_id ) = $this->pending_paypal_donation( array( 'captchaToken' => 'stand-in-captcha-fail' ) );
		$this->assertSame( 'captcha_failed', $this->donation_row( $attempt_id )['review_reason'] );

		$this->deliver_paypal( $this->event( 'PAYMENT.CAPTURE.COMPLETED', $capture_id ) );

		$row = $this->donation_row( $attempt_id );
		$this->assertSame( 'succeeded', $row['status'] );
		$this->assertSame( 'captcha_failed', $row['review_reason'] );
	}
}
