<?php
/**
 * The process_payment_method call: one-off card donations, 3-D Secure, retries and failures.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Gateways\Stripe;

use DonationWidget\Tests\Integration\PaymentTestCase;
use DonationWidget\Http\AjaxResult;

final class CardPaymentTest extends PaymentTestCase {

	private function pay( array $request ): AjaxResult {
		return $this->payment_call( 'process_payment_method', $request );
	}

	public function test_a_one_off_card_donation_is_charged_and_recorded(): void {
		$request = $this->card_request();

		$result = $this->pay( $request );

		$this->assertAnswer( 200, '', $result );
		$this->assertTrue( $result->is_success() );
		$reference = $result->data()['reference'];
		$this->assertMatchesRegularExpression( '/^ch_/', $reference );

		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'succeeded', $row['status'] );
		$this->assertSame( $reference, $row['provider_reference'] );
		$this->assertSame( 'stripe', $row['provider'] );
		$this->assertSame( 'card', $row['method'] );
		$this->assertSame( '5250', $row['total_cents'] );
		$this->assertSame( '5250', $row['amount_cents'] );
		$this->assertSame( '0', $row['cover_cents'] );
		$this->assertSame( 'Oneoff', $row['frequency'] );
		$this->assertSame( 'Jane', $row['first_name'] );
		$this->assertSame( "O'Brien-Citizen", $row['last_name'] );
		$this->assertSame( 'Sydney', $row['city'] );
		$this->assertSame( '2000', $row['postcode'] );
		$this->assertSame( 'winter-appeal', $row['utm_campaign'] );
		$this->assertSame( 'APPEAL-2026', $row['iteration_id'] );
		$this->assertSame( 'http://127.0.0.1:8891/donate/', $row['page_url'] );
		$this->assertSame( '', $row['failure_reason'] );
		$this->assertMatchesRegularExpression( '/^pi_/', $row['payment_intent_id'] );
		$this->assertSame( array( 'reference' => $reference ), $result->data() );

		// The site makes the intent (only it may confirm it), then confirms it with the card.
		$created = $this->stripe_posts( '/v1/payment_intents' );
		$this->assertCount( 1, $created );
		$sent = $created[0]['body'];
		$this->assertSame( '5250', $sent['amount'] );
		$this->assertSame( 'aud', $sent['currency'] );
		$this->assertSame( 'manual', $sent['confirmation_method'] );
		$this->assertSame( array( 'card' ), $sent['allowed_payment_method_types'] );
		$this->assertArrayNotHasKey( 'payment_method', $sent, 'A retry with another card must replay the very same request.' );
		$this->assertSame( 'jane.citizen@example.org.au', $sent['receipt_email'] );
		$confirmed = $this->stripe_posts( '/v1/payment_intents/' . $row['payment_intent_id'] . '/confirm' );
		$this->assertCount( 1, $confirmed );
		$this->assertSame( 'pm_card_visa', $confirmed[0]['body']['payment_method'] );
		$this->assertSame( 'http://127.0.0.1:8891/donate/', $confirmed[0]['body']['return_url'] );
		$this->assertSame( $request['attemptId'] . ':confirm:pm_card_visa', $confirmed[0]['headers']['idempotency-key'] );
		$this->assertSame( $request['attemptId'], $sent['metadata']['attempt_id'] );
		$this->assertSame( $row['id'], $sent['metadata']['donation_id'] );
		$this->assertSame( 'APPEAL-2026', $sent['metadata']['iteration_id'] );
		$this->assertSame( 'Oneoff', $sent['metadata']['frequency'] );
		$this->assertSame( 'winter-appeal', $sent['metadata']['utm_campaign'] );
		$this->assertArrayNotHasKey( 'utm_content', $sent['metadata'], 'Empty metadata would delete the key at Stripe.' );
		$this->assertSame( $request['attemptId'] . ':pi', $created[0]['headers']['idempotency-key'] );
		$this->assertSame( '2026-10-28.endive', $created[0]['headers']['stripe-version'] );
		$this->assertSame( 'Bearer ' . self::SECRET_KEY, $created[0]['headers']['authorization'] );

		$captcha = $this->provider_requests( 'recaptcha' );
		$this->assertCount( 1, $captcha );
		$this->assertSame( $request['captchaToken'], $captcha[0]['body']['response'] );
		$this->assertSame( 'payment-tests-recaptcha', $captcha[0]['body']['secret'] );
	}

	public function test_a_declined_card_answers_a_card_error_with_http_200_and_records_the_failure(): void {
		$request = $this->card_request( array( 'token' => 'pm_card_chargeDeclinedInsufficientFunds' ) );

		$result = $this->pay( $request );

		$this->assertAnswer( 200, 'card_error', $result );
		$this->assertFalse( $result->is_success() );
		$this->assertSame( 'insufficient_funds', $result->data()['decline_code'] );
		$this->assertSame( 'Your card has insufficient funds.', $result->data()['message'] );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'failed', $row['status'] );
		$this->assertSame( 'insufficient_funds: Your card has insufficient funds.', $row['failure_reason'] );
		$this->assertSame( '', $row['provider_reference'] );
	}

	public function test_3d_secure_answers_requires_action_then_finishes_when_the_widget_posts_again(): void {
		$request = $this->card_request( array( 'token' => 'pm_card_authenticationRequired' ) );

		$first = $this->pay( $request );

		$this->assertAnswer( 200, 'requires_action', $first );
		$client_secret = $first->data()['client_secret'];
		$intent_id     = $first->data()['payment_intent_id'];
		$this->assertStringStartsWith( $intent_id . '_secret_', $client_secret );
		$this->assertSame( 'requires_action', $this->donation_row( $request['attemptId'] )['status'] );

		// The bank's check passes in the browser; nothing is charged until the site confirms.
		$this->assertSame( 'requires_confirmation', $this->complete_3ds( $client_secret )['status'] );
		$second = $this->pay( $this->sent_again( $request, array( 'paymentIntentId' => $intent_id ) ) );

		$this->assertAnswer( 200, '', $second );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'succeeded', $row['status'] );
		$this->assertSame( $second->data()['reference'], $row['provider_reference'] );
		$this->assertSame( $intent_id, $row['payment_intent_id'] );
		$this->assertCount( 1, $this->stripe_posts( '/v1/payment_intents' ) );
		$by_site = array_filter( $this->stripe_posts( "/v1/payment_intents/{$intent_id}/confirm" ), static fn ( array $post ): bool => 'Bearer ' . self::SECRET_KEY === $post['headers']['authorization'] );
		$this->assertCount( 2, $by_site, 'The site confirmed the card, then the same card after 3-D Secure.' );
		$this->assertSame( '1', $this->donation_row( $request['attemptId'] )['payment_tries'], 'One card tried.' );
	}

	public function test_failed_3d_secure_authentication_is_a_card_error(): void {
		$request = $this->card_request( array( 'token' => 'pm_card_threeDSecure2Required' ) );
		$first   = $this->pay( $request );
		$this->assertAnswer( 200, 'requires_action', $first );
		$this->complete_3ds( $first->data()['client_secret'], 'fail' );

		$second = $this->pay( $this->sent_again( $request, array( 'paymentIntentId' => $first->data()['payment_intent_id'] ) ) );

		$this->assertAnswer( 200, 'card_error', $second );
		$this->assertSame( 'payment_intent_authentication_failure', $second->data()['decline_code'] );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'failed', $row['status'] );
		$this->assertStringStartsWith( 'payment_intent_authentication_failure: ', $row['failure_reason'] );
	}

	public function test_a_payment_intent_of_another_attempt_is_refused(): void {
		$other   = $this->pay( $this->card_request( array( 'token' => 'pm_card_authenticationRequired' ) ) );
		$request = $this->card_request( array( 'token' => 'pm_card_authenticationRequired' ) );
		$this->assertAnswer( 200, 'requires_action', $this->pay( $request ) );

		$result = $this->pay( $this->sent_again( $request, array( 'paymentIntentId' => $other->data()['payment_intent_id'] ) ) );

		$this->assertAnswer( 409, 'conflict', $result );
		$this->assertSame( 'requires_action', $this->donation_row( $request['attemptId'] )['status'] );
	}

	public function test_a_payment_intent_id_without_a_started_attempt_is_refused(): void {
		$result = $this->pay( $this->card_request( array( 'paymentIntentId' => 'pi_notOneOfOurs' ) ) );
		$this->assertAnswer( 409, 'conflict', $result );
		$this->assertCount( 0, $this->provider_requests( 'stripe' ) );
	}

	public function test_the_same_attempt_twice_makes_one_payment_intent_and_one_charge(): void {
		$request = $this->card_request();

		$first  = $this->pay( $request );
		$second = $this->pay( $this->sent_again( $request ) );

		$this->assertAnswer( 200, '', $second );
		$this->assertSame( $first->data(), $second->data() );
		$this->assertCount( 1, $this->stripe_posts( '/v1/payment_intents' ) );
		$this->assertCount( 1, $this->provider_requests( 'stripe', '/confirm', 'POST' ) );
		$this->assertCount( 1, $this->provider_requests( 'recaptcha' ), 'A settled attempt is answered from the database.' );
		$this->assertCount( 1, $this->stripe( 'GET', '/v1/payment_intents', array(), self::SECRET_KEY )['data'] );
	}

	public function test_a_retry_of_a_declined_attempt_answers_the_stored_failure(): void {
		$request = $this->card_request( array( 'token' => 'pm_card_chargeDeclined' ) );
		$first   = $this->pay( $request );

		$second = $this->pay( $this->sent_again( $request ) );

		$this->assertAnswer( 200, 'card_error', $second );
		$this->assertSame( $first->data()['decline_code'], $second->data()['decline_code'] );
		$this->assertSame( 'Your card was declined.', $second->data()['message'] );
		$this->assertCount( 1, $this->stripe_posts( '/v1/payment_intents' ) );
	}

	public function test_an_attempt_reused_for_another_donation_is_a_conflict(): void {
		$request = $this->card_request();
		$this->pay( $request );

		$result = $this->pay( $this->sent_again( $request, array( 'formData' => $this->form_data( array( 'totalAmount' => '500' ) ) ) ) );

		$this->assertAnswer( 409, 'conflict', $result );
		$this->assertSame( '5250', $this->donation_row( $request['attemptId'] )['total_cents'] );
	}

	public function test_a_stripe_server_error_leaves_the_donation_pending_and_a_retry_of_the_attempt_charges_once(): void {
		$this->queue(
			'stripe',
			'server_error',
			array(
				'path'  => '/v1/payment_intents',
				'times' => 3,
			)
		);
		$request = $this->card_request();

		$failed = $this->pay( $request );

		$this->assertAnswer( 502, 'server', $failed );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'pending', $row['status'] );
		$this->assertStringStartsWith( 'provider_unavailable: stripe: server_error', $row['failure_reason'] );

		$retried = $this->pay( $this->sent_again( $request ) );

		$this->assertAnswer( 200, '', $retried );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'succeeded', $row['status'] );
		$this->assertSame( '', $row['failure_reason'] );
		// Three tries (the first and two retries) on the first call, one more on the retried attempt.
		$keys = array_column( array_column( $this->stripe_posts( '/v1/payment_intents' ), 'headers' ), 'idempotency-key' );
		$this->assertSame( array_fill( 0, 4, $request['attemptId'] . ':pi' ), $keys );
		$this->assertCount( 1, $this->stripe( 'GET', '/v1/payment_intents', array(), self::SECRET_KEY )['data'] );
	}

	public function test_an_idempotency_key_stripe_saw_with_other_parameters_leaves_the_outcome_unknown_and_changes_nothing(): void {
		$request = $this->card_request();
		// What an earlier request of this attempt sent before its answer was lost.
		$this->control(
			'POST',
			'/stripe/v1/payment_intents',
			'amount=999&currency=aud&payment_method=pm_card_visa&confirm=true',
			array(
				'Authorization'   => 'Bearer ' . self::SECRET_KEY,
				'Idempotency-Key' => $request['attemptId'] . ':pi',
			)
		);

		$result = $this->pay( $request );

		// What Stripe did under the key is not known from here (the earlier request may have
		// charged): the donor is told so, and the widget keeps the attempt for Try Again.
		$this->assertAnswer( 502, 'server', $result );
		$this->assertSame( 'unknown', $result->body['data']['outcome'] );
		$this->assertArrayNotHasKey( 'charged', $result->body['data'] );
		$this->assertSame( 'pending', $this->donation_row( $request['attemptId'] )['status'] );
	}

	public function test_a_stripe_timeout_answers_504_and_never_records_a_success(): void {
		$this->queue(
			'stripe',
			'timeout',
			array(
				'ms'    => 4000,
				'times' => 3,
			)
		);
		$short = static function ( array $args ): array {
			$args['timeout'] = 1;
			return $args;
		};
		add_filter( 'http_request_args', $short );
		$request = $this->card_request();

		try {
			$result = $this->pay( $request );
		} finally {
			remove_filter( 'http_request_args', $short );
		}

		$this->assertAnswer( 504, 'server', $result );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'pending', $row['status'] );
		$this->assertStringContainsString( 'timeout', $row['failure_reason'] );
	}

	public function test_a_refused_captcha_charges_nothing(): void {
		$request = $this->card_request( array( 'captchaToken' => 'stand-in-captcha-fail' ) );

		$result = $this->pay( $request );

		$this->assertAnswer( 403, 'captcha', $result );
		$this->assertCount( 0, $this->provider_requests( 'stripe' ) );
		$this->assertNull( $this->donation_row( $request['attemptId'] ) );
	}

	public function test_a_missing_captcha_token_charges_nothing(): void {
		$request = $this->card_request();
		unset( $request['captchaToken'] );

		$this->assertAnswer( 403, 'captcha', $this->pay( $request ) );
		$this->assertCount( 0, $this->provider_requests( 'recaptcha' ) );
		$this->assertCount( 0, $this->provider_requests( 'stripe' ) );
	}

	public function test_a_site_without_a_recaptcha_secret_takes_payments_unchecked(): void {
		$this->set_settings( array( 'recaptcha_secret_key' => '' ) );
		$request = $this->card_request();
		unset( $request['captchaToken'] );

		$this->assertAnswer( 200, '', $this->pay( $request ) );
		$this->assertCount( 0, $this->provider_requests( 'recaptcha' ) );
	}

	public function test_an_unreachable_captcha_service_refuses_the_call(): void {
		$this->queue( 'recaptcha', 'server_error' );
		$this->assertAnswer( 502, 'server', $this->pay( $this->card_request() ) );
		$this->assertCount( 0, $this->provider_requests( 'stripe' ) );
	}

	public function test_payment_calls_are_rate_limited_per_address(): void {
		$this->set_settings( array( 'rate_limit_payments' => 2 ) );

		$this->assertAnswer( 200, '', $this->pay( $this->card_request() ) );
		$this->assertAnswer( 200, '', $this->pay( $this->card_request() ) );
		$limited = $this->pay( $this->card_request() );

		$this->assertAnswer( 429, 'rate_limited', $limited );
		$this->assertCount( 2, $this->stripe_posts( '/v1/payment_intents' ) );
	}

	public function test_a_lost_answer_is_sent_again_with_the_same_key_and_the_donor_is_charged_once(): void {
		$this->queue( 'stripe', 'lost_answer', array( 'path' => '/confirm' ) );
		$request = $this->card_request();

		$result = $this->pay( $request );

		// Stripe charged the card, the answer never came: the same request, the same key, Stripe's
		// first answer, and the donor sees the thank-you screen instead of "try again".
		$this->assertAnswer( 200, '', $result );
		$row       = $this->donation_row( $request['attemptId'] );
		$confirmed = $this->stripe_posts( '/v1/payment_intents/' . $row['payment_intent_id'] . '/confirm' );
		$this->assertCount( 2, $confirmed );
		$this->assertSame( $confirmed[0]['headers']['idempotency-key'], $confirmed[1]['headers']['idempotency-key'] );
		$this->assertSame( 'succeeded', $row['status'] );
		$charges = $this->stripe( 'GET', '/v1/charges', array( 'payment_intent' => $row['payment_intent_id'] ), self::SECRET_KEY )['data'];
		$this->assertCount( 1, $charges );
		$this->assertSame( $result->data()['reference'], $charges[0]['id'] );
	}

	public function test_try_again_after_every_answer_was_lost_never_charges_twice(): void {
		$this->queue(
			'stripe',
			'lost_answer',
			array(
				'path'  => '/confirm',
				'times' => 3,
			)
		);
		$request = $this->card_request();

		$lost = $this->pay( $request );

		// Unknown: the widget keeps the attemptId for a Try Again of the same form.
		$this->assertAnswer( 502, 'server', $lost );
		$this->assertSame( 'unknown', $lost->data()['outcome'] );
		$this->assertSame( 'pending', $this->donation_row( $request['attemptId'] )['status'] );

		// Try Again reloads the page: the donor types the card again (a new PaymentMethod).
		$again = $this->pay( $this->sent_again( $request, array( 'token' => 'pm_card_mastercard' ) ) );

		$this->assertAnswer( 200, '', $again );
		$row     = $this->donation_row( $request['attemptId'] );
		$charges = $this->stripe( 'GET', '/v1/charges', array( 'payment_intent' => $row['payment_intent_id'] ), self::SECRET_KEY )['data'];
		$this->assertCount( 1, $charges, 'The first card was charged once; the second never.' );
		$this->assertSame( array( 'succeeded', $charges[0]['id'] ), array( $row['status'], $row['provider_reference'] ) );
		$this->assertCount( 1, $this->stripe( 'GET', '/v1/payment_intents', array(), self::SECRET_KEY )['data'] );
	}

	public function test_an_attempt_tries_at_most_three_cards_then_its_intent_is_cancelled(): void {
		$this->queue(
			'stripe',
			'lost_answer',
			array(
				'path'  => '/confirm',
				'times' => 3,
			)
		);
		$request = $this->card_request( array( 'token' => 'pm_card_chargeDeclined' ) );
		$this->assertAnswer( 502, 'server', $this->pay( $request ) );
		$intent_id = $this->donation_row( $request['attemptId'] )['payment_intent_id'];

		// The attempt stays open (its answer was lost); each retry names another declined card.
		foreach ( array( 'pm_card_chargeDeclinedInsufficientFunds', 'pm_card_chargeDeclinedLostCard' ) as $token ) {
			global $wpdb;
			$wpdb->update( \DonationWidget\Database\Schema::table( 'donations' ), array( 'status' => 'pending' ), array( 'attempt_id' => $request['attemptId'] ) );
			$this->pay( $this->sent_again( $request, array( 'token' => $token ) ) );
		}
		$wpdb->update( \DonationWidget\Database\Schema::table( 'donations' ), array( 'status' => 'pending' ), array( 'attempt_id' => $request['attemptId'] ) );
		$fourth = $this->pay( $this->sent_again( $request, array( 'token' => 'pm_card_visa' ) ) );

		$this->assertAnswer( 200, 'card_error', $fourth );
		$this->assertSame( 'too_many_tries', $fourth->data()['decline_code'] );
		$charges = $this->stripe( 'GET', '/v1/charges', array( 'payment_intent' => $intent_id ), self::SECRET_KEY )['data'];
		$this->assertCount( 3, $charges, 'Three cards tried; the fourth never reached the bank.' );
		$this->assertSame( 'canceled', $this->stripe( 'GET', '/v1/payment_intents/' . $intent_id, array(), self::SECRET_KEY )['status'] );
		$this->assertSame( '3', $this->donation_row( $request['attemptId'] )['payment_tries'] );

		// Sent once more, the settled attempt is answered again in the donor's words, never with
		// the detail kept for staff.
		$again = $this->pay( $this->sent_again( $request, array( 'token' => 'pm_card_visa' ) ) );
		$this->assertAnswer( 200, 'card_error', $again );
		$this->assertSame( 'This payment was tried with too many cards. Please reload the page to start again.', $again->data()['message'] );
	}

	/**
	 * @return array<string, array{array<string, mixed>, string}>
	 */
	public static function invalid_requests(): array {
		return array(
			'no token'            => array( array( 'token' => '' ), 'token' ),
			'token not a pm_ id'  => array( array( 'token' => 'tok_visa' ), 'token' ),
			'token as an array'   => array( array( 'token' => array( 'pm_card_visa' ) ), 'token' ),
			'attempt not a UUID'  => array( array( 'attemptId' => 'attempt-1' ), 'attemptId' ),
			'no formData'         => array( array( 'formData' => '' ), 'formData' ),
			'formData not JSON'   => array( array( 'formData' => '{"email":' ), 'formData' ),
			'formData not UTF-8'  => array( array( 'formData' => "{\"firstName\":\"\xC3\x28\"}" ), 'formData' ),
			'bad page address'    => array( array( 'currentUrl' => 'javascript:alert(1)' ), 'currentUrl' ),
			'bad paymentIntentId' => array( array( 'paymentIntentId' => 'pi_x;DROP' ), 'paymentIntentId' ),
		);
	}

	/**
	 * @dataProvider invalid_requests
	 */
	public function test_malformed_fields_are_refused_with_400_naming_the_field( array $overrides, string $field ): void {
		$result = $this->pay( array_merge( $this->card_request(), $overrides ) );

		$this->assertAnswer( 400, 'validation', $result );
		$this->assertSame( $field, $result->data()['field'] );
		$this->assertCount( 0, $this->provider_requests( 'stripe' ) );
	}

	/**
	 * @return array<string, array{array<string, mixed>, string}>
	 */
	public static function invalid_forms(): array {
		return array(
			'total below $5'         => array( array( 'totalAmount' => '4.99' ), 'formData.totalAmount' ),
			'three decimals'         => array( array( 'totalAmount' => '10.005' ), 'formData.totalAmount' ),
			'email without a TLD'    => array( array( 'email' => 'jane@example' ), 'formData.email' ),
			'first name missing'     => array( array( 'firstName' => '' ), 'formData.firstName' ),
			'name with digits'       => array( array( 'lastName' => 'R2D2' ), 'formData.lastName' ),
			'mobile of 9 digits'     => array( array( 'mobile' => '041234567' ), 'formData.mobile' ),
			'currency not AUD'       => array( array( 'currency' => 'USD' ), 'formData.currency' ),
			'unknown frequency'      => array( array( 'frequency' => 'monthly' ), 'formData.frequency' ),
			'an array for the email' => array( array( 'email' => array( 'a@b.co' ) ), 'formData.email' ),
			'postcode with letters'  => array( array( 'address' => array( 'postalCode' => '2OOO' ) ), 'formData.address.postalCode' ),
		);
	}

	/**
	 * @dataProvider invalid_forms
	 */
	public function test_a_form_failing_spec_5_is_refused_before_anything_is_written( array $form, string $field ): void {
		$request = $this->card_request( array(), $form );

		$result = $this->pay( $request );

		$this->assertAnswer( 400, 'validation', $result );
		$this->assertSame( $field, $result->data()['field'] );
		$this->assertArrayHasKey( $field, $result->data()['errors'] );
		$this->assertNull( $this->donation_row( $request['attemptId'] ) );
		$this->assertCount( 0, $this->provider_requests( 'stripe' ) );
		$this->assertCount( 0, $this->provider_requests( 'recaptcha' ) );
	}

	public function test_an_unknown_payment_method_is_a_card_error(): void {
		$request = $this->card_request( array( 'token' => 'pm_doesNotExist123' ) );

		$result = $this->pay( $request );

		$this->assertAnswer( 200, 'card_error', $result );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'failed', $row['status'] );
		$this->assertStringStartsWith( 'resource_missing: ', $row['failure_reason'] );
	}

	public function test_without_a_stripe_secret_key_the_call_answers_503(): void {
		$this->set_settings( array( 'stripe_test_secret_key' => '' ) );
		$this->assertAnswer( 503, 'server', $this->pay( $this->card_request() ) );
		$this->assertCount( 0, $this->provider_requests( 'stripe' ) );
	}
}
