<?php
/**
 * The checkout's attempt sequence, once, for every way to pay: each refusal and each outcome.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Checkout;

use DonationWidget\Checkout\Checkout;
use DonationWidget\Checkout\DonationLedger;
use DonationWidget\Checkout\PaymentOutcome;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Http\AjaxResult;
use DonationWidget\Http\ProviderUnavailable;
use DonationWidget\Tests\Integration\PaymentTestCase;

final class CheckoutTest extends PaymentTestCase {

	private ScriptedPaymentMethod $method;

	protected function setUp(): void {
		parent::setUp();
		$this->method = new ScriptedPaymentMethod();
	}

	private function call( array $overrides = array(), array $form = array() ): AjaxResult {
		return $this->service( Checkout::class )->pay( $this->method, $this->request( $overrides, $form ) );
	}

	private function request( array $overrides = array(), array $form = array() ): array {
		return array_merge(
			array(
				'token'        => 'tok_scripted',
				'formData'     => $this->form_data( $form ),
				'attemptId'    => wp_generate_uuid4(),
				'captchaToken' => $this->captcha_token(),
			),
			$overrides
		);
	}

	public function test_a_call_over_the_rate_limit_is_refused_before_the_record_and_the_provider(): void {
		$this->set_settings( array( 'rate_limit_payments' => 1 ) );
		$this->assertAnswer( 200, '', $this->call() );
		$request = $this->request();

		$this->assertAnswer( 429, 'rate_limited', $this->service( Checkout::class )->pay( $this->method, $request ) );
		$this->assertNull( $this->donation_row( $request['attemptId'] ) );
		$this->assertSame( 1, $this->method->calls );
		$this->assertCount( 2, $this->provider_requests( 'recaptcha' ), 'Only a call Google accepted counts, so the captcha comes first.' );
	}

	public function test_a_method_without_keys_is_refused(): void {
		$this->method->available = false;
		$this->assertAnswer( 503, 'server', $this->call() );
		$this->assertSame( 0, $this->method->calls );
	}

	public function test_bad_form_data_and_bad_method_fields_are_refused_with_the_field_named(): void {
		$invalid = $this->call( array(), array( 'email' => 'not-an-email' ) );
		$this->assertAnswer( 400, 'validation', $invalid );
		$this->assertSame( 'formData.email', $invalid->data()['field'] );

		$bad_token = $this->call( array( 'token' => 'forged' ) );
		$this->assertAnswer( 400, 'validation', $bad_token );
		$this->assertSame( 'token', $bad_token->data()['field'] );

		$no_attempt = $this->call( array( 'attemptId' => 'not-a-uuid' ) );
		$this->assertSame( 'attemptId', $no_attempt->data()['field'] );
		$this->assertSame( 0, $this->method->calls );
	}

	public function test_a_refused_captcha_writes_nothing_and_asks_no_provider(): void {
		$request = $this->request( array( 'captchaToken' => '' ) );
		$this->assertAnswer( 403, 'captcha', $this->service( Checkout::class )->pay( $this->method, $request ) );
		$this->assertNull( $this->donation_row( $request['attemptId'] ) );
		$this->assertSame( 0, $this->method->calls );
	}

	public function test_money_moved_before_a_refused_captcha_is_verified_and_recorded_as_it_is_for_review(): void {
		$this->method->browser_captures = true;
		$request                        = $this->request( array( 'captchaToken' => '' ) );

		$this->assertAnswer( 200, '', $this->service( Checkout::class )->pay( $this->method, $request ) );
		$this->assertSame( 1, $this->method->calls, 'The payment is checked with its provider like any other.' );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'succeeded', $row['status'] );
		$this->assertSame( 'ref_1', $row['provider_reference'], 'Recorded with the reference the provider confirmed.' );
		$this->assertSame( 'captcha_failed', $row['review_reason'] );
	}

	public function test_an_attempt_reused_for_another_donation_is_a_conflict(): void {
		$request = $this->request();
		$this->assertAnswer( 200, '', $this->service( Checkout::class )->pay( $this->method, $request ) );

		$other = array( 'formData' => $this->form_data( array( 'totalAmount' => '99' ) ) ) + $request;
		$this->assertAnswer( 409, 'conflict', $this->service( Checkout::class )->pay( $this->method, $other ) );
	}

	public function test_carrying_on_a_payment_no_attempt_started_is_a_conflict(): void {
		$this->assertAnswer( 409, 'conflict', $this->call( array( 'continues' => 'pay_elsewhere' ) ) );
		$this->assertSame( 0, $this->method->calls );
	}

	public function test_a_retried_settled_attempt_is_answered_again_without_asking_the_provider(): void {
		$request = $this->request();
		$first   = $this->service( Checkout::class )->pay( $this->method, $request );
		$second  = $this->service( Checkout::class )->pay( $this->method, array( 'captchaToken' => $this->captcha_token() ) + $request );

		$this->assertSame( $first->body, $second->body );
		$this->assertSame( 1, $this->method->calls );
		$this->assertCount( 1, $this->provider_requests( 'recaptcha' ), 'The retry needs no new captcha.' );
	}

	/**
	 * Each outcome a method can report: the answer the widget gets and what the record says.
	 *
	 * @return array<string, array{0: PaymentOutcome, 1: int, 2: string, 3: string}>
	 */
	public static function outcomes(): array {
		return array(
			'paid'                 => array( PaymentOutcome::paid( 'ch_paid', 'pi_paid', 'scripted' ), 200, '', 'succeeded' ),
			'requires action'      => array( PaymentOutcome::requires_action( 'pi_3ds_secret_x', 'pi_3ds' ), 200, 'requires_action', 'requires_action' ),
			'confirm in browser'   => array( PaymentOutcome::confirm_in_browser( 'pi_wallet_secret_x', 'pi_wallet' ), 200, '', 'pending' ),
			'processing'           => array( PaymentOutcome::processing( 'Being processed.', 'pi_slow' ), 202, 'pending', 'pending' ),
			'declined'             => array( PaymentOutcome::declined( 'insufficient_funds', 'Declined.', 'Your card has insufficient funds.' ), 200, 'card_error', 'failed' ),
			'not verified'         => array( PaymentOutcome::not_verified( 'amount_mismatch', 'Could not confirm.', 'Captured 1.00.' ), 400, 'validation', 'failed' ),
			'refused'              => array( PaymentOutcome::refused( 'parameter_invalid', 'Bad request.' ), 502, 'server', 'failed' ),
			'conflict'             => array( PaymentOutcome::conflict( 'Used with other details.' ), 409, 'conflict', 'pending' ),
			'conflict that failed' => array( PaymentOutcome::conflict( 'Already recorded.', 'already_recorded', 'Held by #1.' ), 409, 'conflict', 'failed' ),
		);
	}

	/**
	 * @dataProvider outcomes
	 */
	public function test_each_outcome_is_answered_and_recorded( PaymentOutcome $outcome, int $status, string $type, string $recorded ): void {
		$this->method->answer = $outcome;
		$request              = $this->request();

		$this->assertAnswer( $status, $type, $this->service( Checkout::class )->pay( $this->method, $request ) );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( $recorded, $row['status'] );
		$this->assertSame( 'scripted', $row['provider'] );
		if ( '' !== $outcome->payment_id ) {
			$this->assertSame( $outcome->payment_id, $row['payment_intent_id'] );
		}
		if ( 'failed' === $recorded ) {
			$this->assertStringStartsWith( $outcome->code . ': ' . $outcome->detail, $row['failure_reason'] );
		}
	}

	public function test_a_provider_that_does_not_answer_leaves_the_record_open_with_a_note(): void {
		$this->method->answer = new ProviderUnavailable( 'scripted', 'timeout', 'cURL error 28' );
		$request              = $this->request();

		$this->assertAnswer( 504, 'server', $this->service( Checkout::class )->pay( $this->method, $request ) );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'pending', $row['status'] );
		$this->assertStringStartsWith( 'provider_unavailable: ', $row['failure_reason'] );
	}

	public function test_a_lost_answer_heard_after_another_call_settled_the_attempt_keeps_its_outcome(): void {
		$this->method->answer = PaymentOutcome::requires_action( 'pi_race_secret_x', 'pi_race' );
		$request              = $this->request();
		$this->service( Checkout::class )->pay( $this->method, $request );
		// One server reads the open attempt and asks the provider, which never answers it ...
		$read_before = $this->service( DonationRepository::class )->find_by_attempt( $request['attemptId'] );
		$this->assertNotNull( $read_before );
		// ... while another server's call for the attempt settles it.
		$this->method->answer = PaymentOutcome::declined( 'too_many_tries', 'Tried with too many cards.', 'Three cards tried.' );
		$this->assertAnswer( 200, 'card_error', $this->service( Checkout::class )->pay( $this->method, $this->sent_again( $request ) ) );

		$failed = $this->service( DonationLedger::class )->record_provider_failure( $read_before, new ProviderUnavailable( 'scripted', 'unreachable', 'cURL error 52: Empty reply from server' ) );

		$this->assertFalse( $failed );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( array( 'failed', 'too_many_tries: Three cards tried.' ), array( $row['status'], $row['failure_reason'] ), 'The late note does not replace the outcome the donor is answered from.' );
	}

	public function test_a_provider_that_refused_the_sites_key_fails_the_record_at_once_with_the_same_answer(): void {
		$this->method->answer = new ProviderUnavailable( 'scripted', 'rejected', 'HTTP 401: Invalid API Key provided' );
		$request              = $this->request();

		$this->assertAnswer( 502, 'server', $this->service( Checkout::class )->pay( $this->method, $request ) );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'failed', $row['status'] );
		$this->assertStringStartsWith( 'provider_refused: scripted: rejected', $row['failure_reason'] );
	}

	public function test_a_follow_up_settles_the_payment_from_the_provider(): void {
		$this->method->answer = PaymentOutcome::confirm_in_browser( 'pi_follow_secret_x', 'pi_follow' );
		$request              = $this->request();
		$this->service( Checkout::class )->pay( $this->method, $request );

		$this->assertAnswer( 404, 'not_found', $this->service( Checkout::class )->follow_up( $this->method, array( 'paymentId' => 'pi_unknown' ) ) );

		$this->method->answer = PaymentOutcome::paid( 'ch_follow', 'pi_follow', 'scripted' );
		$paid                 = $this->service( Checkout::class )->follow_up( $this->method, array( 'paymentId' => 'pi_follow' ) );
		$this->assertAnswer( 200, '', $paid );
		$this->assertSame( 'ch_follow', $paid->data()['reference'] );
		$this->assertSame( 'succeeded', $this->donation_row( $request['attemptId'] )['status'] );
	}
}
