<?php
/**
 * A PaymentIntent that only the site confirms.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Checkout\DonationLedger;
use DonationWidget\Donations\Donation;
use DonationWidget\Http\ProviderUnavailable;

/**
 * Card, bank-debit and express checkout (wallet) one-off donations, and a 4-weekly donation's
 * first gift (with its own parameters: FourWeeklySubscription::first_payment()), are paid in two
 * steps, both from the site:
 *
 * 1. the PaymentIntent is made for the donation (confirmation_method manual, so the browser can
 *    run 3-D Secure with its client secret but never try another card with it), its parameters
 *    all from the stored donation, so every retry of the attempt sends the same request under
 *    the same Idempotency-Key and gets the same intent; its id is kept on the record at once;
 * 2. it is confirmed with the donor's payment method (or the ConfirmationToken that makes one),
 *    under a key naming it.
 *
 * So a lost answer is safe at either step: the retried request replays Stripe's first answer,
 * and a Try Again of the attempt finds the intent by the id kept, however it ended. Each
 * confirmation with a new payment method or token is one try, counted on the donation: after MAX_TRIES
 * the intent is cancelled, so a card tester gets at most that many cards tried per attempt,
 * whatever they do with the client secret.
 */
final class ServerConfirmedIntent {

	/** Payment methods one attempt may try. */
	public const MAX_TRIES = 3;

	/**
	 * Builds it.
	 *
	 * @param StripeClient    $stripe    Stripe.
	 * @param DonationLedger  $ledger    Keeps the intent's id and counts the tries.
	 * @param IntentCanceller $canceller Cancels an intent whose tries are used up.
	 */
	public function __construct(
		private readonly StripeClient $stripe,
		private readonly DonationLedger $ledger,
		private readonly IntentCanceller $canceller
	) {
	}

	/**
	 * The donation's PaymentIntent: the one its record names, else a new one.
	 *
	 * Also lets StripeRequestError through when Stripe refuses the request.
	 *
	 * @param Donation             $donation The donation.
	 * @param array<string, mixed> $params   The method's own parameters (allowed_payment_method_types …).
	 * @throws ProviderUnavailable When Stripe cannot be reached, fails or answers without an id.
	 */
	public function of( Donation $donation, array $params ): PaymentIntent {
		if ( '' !== $donation->payment_intent_id() ) {
			return new PaymentIntent( $this->stripe->retrieve_payment_intent( $donation->payment_intent_id() ) );
		}
		$intent = new PaymentIntent(
			$this->stripe->create_payment_intent(
				$params + array(
					'amount'              => $donation->total_cents(),
					'currency'            => strtolower( $donation->currency() ),
					'confirmation_method' => 'manual',
					'description'         => __( 'One-off donation', 'donation-widget' ),
					'receipt_email'       => $donation->email(),
					'metadata'            => StripeMetadata::for_donation( $donation ),
				),
				StripeMetadata::idempotency_key( $donation, 'pi' )
			)
		);
		if ( '' === $intent->id() ) {
			throw new ProviderUnavailable( 'stripe', 'bad_answer', 'A PaymentIntent without an id.' );
		}
		$this->ledger->keep_ids( $donation, array( 'payment_intent_id' => $intent->id() ) );
		return $intent;
	}

	/**
	 * Confirms the intent with a payment method. Confirming again with the method it already
	 * holds (after 3-D Secure) is the same try; a new method is a new try, refused (and the
	 * intent cancelled) once MAX_TRIES were made.
	 *
	 * A refusal because another call for the attempt paid the intent meanwhile is answered with
	 * that payment (paid_meanwhile()). Lets StripeCardError through when the payment method is
	 * declined, and ProviderUnavailable when Stripe cannot be reached or fails.
	 *
	 * @param Donation             $donation       The donation.
	 * @param PaymentIntent        $intent         Its intent, not yet paid.
	 * @param string               $payment_method The pm_… id.
	 * @param array<string, mixed> $params         More confirm parameters (return_url, mandate_data).
	 * @return PaymentIntent|null The intent after confirming; null when the tries are used up.
	 * @throws StripeRequestError When Stripe refuses the request.
	 */
	public function confirm( Donation $donation, PaymentIntent $intent, string $payment_method, array $params = array() ): ?PaymentIntent {
		$new_method = $payment_method !== $intent->payment_method_id();
		if ( $new_method && ! $this->ledger->take_payment_try( $donation, self::MAX_TRIES ) ) {
			$this->canceller->cancel( $donation, $intent );
			return null;
		}
		return $this->send_confirmation( $donation, $intent, array( 'payment_method' => $payment_method ) + $params, 'confirm:' . $payment_method . ( $new_method ? '' : ':' . $intent->status() ) );
	}

	/**
	 * Finishes an intent after the browser ran 3-D Secure: with manual confirmation it waits in
	 * requires_confirmation, and only the site may attempt the payment, with the payment method
	 * it holds (the same try). Any other intent is returned as it is.
	 *
	 * Lets StripeCardError through when the card is declined, and ProviderUnavailable when
	 * Stripe cannot be reached or fails.
	 *
	 * @param Donation             $donation The donation.
	 * @param PaymentIntent        $intent   Its intent, as Stripe has it now.
	 * @param array<string, mixed> $params   More confirm parameters (return_url).
	 * @return PaymentIntent|null The intent; null when this attempt has tried too many cards.
	 * @throws StripeRequestError When Stripe refuses the request.
	 */
	public function finish_authenticated( Donation $donation, PaymentIntent $intent, array $params = array() ): ?PaymentIntent {
		if ( PaymentIntent::REQUIRES_CONFIRMATION !== $intent->status() || ! $intent->is_confirmed_by_server() ) {
			return $intent;
		}
		return $this->confirm( $donation, $intent, $intent->payment_method_id(), $params );
	}

	/**
	 * Sends the confirmation. A refusal because another call for the attempt paid the intent
	 * meanwhile is answered with that payment (paid_meanwhile()); other refusals go up.
	 *
	 * Lets StripeCardError through when the card is declined, and ProviderUnavailable when
	 * Stripe cannot be reached or fails.
	 *
	 * @param Donation             $donation The donation.
	 * @param PaymentIntent        $intent   Its intent.
	 * @param array<string, mixed> $params   What to confirm it with.
	 * @param string               $step     The idempotency step.
	 * @throws StripeRequestError When Stripe refuses the request.
	 */
	private function send_confirmation( Donation $donation, PaymentIntent $intent, array $params, string $step ): PaymentIntent {
		try {
			return new PaymentIntent(
				$this->stripe->post(
					'/v1/payment_intents/' . rawurlencode( $intent->id() ) . '/confirm',
					// The charge with its balance transaction: how the donor paid, and Stripe's fee
					// (IntentOutcomes passes it on when the payment succeeded).
					$params + array( 'expand' => array( 'latest_charge.balance_transaction' ) ),
					StripeMetadata::idempotency_key( $donation, $step )
				)
			);
		} catch ( StripeRequestError $refusal ) {
			return $this->paid_meanwhile( $intent ) ?? throw $refusal;
		}
	}

	/**
	 * The intent, when another call for the same attempt (a second server, a double click, a
	 * Try Again) paid it, or set it paying, while this one was on its way: Stripe then refuses
	 * this confirmation (payment_intent_unexpected_state), and that refusal is late news, not the
	 * outcome. Null when the intent is still waiting for a card, so the refusal stands.
	 *
	 * @param PaymentIntent $intent The intent this call tried to confirm.
	 * @throws ProviderUnavailable When Stripe cannot be asked now (the outcome is then not known).
	 */
	private function paid_meanwhile( PaymentIntent $intent ): ?PaymentIntent {
		try {
			$now = new PaymentIntent( $this->stripe->retrieve_payment_intent( $intent->id(), array( 'latest_charge.balance_transaction' ) ) );
		} catch ( StripeRequestError $error ) {
			return null;
		}
		$under_way = array( PaymentIntent::SUCCEEDED, PaymentIntent::PROCESSING, PaymentIntent::REQUIRES_CAPTURE, PaymentIntent::REQUIRES_ACTION );
		return in_array( $now->status(), $under_way, true ) ? $now : null;
	}

	/**
	 * Confirms the intent with a ConfirmationToken (Stripe.js's createConfirmationToken, as the
	 * express checkout sends it): Stripe makes the payment method from it. A token is
	 * single-use, so each one is a new try, refused (and the intent cancelled) once MAX_TRIES
	 * were made. Finishing after 3-D Secure confirms with the payment method the token made
	 * (confirm()), which is not a new try.
	 *
	 * Lets StripeCardError through when the card is declined, StripeRequestError when Stripe
	 * refuses the request (an unknown, used or expired token), and ProviderUnavailable when
	 * Stripe cannot be reached or fails.
	 *
	 * @param Donation             $donation           The donation.
	 * @param PaymentIntent        $intent             Its intent, not yet paid.
	 * @param string               $confirmation_token The ctoken_… id.
	 * @param array<string, mixed> $params             More confirm parameters.
	 * @return PaymentIntent|null The intent after confirming; null when the tries are used up.
	 */
	public function confirm_with_token( Donation $donation, PaymentIntent $intent, string $confirmation_token, array $params = array() ): ?PaymentIntent {
		if ( ! $this->ledger->take_payment_try( $donation, self::MAX_TRIES ) ) {
			$this->canceller->cancel( $donation, $intent );
			return null;
		}
		return $this->send_confirmation( $donation, $intent, array( 'confirmation_token' => $confirmation_token ) + $params, 'confirm:' . $confirmation_token );
	}
}
