<?php
/**
 * The open_paypal_order call: the attempt's record is written, holding the PayPal order, before the donor
 * can pay; the paying call, the reconciliation pass or the capture webhook then completes it once.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Gateways\PayPal;

use DonationWidget\Tests\Integration\PaymentTestCase;
use DonationWidget\Reconciliation\Reconciler;
use DonationWidget\Reconciliation\ReconciliationReport;
use DonationWidget\Database\Schema;
use DonationWidget\Http\AjaxResult;

final class PayPalOpenOrderTest extends PaymentTestCase {

	private const BROWSER = array( 'X-Stand-In-Sdk-Client-Id' => 'payment-tests-client' );

	private const WEBHOOK_ID = 'WH0OPENORDERTESTS';

	/**
	 * Emails wp_mail() was asked to send.
	 *
	 * @var list<array<string, mixed>>
	 */
	private array $mailbox = array();

	private \Closure $catch_mail;

	protected function setUp(): void {
		parent::setUp();
		$this->set_settings( array( 'paypal_webhook_id' => self::WEBHOOK_ID ) );
		$this->mailbox    = array();
		$this->catch_mail = function ( $short_circuit, array $atts ): bool {
			$this->mailbox[] = $atts;
			return true;
		};
		add_filter( 'pre_wp_mail', $this->catch_mail, 10, 2 );
	}

	protected function tearDown(): void {
		remove_filter( 'pre_wp_mail', $this->catch_mail );
		parent::tearDown();
	}

	/**
	 * Creates an order as the widget's createOrder does: the attemptId as invoice_id.
	 */
	private function create_order( string $attempt_id, string $value = '52.50' ): string {
		return $this->control(
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
						'custom_id'  => 'n-jane_citizen,d-Oneoff',
						'invoice_id' => $attempt_id,
					),
				),
			),
			self::BROWSER
		)['body']['id'];
	}

	/**
	 * The donor approves, and the browser captures.
	 *
	 * @return string The capture id.
	 */
	private function approve_and_capture( string $order_id ): string {
		$this->control( 'POST', "/paypal/v2/checkout/orders/{$order_id}/stand-in-approve", array(), self::BROWSER );
		return $this->control( 'POST', "/paypal/v2/checkout/orders/{$order_id}/capture", array(), self::BROWSER )['body']['purchase_units'][0]['payments']['captures'][0]['id'];
	}

	private function open_request( string $attempt_id, string $order_id, array $form = array() ): array {
		return array(
			'formData'     => $this->form_data( $form ),
			'attemptId'    => $attempt_id,
			'orderId'      => $order_id,
			'captchaToken' => $this->captcha_token(),
		);
	}

	private function open( array $request ): AjaxResult {
		return $this->payment_call( 'open_paypal_order', $request );
	}

	/**
	 * The paying call of an opened attempt: its captcha was checked when it opened.
	 */
	private function pay( string $attempt_id, string $capture_id ): AjaxResult {
		return $this->payment_call(
			'process_paypal_payment',
			array(
				'transaction_id' => $capture_id,
				'formData'       => $this->form_data(),
				'attemptId'      => $attempt_id,
			)
		);
	}

	/**
	 * An attempt opened with its order, as the widget does before the donor can pay.
	 *
	 * @return array{0: string, 1: string} Attempt id and order id.
	 */
	private function opened(): array {
		$attempt_id = wp_generate_uuid4();
		$order_id   = $this->create_order( $attempt_id );
		$this->assertAnswer( 200, '', $this->open( $this->open_request( $attempt_id, $order_id ) ) );
		return array( $attempt_id, $order_id );
	}

	private function rows_of( string $attempt_id ): int {
		global $wpdb;
		$table = Schema::table( 'donations' );
		return (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$table} WHERE attempt_id = %s", $attempt_id ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
	}

	private function age( string $attempt_id, int $seconds ): void {
		global $wpdb;
		$when = gmdate( 'Y-m-d H:i:s', time() - $seconds );
		$wpdb->update(
			Schema::table( 'donations' ),
			array(
				'created_at' => $when,
				'updated_at' => $when,
			),
			array( 'attempt_id' => $attempt_id )
		);
	}

	private function reconcile(): ReconciliationReport {
		return $this->service( Reconciler::class )->run();
	}

	/**
	 * Sends the queued emails and returns the receipts the donor got.
	 *
	 * @return list<array<string, mixed>>
	 */
	private function receipts_sent(): array {
		$this->run_mail_queue();
		return array_values( array_filter( $this->mailbox, static fn ( array $mail ): bool => in_array( 'jane.citizen@example.org.au', (array) $mail['to'], true ) ) );
	}

	/**
	 * Asserts the attempt ended paid with this capture and exactly one receipt email.
	 */
	private function assertPaidWithOneReceipt( string $attempt_id, string $capture_id ): void {
		$row = $this->donation_row( $attempt_id );
		$this->assertSame( array( 'succeeded', $capture_id, '' ), array( $row['status'], $row['provider_reference'], $row['failure_reason'] ) );
		$this->assertCount( 1, $this->receipts_sent() );
		$this->assertCount( 1, $this->receipts_sent(), 'A second mail pass sends nothing more.' );
	}

	/**
	 * Posts a PayPal event to the webhook route, signed for the site's webhook id.
	 */
	private function deliver_paypal( array $event ): \WP_REST_Response {
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
		foreach ( $signed['headers'] as $name => $value ) {
			$request->set_header( $name, $value );
		}
		$request->set_body( $signed['payload'] );
		return rest_do_request( $request );
	}

	public function test_opening_writes_the_pending_record_holding_the_order_and_charges_nothing(): void {
		list( $attempt_id, $order_id ) = $this->opened();

		$row = $this->donation_row( $attempt_id );
		$this->assertSame( array( 'pending', 'paypal', 'paypal', $order_id, '', 5250 ), array( $row['status'], $row['provider'], $row['method'], $row['payment_intent_id'], $row['provider_reference'], (int) $row['total_cents'] ) );
		$this->assertCount( 1, $this->provider_requests( 'recaptcha' ), 'The attempt\'s captcha is checked when it opens.' );
		$this->assertCount( 0, $this->provider_requests( 'paypal', '/capture' ) );
	}

	public function test_opening_without_a_captcha_google_accepts_writes_nothing(): void {
		$attempt_id = wp_generate_uuid4();
		$order_id   = $this->create_order( $attempt_id );

		$this->assertAnswer( 403, 'captcha', $this->open( array( 'captchaToken' => 'stand-in-captcha-fail' ) + $this->open_request( $attempt_id, $order_id ) ) );
		$request = $this->open_request( $attempt_id, $order_id );
		unset( $request['captchaToken'] );
		$this->assertAnswer( 403, 'captcha', $this->open( $request ) );

		$this->assertNull( $this->donation_row( $attempt_id ) );
	}

	public function test_the_paying_call_of_an_opened_attempt_needs_no_second_captcha(): void {
		list( $attempt_id, $order_id ) = $this->opened();
		$capture_id                    = $this->approve_and_capture( $order_id );

		$this->assertAnswer( 200, '', $this->pay( $attempt_id, $capture_id ) );

		$this->assertCount( 1, $this->provider_requests( 'recaptcha' ), 'Only the opening call asked Google.' );
	}

	public function test_an_order_this_widget_did_not_make_for_the_attempt_is_never_receipted(): void {
		// An attacker opens an attempt naming someone else's order on the charity's account (its
		// invoice_id is not this attempt), whose buyer then pays it.
		$attempt_id    = wp_generate_uuid4();
		$foreign_order = $this->create_order( wp_generate_uuid4() );
		$this->assertAnswer( 200, '', $this->open( $this->open_request( $attempt_id, $foreign_order ) ) );
		$capture_id = $this->approve_and_capture( $foreign_order );

		$this->assertAnswer( 409, 'conflict', $this->pay( $attempt_id, $capture_id ) );
		$this->age( $attempt_id, 20 * MINUTE_IN_SECONDS );
		$this->reconcile();

		$row = $this->donation_row( $attempt_id );
		$this->assertSame( 'failed', $row['status'] );
		$this->assertStringStartsWith( 'foreign_payment: ', $row['failure_reason'] );
		$this->assertCount( 0, $this->receipts_sent() );
	}

	public function test_opening_again_with_the_same_attempt_and_order_changes_nothing(): void {
		list( $attempt_id, $order_id ) = $this->opened();

		$this->assertAnswer( 200, '', $this->open( $this->open_request( $attempt_id, $order_id ) ) );

		$this->assertSame( 1, $this->rows_of( $attempt_id ) );
		$this->assertSame( $order_id, $this->donation_row( $attempt_id )['payment_intent_id'] );
	}

	public function test_an_attempt_cannot_be_opened_again_with_another_order_or_another_gift(): void {
		list( $attempt_id, $order_id ) = $this->opened();

		$this->assertAnswer( 409, 'conflict', $this->open( $this->open_request( $attempt_id, $this->create_order( $attempt_id ) ) ) );
		$this->assertAnswer( 409, 'conflict', $this->open( $this->open_request( $attempt_id, $order_id, array( 'totalAmount' => '99.00' ) ) ) );
		$this->assertAnswer( 409, 'conflict', $this->open( $this->open_request( wp_generate_uuid4(), $order_id ) ), 'An order belongs to one attempt.' );
		$this->assertSame( $order_id, $this->donation_row( $attempt_id )['payment_intent_id'] );
	}

	public function test_bad_form_data_or_order_id_is_refused_and_writes_nothing(): void {
		$attempt_id = wp_generate_uuid4();
		$order_id   = $this->create_order( $attempt_id );

		$bad_amount = $this->open( $this->open_request( $attempt_id, $order_id, array( 'totalAmount' => '2.00' ) ) );
		$this->assertAnswer( 400, 'validation', $bad_amount );
		$this->assertAnswer( 400, 'validation', $this->open( $this->open_request( $attempt_id, 'not an order!' ) ) );
		$this->assertAnswer( 400, 'validation', $this->open( $this->open_request( $attempt_id, $order_id, array( 'frequency' => '4weekly' ) ) ) );
		$this->assertAnswer( 400, 'validation', $this->open( array( 'attemptId' => 'nope' ) + $this->open_request( $attempt_id, $order_id ) ) );
		$this->assertNull( $this->donation_row( $attempt_id ) );
	}

	public function test_opening_counts_against_the_payment_rate_limit(): void {
		$this->set_settings( array( 'rate_limit_payments' => 2 ) );
		$attempt_id = wp_generate_uuid4();
		$request    = $this->open_request( $attempt_id, $this->create_order( $attempt_id ) );

		$this->assertAnswer( 200, '', $this->open( $request ) );
		$this->assertAnswer( 200, '', $this->open( $this->sent_again( $request ) ) );
		$this->assertAnswer( 429, 'rate_limited', $this->open( $this->sent_again( $request ) ) );
	}

	public function test_openings_that_fail_the_captcha_do_not_use_up_the_donors_allowance(): void {
		$this->set_settings( array( 'rate_limit_payments_email' => 1 ) );
		try {
			for ( $i = 0; $i < 10; $i++ ) {
				$_SERVER['REMOTE_ADDR'] = '198.51.100.' . ( $i + 1 );
				$attempt_id             = wp_generate_uuid4();
				$request                = array( 'captchaToken' => 'stand-in-captcha-fail' ) + $this->open_request( $attempt_id, $this->create_order( $attempt_id ) );
				$this->assertAnswer( 403, 'captcha', $this->open( $request ) );
				$this->assertNull( $this->donation_row( $attempt_id ) );
			}
			$_SERVER['REMOTE_ADDR'] = '203.0.113.50';
			list( $attempt_id )     = $this->opened();
		} finally {
			unset( $_SERVER['REMOTE_ADDR'] );
		}
		$this->assertSame( 'pending', $this->donation_row( $attempt_id )['status'], 'The donor opens her order at once.' );
	}

	public function test_the_paying_call_completes_the_opened_record_once(): void {
		list( $attempt_id, $order_id ) = $this->opened();
		$capture_id                    = $this->approve_and_capture( $order_id );

		$this->assertAnswer( 200, '', $this->pay( $attempt_id, $capture_id ) );
		$this->assertAnswer( 200, '', $this->pay( $attempt_id, $capture_id ), 'A retry answers the same.' );

		$this->assertSame( 1, $this->rows_of( $attempt_id ) );
		$this->assertSame( $order_id, $this->donation_row( $attempt_id )['payment_intent_id'] );
		$this->assertPaidWithOneReceipt( $attempt_id, $capture_id );
	}

	public function test_a_capture_of_another_order_is_refused_and_the_record_waits_for_its_own(): void {
		list( $attempt_id, $order_id ) = $this->opened();
		$other_attempt                 = wp_generate_uuid4();
		$other_capture                 = $this->approve_and_capture( $this->create_order( $other_attempt ) );

		$this->assertAnswer( 409, 'conflict', $this->pay( $attempt_id, $other_capture ) );

		$row = $this->donation_row( $attempt_id );
		$this->assertSame( array( 'pending', '' ), array( $row['status'], $row['provider_reference'] ) );
		$this->assertCount( 0, $this->receipts_sent() );

		// Its own capture still completes it.
		$capture_id = $this->approve_and_capture( $order_id );
		$this->assertAnswer( 200, '', $this->pay( $attempt_id, $capture_id ) );
		$this->assertPaidWithOneReceipt( $attempt_id, $capture_id );
	}

	public function test_a_capture_the_paying_call_refuses_or_leaves_pending_is_kept_on_the_opened_record(): void {
		list( $attempt_id, $order_id ) = $this->opened();
		$capture_id                    = $this->approve_and_capture( $order_id );
		$this->queue( 'paypal', 'capture_not_completed', array( 'path' => '/v2/payments/captures/' ) );
		$this->assertAnswer( 202, 'pending', $this->pay( $attempt_id, $capture_id ) );
		$this->assertSame( array( 'pending', $capture_id ), array( $this->donation_row( $attempt_id )['status'], $this->donation_row( $attempt_id )['provider_reference'] ) );

		list( $held_attempt, $held_order ) = $this->opened();
		$held_capture                      = $this->approve_and_capture( $held_order );
		$this->queue( 'paypal', 'capture_amount_mismatch', array( 'path' => '/v2/payments/captures/' ) );
		$this->assertAnswer( 202, 'pending', $this->pay( $held_attempt, $held_capture ) );
		$row = $this->donation_row( $held_attempt );
		$this->assertSame( array( 'review', $held_capture ), array( $row['status'], $row['provider_reference'] ) );
		$this->assertStringStartsWith( 'amount_mismatch', $row['failure_reason'] );
		$this->assertCount( 0, $this->receipts_sent() );
	}

	public function test_a_capture_never_reported_is_recorded_paid_by_the_reconciliation_pass_with_one_receipt(): void {
		list( $attempt_id, $order_id ) = $this->opened();
		$capture_id                    = $this->approve_and_capture( $order_id );
		// The browser never reports it (closed, offline). No webhook either.
		$this->age( $attempt_id, 20 * MINUTE_IN_SECONDS );

		$this->assertSame( array( ReconciliationReport::SUCCEEDED => 1 ), $this->reconcile()->counts() );

		$this->assertPaidWithOneReceipt( $attempt_id, $capture_id );
		$this->assertCount( 1, $this->provider_requests( 'paypal', "/v2/checkout/orders/{$order_id}", 'GET' ) );
		$this->age( $attempt_id, 20 * MINUTE_IN_SECONDS );
		$this->assertSame( array(), $this->reconcile()->counts(), 'A second pass finds nothing open.' );

		// The browser's report arrives late: the same answer, no second receipt.
		$this->assertAnswer( 200, '', $this->pay( $attempt_id, $capture_id ) );
		$this->assertCount( 1, $this->receipts_sent() );
	}

	public function test_a_pending_capture_never_reported_stays_open_and_is_never_abandoned(): void {
		list( $attempt_id, $order_id ) = $this->opened();
		$this->control( 'POST', "/paypal/v2/checkout/orders/{$order_id}/stand-in-approve", array(), self::BROWSER );
		$this->queue( 'paypal', 'capture_not_completed', array( 'path' => '/capture' ) );
		$this->control( 'POST', "/paypal/v2/checkout/orders/{$order_id}/capture", array(), self::BROWSER );
		$this->age( $attempt_id, 2 * DAY_IN_SECONDS );

		$this->assertSame( array( ReconciliationReport::STILL_OPEN => 1 ), $this->reconcile()->counts() );
		$this->assertSame( 'pending', $this->donation_row( $attempt_id )['status'] );
	}

	public function test_an_order_the_donor_never_approved_is_abandoned_after_a_day(): void {
		list( $attempt_id ) = $this->opened();
		$this->age( $attempt_id, 2 * HOUR_IN_SECONDS );

		$this->assertSame( array( ReconciliationReport::STILL_OPEN => 1 ), $this->reconcile()->counts() );
		$this->assertSame( 'pending', $this->donation_row( $attempt_id )['status'] );
		$this->assertStringStartsWith( 'order_CREATED', $this->donation_row( $attempt_id )['failure_reason'] );

		$this->age( $attempt_id, DAY_IN_SECONDS + 60 );
		$this->assertSame( array( ReconciliationReport::ABANDONED => 1 ), $this->reconcile()->counts() );
		$this->assertSame( 'abandoned', $this->donation_row( $attempt_id )['status'] );
		$this->assertCount( 0, $this->receipts_sent() );
	}

	public function test_an_order_paypal_does_not_know_is_abandoned_after_a_day(): void {
		$attempt_id = wp_generate_uuid4();
		$this->assertAnswer( 200, '', $this->open( $this->open_request( $attempt_id, 'ORDERUNKNOWN00000' ) ) );
		$this->age( $attempt_id, 2 * HOUR_IN_SECONDS );
		$this->assertSame( array( ReconciliationReport::STILL_OPEN => 1 ), $this->reconcile()->counts() );

		$this->age( $attempt_id, DAY_IN_SECONDS + 60 );
		$this->reconcile();

		$this->assertSame( 'abandoned', $this->donation_row( $attempt_id )['status'] );
	}

	public function test_the_capture_webhook_records_a_capture_never_reported_once(): void {
		list( $attempt_id, $order_id ) = $this->opened();
		$capture_id                    = $this->approve_and_capture( $order_id );
		$event                         = $this->control(
			'POST',
			'/__control/paypal/event',
			array(
				'type'       => 'PAYMENT.CAPTURE.COMPLETED',
				'capture_id' => $capture_id,
			)
		)['body'];
		$this->assertSame( $attempt_id, $event['resource']['invoice_id'] );

		$first       = $this->deliver_paypal( $event );
		$again       = $event;
		$again['id'] = 'WH-REDELIVERED-AS-NEW';
		$second      = $this->deliver_paypal( $again );

		$this->assertSame( 200, $first->get_status(), (string) wp_json_encode( $first->get_data() ) );
		$this->assertSame( 200, $second->get_status() );
		$this->assertPaidWithOneReceipt( $attempt_id, $capture_id );
	}

	public function test_the_capture_webhook_finds_the_record_by_invoice_id_when_no_record_holds_the_order(): void {
		$attempt_id = wp_generate_uuid4();
		$order_id   = $this->create_order( $attempt_id );
		// Opened before the order id was kept (say, a record written by an older widget).
		$this->assertAnswer( 200, '', $this->open( $this->open_request( $attempt_id, $order_id ) ) );
		global $wpdb;
		$wpdb->update( Schema::table( 'donations' ), array( 'payment_intent_id' => '' ), array( 'attempt_id' => $attempt_id ) );
		$capture_id = $this->approve_and_capture( $order_id );
		$event      = $this->control(
			'POST',
			'/__control/paypal/event',
			array(
				'type'       => 'PAYMENT.CAPTURE.COMPLETED',
				'capture_id' => $capture_id,
			)
		)['body'];

		$this->assertSame( 200, $this->deliver_paypal( $event )->get_status() );

		$this->assertPaidWithOneReceipt( $attempt_id, $capture_id );
	}

	public function test_the_capture_webhook_records_what_paypal_says_not_what_the_payload_says(): void {
		list( $attempt_id, $order_id )        = $this->opened();
		$capture_id                           = $this->approve_and_capture( $order_id );
		$event                                = $this->control(
			'POST',
			'/__control/paypal/event',
			array(
				'type'       => 'PAYMENT.CAPTURE.COMPLETED',
				'capture_id' => $capture_id,
			)
		)['body'];
		$event['resource']['amount']['value'] = '1.00';

		$this->assertSame( 200, $this->deliver_paypal( $event )->get_status() );

		// The capture read back from PayPal is the whole gift.
		$this->assertPaidWithOneReceipt( $attempt_id, $capture_id );
	}

	public function test_the_capture_webhook_holds_for_review_a_capture_of_another_amount(): void {
		$attempt_id = wp_generate_uuid4();
		$order_id   = $this->create_order( $attempt_id, '1.00' );
		$this->assertAnswer( 200, '', $this->open( $this->open_request( $attempt_id, $order_id ) ) );
		$capture_id = $this->approve_and_capture( $order_id );
		$event      = $this->control(
			'POST',
			'/__control/paypal/event',
			array(
				'type'       => 'PAYMENT.CAPTURE.COMPLETED',
				'capture_id' => $capture_id,
			)
		)['body'];

		$this->deliver_paypal( $event );

		$row = $this->donation_row( $attempt_id );
		$this->assertSame( array( 'review', 'amount_mismatch' ), array( $row['status'], $row['review_reason'] ) );
		$this->assertCount( 0, $this->receipts_sent() );
	}
}
