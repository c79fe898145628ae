<?php
/**
 * The payment_intent and get_charge_id calls: express checkout with wallets, finished on the
 * site with the wallet's ConfirmationToken.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Gateways\Stripe;

use DonationWidget\Tests\Integration\PaymentTestCase;
use DonationWidget\Http\AjaxResult;

final class ExpressCheckoutTest extends PaymentTestCase {

	/** Stripe test cards behind the wallet. */
	private const VISA          = '4242424242424242';
	private const DECLINED      = '4000000000000002';
	private const NO_FUNDS      = '4000000000009995';
	private const LOST_CARD     = '4000000000009987';
	private const NEEDS_3DS     = '4000002760003184';
	private const NEEDS_3DS_TOO = '4000000000003220';

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
	 * The charges Stripe made on an intent: one per card the bank was asked about.
	 *
	 * @return list<array<string, mixed>>
	 */
	private function charges_of( string $intent_id ): array {
		return $this->stripe( 'GET', '/v1/charges', array( 'payment_intent' => $intent_id ), self::SECRET_KEY )['data'];
	}

	/**
	 * The site's confirmations of an intent (with a token, or after 3-D Secure), as Stripe received them.
	 *
	 * @return list<array<string, mixed>>
	 */
	private function confirmations_of( string $intent_id ): array {
		return array_values( array_filter( $this->stripe_posts( '/v1/payment_intents/' . $intent_id . '/confirm' ), static fn ( array $request ): bool => str_contains( $request['headers']['authorization'] ?? '', self::SECRET_KEY ) ) );
	}

	/**
	 * The ConfirmationTokens the site (secret key) sent to Stripe, however many times each was
	 * sent: each is one card Stripe was asked to try.
	 *
	 * @return list<string>
	 */
	private function tokens_tried(): array {
		$tokens = array();
		foreach ( $this->provider_requests( 'stripe', '/confirm', 'POST' ) as $request ) {
			$token = $request['body']['confirmation_token'] ?? '';
			if ( '' !== $token && str_contains( $request['headers']['authorization'] ?? '', self::SECRET_KEY ) ) {
				$tokens[ $token ] = true;
			}
		}
		return array_keys( $tokens );
	}

	public function test_payment_intent_makes_a_manual_intent_pays_it_with_the_token_and_records_the_wallet(): void {
		$request = $this->express_request();

		$result = $this->payment_call( 'payment_intent', $request );

		$this->assertAnswer( 200, '', $result );
		$intent_id = $result->data()['payment_intent_id'];
		$this->assertStringStartsWith( $intent_id . '_secret_', $result->data()['client_secret'] );
		$this->assertMatchesRegularExpression( '/^ch_/', $result->data()['reference'] );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( array( 'succeeded', $intent_id, $result->data()['reference'], 'google_pay', '5250', '1' ), array( $row['status'], $row['payment_intent_id'], $row['provider_reference'], $row['method'], $row['total_cents'], $row['payment_tries'] ) );

		$created = $this->stripe_posts( '/v1/payment_intents' )[0];
		$this->assertSame( array( '5250', 'aud', 'manual' ), array( $created['body']['amount'], $created['body']['currency'], $created['body']['confirmation_method'] ) );
		$this->assertSame( array( 'card', 'link' ), $created['body']['allowed_payment_method_types'] );
		$this->assertArrayNotHasKey( 'automatic_payment_methods', $created['body'] );
		$this->assertArrayNotHasKey( 'confirm', $created['body'] );
		$this->assertSame( $request['attemptId'] . ':pi', $created['headers']['idempotency-key'] );
		$confirmed = $this->confirmations_of( $intent_id );
		$this->assertCount( 1, $confirmed );
		$this->assertSame( $request['confirmationToken'], $confirmed[0]['body']['confirmation_token'] );
		$this->assertSame( $request['attemptId'] . ':confirm:' . $request['confirmationToken'], $confirmed[0]['headers']['idempotency-key'] );
	}

	public function test_get_charge_id_answers_the_recorded_charge_without_asking_stripe_again(): void {
		$request = $this->express_request();
		$paid    = $this->payment_call( 'payment_intent', $request );
		$asked   = count( $this->provider_requests( 'stripe' ) );

		$result = $this->charge_reference( $paid->data()['payment_intent_id'] );

		$this->assertAnswer( 200, '', $result );
		$this->assertSame( $paid->data()['reference'], $result->data()['reference'] );
		$this->assertCount( $asked, $this->provider_requests( 'stripe' ) );
	}

	public function test_apple_pay_becomes_the_method(): void {
		$request = $this->express_request( array(), array(), self::VISA, 'apple_pay' );

		$this->assertAnswer( 200, '', $this->payment_call( 'payment_intent', $request ) );
		$this->assertSame( 'apple_pay', $this->donation_row( $request['attemptId'] )['method'] );
	}

	public function test_the_same_attempt_sent_again_is_answered_from_its_record_and_charges_once(): void {
		$request = $this->express_request();
		$first   = $this->payment_call( 'payment_intent', $request );
		$second  = $this->payment_call( 'payment_intent', $this->sent_again( $request ) );

		$this->assertAnswer( 200, '', $second );
		$this->assertSame( $first->data()['reference'], $second->data()['reference'] );
		$this->assertCount( 1, $this->stripe( 'GET', '/v1/payment_intents', array(), self::SECRET_KEY )['data'] );
		$this->assertCount( 1, $this->charges_of( $first->data()['payment_intent_id'] ) );
	}

	/**
	 * @return array<string, array{array<string, mixed>, array<string, mixed>, string}>
	 */
	public static function refused_intents(): array {
		return array(
			'amount not the total'   => array( array( 'amount' => '5000' ), array(), 'amount' ),
			'amount in dollars'      => array( array( 'amount' => '52.50' ), array(), 'amount' ),
			'other currency'         => array( array( 'currency' => 'usd' ), array(), 'currency' ),
			'4-weekly'               => array( array(), array( 'frequency' => '4weekly' ), 'formData.frequency' ),
			'bad form'               => array( array(), array( 'email' => 'nobody' ), 'formData.email' ),
			'no attempt'             => array( array( 'attemptId' => '' ), array(), 'attemptId' ),
			'no token'               => array( array( 'confirmationToken' => '' ), array(), 'confirmationToken' ),
			'a payment method'       => array( array( 'confirmationToken' => 'pm_card_visa' ), array(), 'confirmationToken' ),
			'a token with a payload' => array( array( 'confirmationToken' => 'ctoken_1&confirm=true' ), array(), 'confirmationToken' ),
		);
	}

	/**
	 * @dataProvider refused_intents
	 */
	public function test_payment_intent_refuses_what_does_not_add_up( array $overrides, array $form, string $field ): void {
		$request = $this->express_request( $overrides, $form );
		$result  = $this->payment_call( 'payment_intent', $request );

		$this->assertAnswer( 400, 'validation', $result );
		$this->assertSame( $field, $result->data()['field'] );
		$this->assertCount( 0, $this->provider_requests( 'stripe', '/v1/payment_intents' ) );
		$this->assertNull( $this->donation_row( $request['attemptId'] ) );
	}

	public function test_payment_intent_needs_the_captcha(): void {
		$request = $this->express_request( array( 'captchaToken' => 'stand-in-captcha-fail' ) );
		$this->assertAnswer( 403, 'captcha', $this->payment_call( 'payment_intent', $request ) );
		$this->assertCount( 0, $this->provider_requests( 'stripe', '/v1/payment_intents' ) );
		$this->assertNull( $this->donation_row( $request['attemptId'] ) );
	}

	public function test_a_declined_wallet_card_is_answered_with_the_banks_words_and_recorded_failed(): void {
		$request = $this->express_request( array(), array(), self::DECLINED );

		$result = $this->payment_call( 'payment_intent', $request );

		$this->assertAnswer( 200, 'card_error', $result );
		$this->assertSame( 'Your card was declined.', $result->data()['message'] );
		$this->assertSame( 'generic_decline', $result->data()['decline_code'] );
		$this->assertArrayNotHasKey( 'client_secret', $result->data() );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'failed', $row['status'] );
		$this->assertCount( 1, $this->charges_of( $row['payment_intent_id'] ) );
	}

	public function test_3d_secure_then_get_charge_id_confirms_the_payment_on_the_site(): void {
		$request = $this->express_request( array(), array(), self::NEEDS_3DS );
		$created = $this->payment_call( 'payment_intent', $request );
		$this->assertAnswer( 200, 'requires_action', $created );
		$intent_id = $created->data()['payment_intent_id'];
		$this->assertSame( 'requires_action', $this->donation_row( $request['attemptId'] )['status'] );

		// stripe.handleNextAction in the browser: the bank says yes; the intent waits for the site.
		$this->assertSame( 'requires_confirmation', $this->complete_3ds( $created->data()['client_secret'] )['status'] );
		$result = $this->charge_reference( $intent_id );

		$this->assertAnswer( 200, '', $result );
		$charges = $this->charges_of( $intent_id );
		$this->assertCount( 1, $charges );
		$this->assertSame( $charges[0]['id'], $result->data()['reference'] );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( array( 'succeeded', $charges[0]['id'], 'google_pay', '1' ), array( $row['status'], $row['provider_reference'], $row['method'], $row['payment_tries'] ) );
		$this->assertCount( 2, $this->confirmations_of( $intent_id ), 'The token, then the same card after 3-D Secure.' );
	}

	public function test_failed_3d_secure_is_recorded_failed_by_get_charge_id(): void {
		$request = $this->express_request( array(), array(), self::NEEDS_3DS );
		$created = $this->payment_call( 'payment_intent', $request );
		$this->complete_3ds( $created->data()['client_secret'], 'fail' );

		$result = $this->charge_reference( $created->data()['payment_intent_id'] );

		$this->assertAnswer( 200, 'card_error', $result );
		$this->assertSame( 'Your bank could not confirm this payment. Please try again, or use another card.', $result->data()['message'] );
		$this->assertSame( 'failed', $this->donation_row( $request['attemptId'] )['status'] );
		$this->assertCount( 0, $this->charges_of( $created->data()['payment_intent_id'] ) );
	}

	public function test_get_charge_id_while_the_bank_still_waits_asks_for_3d_secure_again(): void {
		$created = $this->payment_call( 'payment_intent', $this->express_request( array(), array(), self::NEEDS_3DS ) );

		$result = $this->charge_reference( $created->data()['payment_intent_id'] );

		$this->assertAnswer( 200, 'requires_action', $result );
		$this->assertSame( $created->data()['client_secret'], $result->data()['client_secret'] );
	}

	public function test_a_token_stripe_will_not_take_charges_nothing_and_says_so(): void {
		// Used already (on another attempt), or past its hours.
		$first = $this->express_request();
		$this->payment_call( 'payment_intent', $first );
		$reused  = $this->express_request( array( 'confirmationToken' => $first['confirmationToken'] ) );
		$expired = $this->express_request();
		$this->control( 'POST', '/__control/stripe/confirmation_token/expire', array( 'id' => $expired['confirmationToken'] ) );

		foreach ( array( $reused, $expired ) as $request ) {
			$result = $this->payment_call( 'payment_intent', $request );

			$this->assertAnswer( 200, 'card_error', $result );
			$this->assertSame( 'Your card was not charged. Please check your card details and try again.', $result->data()['message'] );
			$row = $this->donation_row( $request['attemptId'] );
			$this->assertSame( 'failed', $row['status'] );
			$this->assertCount( 0, $this->charges_of( $row['payment_intent_id'] ) );
		}
	}

	public function test_try_again_after_every_answer_was_lost_never_charges_twice(): void {
		$request = $this->express_request();
		$another = $this->wallet_token( self::NO_FUNDS );
		$this->queue(
			'stripe',
			'lost_answer',
			array(
				'path'  => '/confirm',
				'times' => 3,
			)
		);

		$lost = $this->payment_call( 'payment_intent', $request );

		$this->assertAnswer( 502, 'server', $lost );
		$this->assertSame( 'unknown', $lost->data()['outcome'] );

		// The widget keeps the attemptId; the donor presses the wallet button again (a new token).
		$again = $this->payment_call( 'payment_intent', $this->sent_again( $request, array( 'confirmationToken' => $another ) ) );

		$this->assertAnswer( 200, '', $again );
		$row     = $this->donation_row( $request['attemptId'] );
		$charges = $this->charges_of( $row['payment_intent_id'] );
		$this->assertCount( 1, $charges, 'The first wallet card was charged once; the second never.' );
		$this->assertSame( array( 'succeeded', $charges[0]['id'] ), array( $row['status'], $row['provider_reference'] ) );
		$this->assertSame( array( $request['confirmationToken'] ), $this->tokens_tried() );
	}

	/**
	 * A card tester with one valid captcha and one counted payment_intent call per try, no
	 * webhook ever delivered: cards whose 3-D Secure it fails itself keep the attempt open, and
	 * it goes on with other cards on the same attempt and on the client secret.
	 */
	public function test_a_card_tester_gets_at_most_three_cards_tried_per_attempt_without_webhooks(): void {
		$request   = $this->express_request( array(), array(), self::NEEDS_3DS );
		$intent_id = '';
		$secret    = '';
		foreach ( array( self::NEEDS_3DS, self::NEEDS_3DS_TOO, self::NEEDS_3DS ) as $try => $card ) {
			$call   = 0 === $try ? $request : $this->sent_again( $request, array( 'confirmationToken' => $this->wallet_token( $card ) ) );
			$answer = $this->payment_call( 'payment_intent', $call );
			$this->assertAnswer( 200, 'requires_action', $answer );
			$intent_id = $answer->data()['payment_intent_id'];
			$secret    = $answer->data()['client_secret'];
			// The tester fails the bank's check itself (all the client secret may do) and goes on.
			$this->assertSame( 'requires_payment_method', $this->complete_3ds( $secret, 'fail' )['status'] );
		}

		// The client secret cannot confirm any card or token, from the browser.
		$stolen = array(
			array( 'payment_method' => 'pm_card_visa' ),
			array( 'confirmation_token' => $this->wallet_token( self::LOST_CARD ) ),
		);
		foreach ( $stolen as $card ) {
			$tried = $this->stripe( 'POST', "/v1/payment_intents/{$intent_id}/confirm", array( 'client_secret' => $secret ) + $card );
			$this->assertSame( 'invalid_request_error', $tried['error']['type'] ?? '' );
			$this->assertStringContainsString( '`confirmation_method` is set to `manual`', $tried['error']['message'] );
		}

		// The fourth and fifth cards, each with its captcha and counted call: never reach Stripe.
		foreach ( array( self::DECLINED, self::VISA ) as $card ) {
			$answer = $this->payment_call( 'payment_intent', $this->sent_again( $request, array( 'confirmationToken' => $this->wallet_token( $card ) ) ) );
			$this->assertAnswer( 200, 'card_error', $answer );
			$this->assertSame( 'This payment was tried with too many cards. Please reload the page to start again.', $answer->data()['message'] );
		}

		$this->assertCount( 3, $this->tokens_tried(), 'Three cards reached Stripe.' );
		$this->assertCount( 0, $this->charges_of( $intent_id ), 'No card was charged.' );
		$this->assertSame( 'canceled', $this->stripe( 'GET', "/v1/payment_intents/{$intent_id}", array(), self::SECRET_KEY )['status'] );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( array( 'failed', '3' ), array( $row['status'], $row['payment_tries'] ) );
		$this->assertAnswer( 200, 'card_error', $this->charge_reference( $intent_id ) );
	}

	/**
	 * Declined cards settle the attempt at once: a further token on it is answered from the
	 * record. Declines whose answers were lost keep it open, and still count.
	 */
	public function test_declined_cards_first_still_get_a_card_tester_at_most_three_tries(): void {
		$declined = $this->express_request( array(), array(), self::DECLINED );
		$this->assertAnswer( 200, 'card_error', $this->payment_call( 'payment_intent', $declined ) );
		$next = $this->payment_call( 'payment_intent', $this->sent_again( $declined, array( 'confirmationToken' => $this->wallet_token( self::VISA ) ) ) );
		$this->assertAnswer( 200, 'card_error', $next );
		$this->assertSame( 'Your card was declined.', $next->data()['message'] );
		$this->assertCount( 1, $this->tokens_tried() );

		$request = $this->express_request( array(), array(), self::DECLINED );
		$tokens  = array( $request['confirmationToken'], $this->wallet_token( self::NO_FUNDS ), $this->wallet_token( self::LOST_CARD ), $this->wallet_token( self::VISA ) );
		// Every answer of the three confirmations is lost (the site sends each three times).
		$this->queue(
			'stripe',
			'lost_answer',
			array(
				'path'  => '/confirm',
				'times' => 9,
			)
		);
		foreach ( array_slice( $tokens, 0, 3 ) as $token ) {
			$this->assertAnswer( 502, 'server', $this->payment_call( 'payment_intent', $this->sent_again( $request, array( 'confirmationToken' => $token ) ) ) );
		}
		$fourth = $this->payment_call( 'payment_intent', $this->sent_again( $request, array( 'confirmationToken' => $tokens[3] ) ) );

		$this->assertAnswer( 200, 'card_error', $fourth );
		$this->assertSame( 'too_many_tries', $fourth->data()['decline_code'] );
		$intent_id = $this->donation_row( $request['attemptId'] )['payment_intent_id'];
		$this->assertCount( 3, $this->charges_of( $intent_id ), 'Three cards tried; the fourth never reached the bank.' );
		$this->assertCount( 4, $this->tokens_tried(), 'One on the first attempt, three on the second.' );
		$this->assertSame( 'canceled', $this->stripe( 'GET', "/v1/payment_intents/{$intent_id}", array(), self::SECRET_KEY )['status'] );
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
