<?php
/**
 * A card tester against the 4-weekly paths of a site whose webhooks never arrive: one attempt
 * (one captcha) gets at most ServerConfirmedIntent::MAX_TRIES cards or bank accounts tried.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Gateways\Stripe;

use DonationWidget\Gateways\Stripe\ServerConfirmedIntent;
use DonationWidget\Http\AjaxResult;
use DonationWidget\Tests\Integration\PaymentTestCase;

/**
 * No test here delivers a webhook: the site learns only what its own calls to Stripe tell it.
 */
final class FourWeeklyCardTestingTest extends PaymentTestCase {

	protected function setUp(): void {
		parent::setUp();
		$this->set_settings( array( 'stripe_becs_enabled' => true ) );
	}

	private function secret( string $method, string $path, array $params = array() ): array {
		return $this->stripe( $method, $path, $params, self::SECRET_KEY );
	}

	/**
	 * The payment methods Stripe tried in this test, whoever asked: those of every confirmation
	 * Stripe carried out (answered 200 or 402, or carried out with its answer lost).
	 *
	 * @return list<string>
	 */
	private function tried_at_stripe(): array {
		$tried = array();
		foreach ( $this->provider_requests( 'stripe', '/confirm', 'POST' ) as $request ) {
			$status = 'lost' === $request['status'] ? ( $request['answered'] ?? 0 ) : $request['status'];
			$method = $request['body']['payment_method'] ?? '';
			if ( is_string( $method ) && '' !== $method && in_array( (int) $status, array( 200, 402 ), true ) ) {
				$tried[ $method ] = true;
			}
		}
		return array_keys( $tried );
	}

	/**
	 * The payment methods Stripe's own events show put to the bank for an intent (each try is
	 * a requires_action, processing, succeeded or payment_failed naming its payment method).
	 *
	 * @return list<string>
	 */
	private function tried_in_events( string $intent_id ): array {
		$tried = array();
		foreach ( $this->control( 'GET', '/__control/stripe/events' )['body'] as $event ) {
			$intent = $event['data']['object'];
			if ( ! str_starts_with( $event['type'], 'payment_intent.' ) || ( $intent['id'] ?? '' ) !== $intent_id ) {
				continue;
			}
			foreach ( array( $intent['payment_method'] ?? null, $intent['last_payment_error']['payment_method'] ?? null ) as $method ) {
				$id = is_array( $method ) ? ( $method['id'] ?? '' ) : (string) $method;
				if ( '' !== $id ) {
					$tried[ $id ] = true;
				}
			}
		}
		return array_keys( $tried );
	}

	private function card_call( array $request ): AjaxResult {
		return $this->payment_call( 'process_payment_method', $request );
	}

	public function test_a_4_weekly_3d_secure_client_secret_and_the_same_attempt_try_at_most_three_cards(): void {
		$request = $this->card_request( array( 'token' => 'pm_card_authenticationRequired' ), array( 'frequency' => '4weekly' ) );
		$first   = $this->card_call( $request );
		$this->assertAnswer( 200, 'requires_action', $first );
		$secret    = $first->data()['client_secret'];
		$intent_id = $first->data()['payment_intent_id'];

		// Straight at Stripe with the publishable key, as Stripe.js would: every card refused.
		$cards = array( 'pm_card_visa', 'pm_card_mastercard', 'pm_card_amex', 'pm_card_chargeDeclined', 'pm_card_chargeDeclinedInsufficientFunds', 'pm_card_au', 'pm_card_discover' );
		foreach ( $cards as $card ) {
			$tried = $this->stripe(
				'POST',
				"/v1/payment_intents/{$intent_id}/confirm",
				array(
					'client_secret'  => $secret,
					'payment_method' => $card,
				)
			);
			$this->assertSame( 'invalid_request_error', $tried['error']['type'] ?? '', "{$card} was tried through the client secret." );
		}

		// Through the site, on the same attempt: after each challenge is failed in the browser,
		// another call with another card (and continuations naming yet another one).
		$answers = array();
		foreach ( array( 'pm_card_threeDSecure2Required', 'pm_card_threeDSecureRequired', 'pm_card_authenticationRequiredOnSetup' ) as $card ) {
			$this->assertAnswer(
				200,
				'requires_action',
				$this->card_call(
					$this->sent_again(
						$request,
						array(
							'paymentIntentId' => $intent_id,
							'token'           => 'pm_card_mastercard',
						)
					)
				)
			);
			$this->complete_3ds( $secret, 'fail' );
			$answers[] = $this->card_call( $this->sent_again( $request, array( 'token' => $card ) ) );
		}
		foreach ( $cards as $card ) {
			$answers[] = $this->card_call( $this->sent_again( $request, array( 'token' => $card ) ) );
			$answers[] = $this->card_call(
				$this->sent_again(
					$request,
					array(
						'paymentIntentId' => $intent_id,
						'token'           => $card,
					)
				)
			);
			$this->stripe(
				'POST',
				"/v1/payment_intents/{$intent_id}/confirm",
				array(
					'client_secret'  => $secret,
					'payment_method' => $card,
				)
			);
		}

		$this->assertSame( array( 'requires_action', 'requires_action' ), array( $answers[0]->type(), $answers[1]->type() ), 'The second and third cards were tried.' );
		$this->assertAnswer( 200, 'card_error', $answers[2] );
		$this->assertSame( 'too_many_tries', $answers[2]->data()['decline_code'], 'The fourth card never reached Stripe.' );
		foreach ( array_slice( $answers, 3 ) as $answer ) {
			$this->assertSame( array( 'card_error', 'too_many_tries' ), array( $answer->type(), $answer->data()['decline_code'] ?? '' ), 'The attempt is over.' );
		}

		$tried = $this->tried_at_stripe();
		$this->assertCount( ServerConfirmedIntent::MAX_TRIES, $tried, 'At most three cards reached Stripe: ' . implode( ', ', $tried ) );
		$this->assertSame( array( 'pm_card_authenticationRequired', 'pm_card_threeDSecure2Required', 'pm_card_threeDSecureRequired' ), $tried );
		$this->assertCount( ServerConfirmedIntent::MAX_TRIES, $this->tried_in_events( $intent_id ), 'Stripe\'s own events agree.' );
		$this->assertSame( 'canceled', $this->secret( 'GET', "/v1/payment_intents/{$intent_id}" )['status'] );
		$this->assertSame( array( $intent_id ), array_column( $this->secret( 'GET', '/v1/payment_intents' )['data'], 'id' ), 'One intent for the attempt.' );
		$this->assertSame( array(), $this->secret( 'GET', '/v1/charges' )['data'], 'Nothing charged.' );
		$this->assertSame( array(), $this->secret( 'GET', '/v1/subscriptions', array( 'status' => 'all' ) )['data'], 'No subscription.' );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( array( 'failed', (string) ServerConfirmedIntent::MAX_TRIES, '' ), array( $row['status'], $row['payment_tries'], $row['subscription_id'] ) );
	}

	public function test_a_4_weekly_bank_debit_attempt_tries_at_most_three_accounts(): void {
		// Three test accounts the bank refuses at once, then two good ones.
		$accounts = array();
		foreach ( array( '343434343', '121212121', '343434343', '000123456', '000123456' ) as $number ) {
			$accounts[] = $this->becs_request( $number, array(), array( 'frequency' => '4weekly' ) )['token'];
		}
		$request = array( 'token' => $accounts[0] ) + $this->becs_request( '000123456', array(), array( 'frequency' => '4weekly' ) );

		// Stripe carries out every confirmation, and every answer to the site is lost: the
		// attempt stays open for the next account.
		$this->queue(
			'stripe',
			'lost_answer',
			array(
				'path'  => '/confirm',
				'times' => 3 * ServerConfirmedIntent::MAX_TRIES,
			)
		);
		$answers = array();
		foreach ( $accounts as $account ) {
			$answers[] = $this->payment_call( 'process_becs_debit', $this->sent_again( $request, array( 'token' => $account ) ) );
		}
		$intent_id = $this->donation_row( $request['attemptId'] )['payment_intent_id'];
		// No client secret left the site; the intent's id alone lets nobody confirm it.
		$direct = $this->stripe( 'POST', "/v1/payment_intents/{$intent_id}/confirm", array( 'payment_method' => $accounts[4] ) );
		$this->assertSame( 'invalid_request_error', $direct['error']['type'] ?? '' );

		foreach ( array_slice( $answers, 0, 3 ) as $answer ) {
			$this->assertAnswer( 502, 'server', $answer );
		}
		$this->assertAnswer( 200, 'card_error', $answers[3] );
		$this->assertSame( 'too_many_tries', $answers[3]->data()['decline_code'] );
		$this->assertStringContainsString( 'too many bank accounts', $answers[3]->data()['message'] );
		$this->assertSame( 'too_many_tries', $answers[4]->data()['decline_code'] ?? '', 'The attempt is over.' );
		$this->assertStringContainsString( 'too many bank accounts', $answers[4]->data()['message'], 'A retry of the settled attempt says so again, not "check your BSB".' );

		$tried = $this->tried_at_stripe();
		$this->assertSame( array_slice( $accounts, 0, ServerConfirmedIntent::MAX_TRIES ), $tried, 'At most three accounts reached Stripe.' );
		$this->assertCount( ServerConfirmedIntent::MAX_TRIES, $this->tried_in_events( $intent_id ), 'Stripe\'s own events agree.' );
		$this->assertSame( 'canceled', $this->secret( 'GET', "/v1/payment_intents/{$intent_id}" )['status'] );
		$this->assertSame( array( $intent_id ), array_column( $this->secret( 'GET', '/v1/payment_intents' )['data'], 'id' ), 'One intent for the attempt.' );
		$this->assertSame( array(), $this->stripe_posts( '/v1/setup_intents' ) );
		$this->assertSame( array(), $this->secret( 'GET', '/v1/subscriptions', array( 'status' => 'all' ) )['data'], 'No subscription.' );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( array( 'failed', (string) ServerConfirmedIntent::MAX_TRIES ), array( $row['status'], $row['payment_tries'] ) );
	}
}
