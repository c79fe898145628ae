<?php
/**
 * The payment_intent and get_charge_id calls: express checkout with wallets.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Gateways\Stripe;

use DonationWidget\Tests\Integration\PaymentTestCase;
use DonationWidget\Http\AjaxResult;

final class ExpressCheckoutTest extends PaymentTestCase {

	private function intent_request( array $overrides = array(), array $form = array() ): array {
		return array_merge(
			array(
				'amount'       => '5250',
				'formData'     => $this->form_data( $form ),
				'currency'     => 'aud',
				'attemptId'    => wp_generate_uuid4(),
				'captchaToken' => 'stand-in-captcha-token',
			),
			$overrides
		);
	}

	private function charge_reference( string $intent_id ): AjaxResult {
		return $this->payment_call(
			'get_charge_id',
			array(
				'paymentIntentId' => $intent_id,
				'formData'        => $this->form_data(),
				'currentUrl'      => 'http://127.0.0.1:8891/donate/',
			)
		);
	}

	/**
	 * Confirms the PaymentIntent as Stripe.js does after the wallet sheet.
	 */
	private function confirm_in_browser( string $client_secret, string $payment_method = 'pm_card_visa' ): array {
		$intent_id = substr( $client_secret, 0, (int) strpos( $client_secret, '_secret_' ) );
		return $this->stripe(
			'POST',
			"/v1/payment_intents/{$intent_id}/confirm",
			array(
				'client_secret'  => $client_secret,
				'payment_method' => $payment_method,
				'return_url'     => 'http://127.0.0.1:8891/',
			)
		);
	}

	public function test_payment_intent_creates_an_unconfirmed_intent_and_a_pending_donation(): void {
		$request = $this->intent_request();

		$result = $this->payment_call( 'payment_intent', $request );

		$this->assertAnswer( 200, '', $result );
		$client_secret = $result->data()['client_secret'];
		$this->assertStringStartsWith( $result->data()['payment_intent_id'] . '_secret_', $client_secret );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'pending', $row['status'] );
		$this->assertSame( $result->data()['payment_intent_id'], $row['payment_intent_id'] );
		$this->assertSame( '5250', $row['total_cents'] );

		$sent = $this->stripe_posts( '/v1/payment_intents' )[0];
		$this->assertSame( '5250', $sent['body']['amount'] );
		$this->assertSame( 'aud', $sent['body']['currency'] );
		$this->assertSame( 'true', $sent['body']['automatic_payment_methods']['enabled'] );
		$this->assertArrayNotHasKey( 'confirm', $sent['body'] );
		$this->assertSame( $request['attemptId'] . ':pi', $sent['headers']['idempotency-key'] );
	}

	public function test_the_same_attempt_gets_the_same_intent_back(): void {
		$request = $this->intent_request();
		$first   = $this->payment_call( 'payment_intent', $request );
		$second  = $this->payment_call( 'payment_intent', array( 'captchaToken' => 'another' ) + $request );

		$this->assertSame( $first->data(), $second->data() );
		$this->assertCount( 1, $this->stripe( 'GET', '/v1/payment_intents', array(), self::SECRET_KEY )['data'] );
	}

	/**
	 * @return array<string, array{array<string, mixed>, array<string, mixed>, string}>
	 */
	public static function refused_intents(): array {
		return array(
			'amount not the total' => array( array( 'amount' => '5000' ), array(), 'amount' ),
			'amount in dollars'    => array( array( 'amount' => '52.50' ), array(), 'amount' ),
			'other currency'       => array( array( 'currency' => 'usd' ), array(), 'currency' ),
			'4-weekly'             => array( array(), array( 'frequency' => '4weekly' ), 'formData.frequency' ),
			'bad form'             => array( array(), array( 'email' => 'nobody' ), 'formData.email' ),
			'no attempt'           => array( array( 'attemptId' => '' ), array(), 'attemptId' ),
		);
	}

	/**
	 * @dataProvider refused_intents
	 */
	public function test_payment_intent_refuses_what_does_not_add_up( array $overrides, array $form, string $field ): void {
		$result = $this->payment_call( 'payment_intent', $this->intent_request( $overrides, $form ) );

		$this->assertAnswer( 400, 'validation', $result );
		$this->assertSame( $field, $result->data()['field'] );
		$this->assertCount( 0, $this->provider_requests( 'stripe' ) );
	}

	public function test_payment_intent_needs_the_captcha(): void {
		$request = $this->intent_request( array( 'captchaToken' => 'stand-in-captcha-fail' ) );
		$this->assertAnswer( 403, 'captcha', $this->payment_call( 'payment_intent', $request ) );
		$this->assertCount( 0, $this->provider_requests( 'stripe' ) );
		$this->assertNull( $this->donation_row( $request['attemptId'] ) );
	}

	public function test_get_charge_id_records_the_confirmed_payment_and_answers_the_charge(): void {
		$request = $this->intent_request();
		$created = $this->payment_call( 'payment_intent', $request );
		$this->assertSame( 'succeeded', $this->confirm_in_browser( $created->data()['client_secret'] )['status'] );

		$result = $this->charge_reference( $created->data()['payment_intent_id'] );

		$this->assertAnswer( 200, '', $result );
		$this->assertMatchesRegularExpression( '/^ch_/', $result->data()['reference'] );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'succeeded', $row['status'] );
		$this->assertSame( $result->data()['reference'], $row['provider_reference'] );
		$this->assertSame( 'card', $row['method'] );
	}

	public function test_the_wallet_type_becomes_the_method(): void {
		$request = $this->intent_request();
		$created = $this->payment_call( 'payment_intent', $request );
		$wallet  = $this->stripe(
			'POST',
			'/v1/payment_methods',
			array(
				'type'            => 'card',
				'card'            => array(
					'number'    => '4242424242424242',
					'exp_month' => '12',
					'exp_year'  => (string) ( (int) gmdate( 'Y' ) + 2 ),
					'cvc'       => '123',
				),
				'stand_in_wallet' => 'google_pay',
			)
		);
		$this->confirm_in_browser( $created->data()['client_secret'], $wallet['id'] );

		$this->assertAnswer( 200, '', $this->charge_reference( $created->data()['payment_intent_id'] ) );
		$this->assertSame( 'google_pay', $this->donation_row( $request['attemptId'] )['method'] );
	}

	public function test_get_charge_id_before_the_wallet_confirmed_is_pending(): void {
		$created = $this->payment_call( 'payment_intent', $this->intent_request() );

		$result = $this->charge_reference( $created->data()['payment_intent_id'] );

		$this->assertAnswer( 202, 'pending', $result );
		$this->assertArrayNotHasKey( 'reference', $result->data() );
	}

	public function test_a_declined_wallet_payment_is_recorded_as_failed(): void {
		$request = $this->intent_request();
		$created = $this->payment_call( 'payment_intent', $request );
		$this->confirm_in_browser( $created->data()['client_secret'], 'pm_card_chargeDeclined' );

		$result = $this->charge_reference( $created->data()['payment_intent_id'] );

		$this->assertAnswer( 200, 'card_error', $result );
		$this->assertSame( 'failed', $this->donation_row( $request['attemptId'] )['status'] );
	}

	public function test_a_payment_intent_this_site_did_not_create_is_not_found(): void {
		$foreign = $this->stripe(
			'POST',
			'/v1/payment_intents',
			array(
				'amount'         => '5250',
				'currency'       => 'aud',
				'payment_method' => 'pm_card_visa',
				'confirm'        => 'true',
			),
			self::SECRET_KEY
		);
		$this->assertSame( 'succeeded', $foreign['status'] );

		$result = $this->charge_reference( $foreign['id'] );

		$this->assertAnswer( 404, 'not_found', $result );
		$this->assertCount( 0, $this->provider_requests( 'stripe', '/v1/payment_intents/' . $foreign['id'], 'GET' ), 'An unknown id is refused without asking Stripe.' );
	}

	public function test_get_charge_id_refuses_a_malformed_id(): void {
		$this->assertAnswer( 400, 'validation', $this->charge_reference( '../v1/charges' ) );
	}
}
