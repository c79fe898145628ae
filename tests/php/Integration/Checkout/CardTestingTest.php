<?php
/**
 * A card tester's script against every Stripe way to pay, on a site whose webhooks never arrive.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Checkout;

use DonationWidget\Gateways\Stripe\ServerConfirmedIntent;
use DonationWidget\Http\AjaxResult;
use DonationWidget\Tests\Integration\PaymentTestCase;

/**
 * What a card tester gets tried at Stripe, counted from the stand-in's request log and from
 * Stripe's own objects (its events and charges), on the card, BECS, wallet and 4-weekly paths:
 *
 * - for one captcha solved (Google accepts a token once): the attempt sent ten times at once from
 *   separate servers, again one after another while it is open, the token on new attempts, and
 *   the client secret the site answered confirmed with other cards from the browser. Exactly one
 *   card or account reaches Stripe;
 * - for one attempt, whatever captchas the tester solves (a new one for every call): the same
 *   script, declined cards first so each try is spent, with every answer of the site's
 *   confirmations lost so the attempt stays open. At most ServerConfirmedIntent::MAX_TRIES reach
 *   Stripe (how many depends on which server settles the attempt first; every run so far: 3),
 *   the intent is cancelled once they are used, and every answer is in the donor's words.
 *
 * No webhook is ever delivered: the site knows only what its own calls to Stripe tell it.
 */
final class CardTestingTest extends PaymentTestCase {

	/** Servers racing one attempt. */
	private const RACERS = 10;

	/** Stripe test cards: declined at the bank, needing 3-D Secure, and good ones. */
	private const DECLINED_CARDS    = array( '4000000000000002', '4000000000009995', '4000000000009987', '4000000000009979', '4000000000000069', '4000000000000127', '4000000000000341' );
	private const CARDS_NEEDING_3DS = array( '4000002760003184', '4000000000003220', '4000000000003063', '4000002500003155' );
	private const GOOD_CARDS        = array( '4242424242424242', '5555555555554444', '378282246310005', '6011111111111117' );

	/** Stripe's BECS test accounts (BSB 000000): refused at confirmation, and good ones. */
	private const DECLINED_ACCOUNTS = array( '343434343', '121212121' );
	private const GOOD_ACCOUNTS     = array( '000123456', '900123456' );

	/** What the donor is told once the attempt ran out of tries, on each way to pay. */
	private const TOO_MANY_TRIES = array(
		'card'    => 'This payment was tried with too many cards. Please reload the page to start again.',
		'express' => 'This payment was tried with too many cards. Please reload the page to start again.',
		'becs'    => 'too many bank accounts',
	);

	protected function setUp(): void {
		parent::setUp();
		$this->set_settings( array( 'stripe_becs_enabled' => true ) );
	}

	/**
	 * The paths, and what reaches Stripe on each: [ kind, frequency, cards for one captcha
	 * (exactly), cards for one attempt (at most) ]. This is the table the tests assert.
	 *
	 * @return array<string, array{string, string, int, int}>
	 */
	public static function paths(): array {
		return array(
			'card, one-off'  => array( 'card', 'Oneoff', 1, ServerConfirmedIntent::MAX_TRIES ),
			'BECS, one-off'  => array( 'becs', 'Oneoff', 1, ServerConfirmedIntent::MAX_TRIES ),
			'express wallet' => array( 'express', 'Oneoff', 1, ServerConfirmedIntent::MAX_TRIES ),
			'4-weekly card'  => array( 'card', '4weekly', 1, ServerConfirmedIntent::MAX_TRIES ),
			'4-weekly BECS'  => array( 'becs', '4weekly', 1, ServerConfirmedIntent::MAX_TRIES ),
		);
	}

	/**
	 * @dataProvider paths
	 */
	public function test_one_captcha_gets_at_most_three_cards_tried( string $kind, string $frequency, int $cards_per_captcha ): void {
		$captcha  = $this->captcha_token();
		$attempt  = wp_generate_uuid4();
		$has_3ds  = 'becs' !== $kind;
		$openers  = $has_3ds ? $this->instruments( $kind, self::CARDS_NEEDING_3DS, self::RACERS ) : $this->instruments( $kind, self::DECLINED_ACCOUNTS, self::RACERS );
		$calls    = array_map( fn ( string $instrument ): array => $this->call( $kind, $frequency, $attempt, $instrument, $captcha ), $openers );
		$attacker = function () use ( $kind, $frequency, $attempt, $captcha, $has_3ds, $cards_per_captcha ): void {
			// The first call, whichever server it was, was counted. From here on the tester
			// still has only its one token.
			$intent_id = (string) $this->donation_row( $attempt )['payment_intent_id'];
			$this->assertStringStartsWith( 'pi_', $intent_id );

			// One after another while the attempt is open, declined cards first.
			$more = $this->instruments( $kind, $has_3ds ? self::DECLINED_CARDS : self::DECLINED_ACCOUNTS, 4 );
			$more = array_merge( $more, $this->instruments( $kind, $has_3ds ? self::GOOD_CARDS : self::GOOD_ACCOUNTS, 2 ) );
			foreach ( $more as $instrument ) {
				$this->assertRefusedAtTheCaptcha( $this->pay_as( $kind, $this->call( $kind, $frequency, $attempt, $instrument, $captcha ) ) );
				if ( 'card' === $kind ) {
					// As if back from 3-D Secure, naming the intent and yet another card.
					$this->assertRefusedAtTheCaptcha( $this->pay_as( $kind, array( 'paymentIntentId' => $intent_id ) + $this->call( $kind, $frequency, $attempt, $instrument, $captcha ) ) );
				}
			}
			if ( 'express' === $kind ) {
				// get_charge_id carries no captcha: it finishes the card the intent holds, no other.
				for ( $i = 0; $i < 3; $i++ ) {
					$this->assertNotSame( '', $this->payment_call( 'get_charge_id', array( 'paymentIntentId' => $intent_id ) )->type() );
				}
			}

			// The same token on new attempts.
			foreach ( $this->instruments( $kind, $has_3ds ? self::GOOD_CARDS : self::GOOD_ACCOUNTS, 3 ) as $instrument ) {
				$other = wp_generate_uuid4();
				$this->assertRefusedAtTheCaptcha( $this->pay_as( $kind, $this->call( $kind, $frequency, $other, $instrument, $captcha ) ) );
				$this->assertNull( $this->donation_row( $other ) );
			}

			$this->assertTriedAtStripe( $cards_per_captcha, $intent_id );
			$this->assertSame( array(), $this->succeeded_charges(), 'Nothing was charged.' );
		};

		$this->race_payment_calls(
			$this->action( $kind ),
			$calls,
			function ( array $answers, array $rows ) use ( $kind, $has_3ds, $attacker ): void {
				// Google accepted the token once: one server got past it, nine were refused.
				$through = array_values( array_filter( $answers, static fn ( array $answer ): bool => 'captcha' !== $answer['type'] ) );
				$this->assertCount( 1, $through, (string) wp_json_encode( $answers ) );
				foreach ( $answers as $answer ) {
					if ( 'captcha' === $answer['type'] ) {
						$this->assertSame( array( 403, false ), array( $answer['status'], $answer['body']['data']['charged'] ?? null ) );
					}
				}
				$this->assertCount( 1, $rows );
				if ( $has_3ds ) {
					// The bank wants 3-D Secure: the attempt waits, and the browser got the client secret.
					$this->assertSame( array( 200, 'requires_action', 'requires_action' ), array( $through[0]['status'], $through[0]['type'], $rows[0]['status'] ) );
					$secret = $through[0]['body']['data']['client_secret'];
					$this->assertClientSecretConfirmsNoOtherCard( $kind, $secret );
					// The tester fails the bank's check itself (all the client secret may do).
					$this->assertSame( 'requires_payment_method', $this->complete_3ds( $secret, 'fail' )['status'] );
				} else {
					// Stripe refused the account; its answer was lost, so the attempt is still open.
					$this->assertSame( array( 502, 'server', 'unknown', 'pending' ), array( $through[0]['status'], $through[0]['type'], $through[0]['body']['data']['outcome'] ?? '', $rows[0]['status'] ) );
					$this->control( 'DELETE', '/__control/faults' );
					$this->assertIntentIdConfirmsNothing( $kind, (string) $this->donation_row( $rows[0]['attempt_id'] )['payment_intent_id'] );
				}
				$attacker();
			},
			function () use ( $has_3ds ): void {
				if ( ! $has_3ds ) {
					$this->lose_every_confirmation_answer();
				}
			}
		);
	}

	/**
	 * @dataProvider paths
	 */
	public function test_one_attempt_gets_at_most_three_cards_tried_whatever_captchas_it_brings( string $kind, string $frequency, int $cards_per_captcha, int $cards_per_attempt ): void {
		$attempt   = wp_generate_uuid4();
		$has_3ds   = 'becs' !== $kind;
		$declined  = $has_3ds ? self::DECLINED_CARDS : self::DECLINED_ACCOUNTS;
		$good      = $has_3ds ? self::GOOD_CARDS : self::GOOD_ACCOUNTS;
		$calls     = array_map( fn ( string $instrument ): array => $this->call( $kind, $frequency, $attempt, $instrument, $this->captcha_token() ), $this->instruments( $kind, $declined, self::RACERS ) );
		$intent_id = '';
		$secret    = '';
		$opening   = function () use ( $kind, $frequency, $attempt, $has_3ds, $declined, &$intent_id, &$secret ): void {
			if ( $has_3ds ) {
				$first = $this->pay_as( $kind, $this->call( $kind, $frequency, $attempt, $this->instruments( $kind, self::CARDS_NEEDING_3DS, 1 )[0], $this->captcha_token() ) );
				$this->assertAnswer( 200, 'requires_action', $first );
				$intent_id = $first->data()['payment_intent_id'];
				$secret    = $first->data()['client_secret'];
				$this->assertClientSecretConfirmsNoOtherCard( $kind, $secret );
				$this->assertSame( 'requires_payment_method', $this->complete_3ds( $secret, 'fail' )['status'] );
			}
			// From here on Stripe carries out every confirmation of the site's, and every answer
			// is lost: a try leaves the attempt open for the next card.
			$this->lose_every_confirmation_answer();
			if ( ! $has_3ds ) {
				$first = $this->pay_as( $kind, $this->call( $kind, $frequency, $attempt, $this->instruments( $kind, $declined, 1 )[0], $this->captcha_token() ) );
				$this->assertAnswer( 502, 'server', $first );
				$intent_id = (string) $this->donation_row( $attempt )['payment_intent_id'];
			}
		};

		$this->race_payment_calls(
			$this->action( $kind ),
			$calls,
			function ( array $raced ) use ( $kind, $frequency, $attempt, $has_3ds, $declined, $good, $cards_per_attempt, &$intent_id, &$secret ): void {
				$this->assertLessThanOrEqual( $cards_per_attempt, count( $this->tried_in_requests() ), 'After the race: ' . wp_json_encode( $raced ) );
				$answers = $raced;

				// One after another, each with a new captcha: declined cards, then good ones (and,
				// on the card paths, each again as if back from 3-D Secure, naming the intent).
				$more = array_merge( $this->instruments( $kind, $declined, 3 ), $this->instruments( $kind, $good, 3 ) );
				foreach ( $more as $instrument ) {
					$answers[] = $this->answer_of( $this->pay_as( $kind, $this->call( $kind, $frequency, $attempt, $instrument, $this->captcha_token() ) ) );
					if ( 'card' === $kind ) {
						$answers[] = $this->answer_of( $this->pay_as( $kind, array( 'paymentIntentId' => $intent_id ) + $this->call( $kind, $frequency, $attempt, $instrument, $this->captcha_token() ) ) );
					}
				}
				if ( 'express' === $kind ) {
					$answers[] = $this->answer_of( $this->payment_call( 'get_charge_id', array( 'paymentIntentId' => $intent_id ) ) );
				}
				// Sent once more, the settled attempt is answered from its record.
				$again     = $this->pay_as( $kind, $this->call( $kind, $frequency, $attempt, $this->instruments( $kind, $good, 1 )[0], $this->captcha_token() ) );
				$answers[] = $this->answer_of( $again );
				$this->assertAnswer( 200, 'card_error', $again );

				// Every answer in the donor's words: "not known yet", or the card error. The tries
				// ran out (too many cards) or a decline settled the attempt first.
				$ran_out = false;
				foreach ( $answers as $answer ) {
					$said = (string) wp_json_encode( $answer );
					$this->assertContains( $answer['type'], array( 'server', 'card_error' ), $said );
					if ( 'server' === $answer['type'] ) {
						$this->assertSame( 'unknown', $answer['body']['data']['outcome'] ?? '', $said );
						continue;
					}
					$this->assertNotSame( 'provider_unavailable', $answer['body']['data']['decline_code'] ?? '', $said );
					$this->assertDoesNotMatchRegularExpression( '/stripe:|cURL|HTTP \d/', $answer['body']['data']['message'], 'Staff detail shown to the donor: ' . $said );
					if ( 'too_many_tries' === ( $answer['body']['data']['decline_code'] ?? '' ) ) {
						$ran_out = true;
						$this->assertStringContainsString( self::TOO_MANY_TRIES[ $kind ], $answer['body']['data']['message'] );
					}
				}

				// Nothing left to confirm with, from the browser either.
				$this->control( 'DELETE', '/__control/faults' );
				if ( $has_3ds ) {
					$this->assertClientSecretConfirmsNoOtherCard( $kind, $secret );
				}
				$this->assertIntentIdConfirmsNothing( $kind, $intent_id );

				$tried = count( $this->tried_in_requests() );
				$this->assertGreaterThanOrEqual( 1, $tried );
				$this->assertTriedAtStripe( $tried, $intent_id );
				$this->assertLessThanOrEqual( $cards_per_attempt, $tried );
				$row = $this->donation_row( $attempt );
				$this->assertSame( 'failed', $row['status'] );
				$this->assertLessThanOrEqual( ServerConfirmedIntent::MAX_TRIES, (int) $row['payment_tries'] );
				$this->assertGreaterThanOrEqual( $tried, (int) $row['payment_tries'], 'Each card that reached Stripe was a try counted.' );
				if ( $ran_out ) {
					$this->assertSame( 'canceled', $this->stripe( 'GET', "/v1/payment_intents/{$intent_id}", array(), self::SECRET_KEY )['status'] );
				}
				$this->assertSame( array( $intent_id ), array_column( $this->stripe( 'GET', '/v1/payment_intents', array(), self::SECRET_KEY )['data'], 'id' ), 'One intent for the attempt.' );
				$this->assertSame( array(), $this->succeeded_charges(), 'Nothing was charged.' );
				$this->assertSame( array(), $this->stripe( 'GET', '/v1/subscriptions', array( 'status' => 'all' ), self::SECRET_KEY )['data'], 'No subscription.' );
				$this->assertSame( array(), $this->stripe_posts( '/v1/setup_intents' ), 'No card or account saved another way.' );
				$this->assertSame( '', $row['subscription_id'] );
			},
			$opening
		);
	}

	/**
	 * An answer as race_payment_calls() reports a raced one.
	 *
	 * @return array{status: int, type: string, body: array<string, mixed>}
	 */
	private function answer_of( AjaxResult $result ): array {
		return array(
			'status' => $result->status,
			'type'   => $result->type(),
			'body'   => $result->body,
		);
	}

	/**
	 * The admin-ajax action of a way to pay.
	 */
	private function action( string $kind ): string {
		return array(
			'card'    => 'process_payment_method',
			'becs'    => 'process_becs_debit',
			'express' => 'payment_intent',
		)[ $kind ];
	}

	private function pay_as( string $kind, array $request ): AjaxResult {
		return $this->payment_call( $this->action( $kind ), $request );
	}

	/**
	 * A payment call as the widget makes it.
	 *
	 * @param string $kind       card, becs or express.
	 * @param string $frequency  Oneoff or 4weekly.
	 * @param string $attempt_id The attempt.
	 * @param string $instrument The pm_… (card, bank account) or ctoken_… (wallet).
	 * @param string $captcha    The captcha token.
	 * @return array<string, mixed>
	 */
	private function call( string $kind, string $frequency, string $attempt_id, string $instrument, string $captcha ): array {
		$fields = array(
			'formData'     => $this->form_data( array( 'frequency' => $frequency ) ),
			'attemptId'    => $attempt_id,
			'captchaToken' => $captcha,
		);
		if ( 'express' === $kind ) {
			return $fields + array(
				'amount'            => '5250',
				'currency'          => 'aud',
				'confirmationToken' => $instrument,
			);
		}
		$fields += array(
			'token'      => $instrument,
			'currentUrl' => 'http://127.0.0.1:8891/donate/',
		);
		return 'becs' === $kind ? $fields + array( 'mandateAccepted' => '1' ) : $fields + array( 'cardId' => $instrument );
	}

	/**
	 * New cards or bank accounts, as the browser makes them (Stripe.js, publishable key): each
	 * one a card the tester wants tried, taken from $numbers in turn.
	 *
	 * @param string       $kind    card, becs or express.
	 * @param list<string> $numbers Card or account numbers.
	 * @param int          $count   How many.
	 * @return list<string> pm_… or ctoken_… ids.
	 */
	private function instruments( string $kind, array $numbers, int $count ): array {
		$made = array();
		for ( $i = 0; $i < $count; $i++ ) {
			$number = $numbers[ $i % count( $numbers ) ];
			if ( 'express' === $kind ) {
				$made[] = $this->wallet_token( $number );
				continue;
			}
			$method = $this->stripe(
				'POST',
				'/v1/payment_methods',
				'becs' === $kind
					? array(
						'type'            => 'au_becs_debit',
						'au_becs_debit'   => array(
							'bsb_number'     => '000000',
							'account_number' => $number,
						),
						'billing_details' => array(
							'name'  => "Jane O'Brien-Citizen",
							'email' => 'jane.citizen@example.org.au',
						),
					)
					: array(
						'type' => 'card',
						'card' => array(
							'number'    => $number,
							'exp_month' => '12',
							'exp_year'  => (string) ( (int) gmdate( 'Y' ) + 2 ),
							'cvc'       => '123',
						),
					)
			);
			$this->assertStringStartsWith( 'pm_', $method['id'] ?? '', (string) wp_json_encode( $method ) );
			$made[] = $method['id'];
		}
		return $made;
	}

	/**
	 * Stripe carries out every confirmation of the site's from now on, and every answer is lost.
	 */
	private function lose_every_confirmation_answer(): void {
		$this->fault(
			array(
				'provider' => 'stripe',
				'method'   => 'POST',
				'path'     => '/v1/payment_intents/:id/confirm',
				'fault'    => 'lose_answer',
				'times'    => 1000,
			)
		);
	}

	/**
	 * The client secret the site answered, straight at Stripe with the publishable key as
	 * Stripe.js would send it: no other card, token or wallet is tried with it.
	 */
	private function assertClientSecretConfirmsNoOtherCard( string $kind, string $secret ): void {
		$this->assertStringContainsString( '_secret_', $secret );
		$intent_id = substr( $secret, 0, (int) strpos( $secret, '_secret_' ) );
		$tries     = array();
		foreach ( $this->instruments( 'card', array_merge( self::GOOD_CARDS, self::DECLINED_CARDS ), 4 ) as $card ) {
			$tries[] = array( 'payment_method' => $card );
		}
		$tries[] = array( 'payment_method' => 'pm_card_visa' );
		if ( 'express' === $kind ) {
			$tries[] = array( 'confirmation_token' => $this->wallet_token( self::GOOD_CARDS[1] ) );
		}
		foreach ( $tries as $try ) {
			$tried = $this->stripe( 'POST', "/v1/payment_intents/{$intent_id}/confirm", array( 'client_secret' => $secret ) + $try );
			$this->assertSame( 'invalid_request_error', $tried['error']['type'] ?? '', (string) wp_json_encode( $tried ) );
		}
	}

	/**
	 * The intent's id alone (no client secret left the site for it, or it is cancelled) lets
	 * nobody confirm it from the browser.
	 */
	private function assertIntentIdConfirmsNothing( string $kind, string $intent_id ): void {
		$instrument = $this->instruments( 'becs' === $kind ? 'becs' : 'card', 'becs' === $kind ? self::GOOD_ACCOUNTS : self::GOOD_CARDS, 1 )[0];
		$tried      = $this->stripe( 'POST', "/v1/payment_intents/{$intent_id}/confirm", array( 'payment_method' => $instrument ) );
		$this->assertSame( 'invalid_request_error', $tried['error']['type'] ?? '', (string) wp_json_encode( $tried ) );
	}

	/**
	 * Asserts how many cards or accounts reached Stripe, counted twice: from the stand-in's
	 * request log and from Stripe's own objects.
	 *
	 * @param int    $expected  How many.
	 * @param string $intent_id The attempt's intent.
	 */
	private function assertTriedAtStripe( int $expected, string $intent_id ): void {
		$requests = $this->tried_in_requests();
		$objects  = $this->tried_in_objects();
		$this->assertLessThanOrEqual( ServerConfirmedIntent::MAX_TRIES, count( $requests ) );
		$this->assertSame(
			array( $expected, $expected ),
			array( count( $requests ), count( $objects ) ),
			'Cards that reached Stripe: ' . implode( ', ', $requests ) . ' (its objects show ' . implode( ', ', $objects ) . ')'
		);
		$this->assertSame( $objects, $this->tried_in_objects( $intent_id ), 'All on the attempt\'s one intent.' );
	}

	/**
	 * The cards, bank accounts and wallet tokens Stripe was given to use, by anyone (the site's
	 * secret key or a browser's publishable key): every pm_… or ctoken_… a request named that
	 * Stripe carried out (answered 200 or 402, or carried out with its answer lost). Making a
	 * PaymentMethod or a ConfirmationToken asks no bank, so those requests are left out.
	 *
	 * @return list<string>
	 */
	private function tried_in_requests(): array {
		$tried = array();
		foreach ( $this->provider_requests( 'stripe', '', 'POST' ) as $request ) {
			if ( in_array( $request['provider_path'], array( '/v1/payment_methods', '/v1/confirmation_tokens' ), true ) ) {
				continue;
			}
			$status = 'lost' === $request['status'] ? ( $request['answered'] ?? 0 ) : $request['status'];
			if ( ! in_array( (int) $status, array( 200, 402 ), true ) ) {
				continue;
			}
			$named = array();
			preg_match_all( '/\b(?:pm|ctoken)_\w+/', $request['provider_path'], $named );
			$values = $named[0];
			if ( is_array( $request['body'] ) ) {
				array_walk_recursive(
					$request['body'],
					static function ( $value ) use ( &$values ): void {
						$values[] = $value;
					}
				);
			}
			foreach ( $values as $value ) {
				if ( is_string( $value ) && 1 === preg_match( '/^(?:pm|ctoken)_\w+$/', $value ) ) {
					$tried[ $value ] = true;
				}
			}
		}
		return array_keys( $tried );
	}

	/**
	 * The payment methods Stripe's own objects show it put to a bank: every PaymentIntent event
	 * (each try is a requires_action, processing, succeeded or payment_failed naming it) and
	 * every charge.
	 *
	 * @param string $intent_id Only this intent's; '' for all.
	 * @return list<string>
	 */
	private function tried_in_objects( string $intent_id = '' ): array {
		$tried = array();
		$note  = static function ( $method ) use ( &$tried ): void {
			$id = is_array( $method ) ? ( $method['id'] ?? '' ) : (string) $method;
			if ( '' !== $id ) {
				$tried[ $id ] = true;
			}
		};
		foreach ( $this->control( 'GET', '/__control/stripe/events' )['body'] as $event ) {
			$object = $event['data']['object'];
			if ( str_starts_with( $event['type'], 'payment_intent.' ) && ( '' === $intent_id || $object['id'] === $intent_id ) ) {
				$note( $object['payment_method'] ?? null );
				$note( $object['last_payment_error']['payment_method'] ?? null );
			}
		}
		foreach ( $this->stripe( 'GET', '/v1/charges', array( 'limit' => 100 ), self::SECRET_KEY )['data'] as $charge ) {
			if ( '' === $intent_id || $charge['payment_intent'] === $intent_id ) {
				$note( $charge['payment_method'] ?? null );
			}
		}
		ksort( $tried );
		return array_keys( $tried );
	}

	/**
	 * @return list<string> The charges Stripe made that succeeded.
	 */
	private function succeeded_charges(): array {
		$charges = $this->stripe( 'GET', '/v1/charges', array( 'limit' => 100 ), self::SECRET_KEY )['data'];
		return array_column( array_filter( $charges, static fn ( array $charge ): bool => 'succeeded' === $charge['status'] ), 'id' );
	}

	private function assertRefusedAtTheCaptcha( AjaxResult $answer ): void {
		$this->assertAnswer( 403, 'captcha', $answer );
		$this->assertFalse( $answer->data()['charged'] );
	}
}
