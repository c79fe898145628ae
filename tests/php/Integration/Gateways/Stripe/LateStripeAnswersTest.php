<?php
/**
 * What a donor is told when Stripe's answer comes late, is lost, or is refused because another
 * call of the same attempt paid meanwhile: never "not charged" when charged, and a Try Again of
 * the same attempt charges once.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Gateways\Stripe;

use DonationWidget\Tests\Integration\PaymentTestCase;
use DonationWidget\Http\AjaxResult;

final class LateStripeAnswersTest extends PaymentTestCase {

	/**
	 * Seconds Stripe keeps working on a stalled request: longer than the site's timeout below.
	 */
	private const STALL_MS = 3000;

	private function pay( array $request ): AjaxResult {
		return $this->payment_call( 'process_payment_method', $request );
	}

	/**
	 * A card PaymentMethod made at the stand-in as Stripe.js makes it: a fresh token, as the
	 * widget makes after a reload.
	 */
	private function new_card( string $number = '4242424242424242' ): string {
		$method = $this->stripe(
			'POST',
			'/v1/payment_methods',
			array(
				'type' => 'card',
				'card' => array(
					'number'    => $number,
					'exp_month' => 12,
					'exp_year'  => (int) gmdate( 'Y' ) + 2,
					'cvc'       => '123',
				),
			)
		);
		$this->assertMatchesRegularExpression( '/^pm_/', (string) ( $method['id'] ?? '' ), (string) wp_json_encode( $method ) );
		return $method['id'];
	}

	/**
	 * The succeeded charges Stripe holds for the attempt's PaymentIntents.
	 *
	 * @return list<string> Charge ids.
	 */
	private function charges_of( string $attempt_id ): array {
		$charges = array();
		$intents = $this->stripe( 'GET', '/v1/payment_intents', array( 'limit' => 100 ), self::SECRET_KEY );
		foreach ( $intents['data'] ?? array() as $intent ) {
			if ( ( $intent['metadata']['attempt_id'] ?? '' ) !== $attempt_id ) {
				continue;
			}
			$listed = $this->stripe( 'GET', '/v1/charges', array( 'payment_intent' => $intent['id'] ), self::SECRET_KEY );
			foreach ( $listed['data'] ?? array() as $charge ) {
				if ( 'succeeded' === $charge['status'] ) {
					$charges[] = $charge['id'];
				}
			}
		}
		return $charges;
	}

	/**
	 * Runs $call with every provider request's timeout cut to one second.
	 *
	 * @param callable(): AjaxResult $call The payment call.
	 */
	private function with_one_second_timeout( callable $call ): AjaxResult {
		$short = static function ( array $args ): array {
			$args['timeout'] = 1;
			return $args;
		};
		add_filter( 'http_request_args', $short );
		try {
			return $call();
		} finally {
			remove_filter( 'http_request_args', $short );
		}
	}

	/**
	 * Finding 1 of the fault matrix: Stripe answered slower than the plugin's timeout, so its
	 * retries met 409 idempotency_key_in_use, which the plugin answered as HTTP 409 "This payment
	 * attempt was already used with other card details"; the widget dropped the attempt, and
	 * Try Again started a second PaymentIntent and a second charge.
	 */
	public function test_stripe_still_working_after_the_timeout_leaves_the_attempt_open_and_try_again_charges_once(): void {
		$this->fault(
			array(
				'provider' => 'stripe',
				'method'   => 'POST',
				'path'     => '/v1/payment_intents/:id/confirm',
				'fault'    => 'stall',
				'ms'       => self::STALL_MS,
			)
		);
		$request = $this->card_request( array( 'token' => $this->new_card() ) );

		$first = $this->with_one_second_timeout( fn (): AjaxResult => $this->pay( $request ) );

		// Not known yet: the widget keeps the attempt (outcome unknown) and never says "not charged".
		$this->assertContains( $first->status, array( 502, 504 ), (string) wp_json_encode( $first->body ) );
		$this->assertSame( 'server', $first->type() );
		$this->assertSame( 'unknown', $first->body['data']['outcome'] ?? null );
		$this->assertArrayNotHasKey( 'charged', $first->body['data'] );
		$this->assertSame( 'pending', $this->donation_row( $request['attemptId'] )['status'] );
		// The retries did meet Stripe's 409 while the first confirmation was still running.
		$this->assertContains( 409, array_column( $this->provider_requests( 'stripe', '/confirm', 'POST' ), 'status' ) );

		usleep( ( self::STALL_MS + 500 ) * 1000 );
		// Try Again after the reload: the same attempt, a new card token.
		$again = $this->pay( $this->sent_again( $request, array( 'token' => $this->new_card() ) ) );

		$this->assertAnswer( 200, '', $again );
		$charges = $this->charges_of( $request['attemptId'] );
		$this->assertCount( 1, $charges, 'one charge for the attempt' );
		$this->assertSame( $charges[0], $again->data()['reference'] );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( array( 'succeeded', $charges[0] ), array( $row['status'], $row['provider_reference'] ) );
		// Every create of the attempt carried the one key: one PaymentIntent.
		$keys = array_unique( array_column( array_column( $this->stripe_posts( '/v1/payment_intents' ), 'headers' ), 'idempotency-key' ) );
		$this->assertSame( array( $request['attemptId'] . ':pi' ), array_values( $keys ) );
	}

	/**
	 * Finding 2 of the fault matrix: one attempt sent ten times at once, each with a new card
	 * token. One charge and one row were right, but a late call confirmed the intent another had
	 * already paid, Stripe refused it, and the plugin answered 502 charged:false "The payment
	 * could not be started" to a donor who had paid.
	 */
	public function test_one_attempt_sent_ten_times_at_once_with_new_cards_charges_once_and_no_answer_says_not_charged(): void {
		$request = $this->card_request();
		$calls   = array();
		for ( $i = 0; $i < 10; $i++ ) {
			$calls[] = $this->sent_again( $request, array( 'token' => $this->new_card() ) );
		}

		$this->race_payment_calls(
			'process_payment_method',
			$calls,
			function ( array $answers, array $rows ) use ( $request ): void {
				$charges = $this->charges_of( $request['attemptId'] );
				$this->assertCount( 1, $charges, 'one charge for the attempt: ' . wp_json_encode( $answers ) );
				$this->assertSame(
					array(
						array(
							'attempt_id'         => $request['attemptId'],
							'status'             => 'succeeded',
							'provider_reference' => $charges[0],
						),
					),
					$rows
				);
				foreach ( $answers as $answer ) {
					$said = (string) wp_json_encode( $answer );
					$this->assertNotSame( false, $answer['body']['data']['charged'] ?? null, 'never "not charged": ' . $said );
					if ( 200 === $answer['status'] && '' === $answer['type'] ) {
						$this->assertSame( $charges[0], $answer['body']['data']['reference'], $said );
						continue;
					}
					// Otherwise only "we cannot tell yet", which keeps the attempt for Try Again.
					$this->assertSame( 'unknown', $answer['body']['data']['outcome'] ?? null, $said );
				}
			}
		);
	}
	/**
	 * The same call delivered twice at once (a proxy or a browser retransmitting it to two
	 * servers): one charge, and neither answer says "not charged". The copy finds its captcha
	 * token spent by the original, so it answers with the original's outcome, or that it is not
	 * known yet.
	 */
	public function test_the_same_call_arriving_twice_at_once_charges_once_and_neither_answer_says_not_charged(): void {
		$request = $this->card_request( array( 'token' => $this->new_card() ) );

		$this->race_payment_calls(
			'process_payment_method',
			array( $request, $request ),
			function ( array $answers, array $rows ) use ( $request ): void {
				$charges = $this->charges_of( $request['attemptId'] );
				$this->assertCount( 1, $charges, 'one charge: ' . wp_json_encode( $answers ) );
				$this->assertSame(
					array(
						array(
							'attempt_id'         => $request['attemptId'],
							'status'             => 'succeeded',
							'provider_reference' => $charges[0],
						),
					),
					$rows
				);
				foreach ( $answers as $answer ) {
					$said = (string) wp_json_encode( $answer );
					$this->assertNotSame( false, $answer['body']['data']['charged'] ?? null, 'never "not charged": ' . $said );
					if ( 200 !== $answer['status'] ) {
						$this->assertSame( 'unknown', $answer['body']['data']['outcome'] ?? null, $said );
					}
				}
				$this->assertContains( $charges[0], array_map( static fn ( array $answer ): string => (string) ( $answer['body']['data']['reference'] ?? '' ), $answers ) );
			}
		);
	}
}
