<?php
/**
 * Per docs/widget-contract.md#7-the-calls-it-makes calls 5 and 6: payment_intent and get_charge_id, the express checkout (wallets).
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe\Express;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Checkout\FollowUpCall;
use DonationWidget\Checkout\PaymentInput;
use DonationWidget\Checkout\PaymentOutcome;
use DonationWidget\Checkout\PaymentRequest;
use DonationWidget\Donations\Donation;
use DonationWidget\Donations\DonationForm;
use DonationWidget\Donations\InvalidDonationRequest;
use DonationWidget\Gateways\Stripe\IntentCanceller;
use DonationWidget\Gateways\Stripe\IntentOutcomes;
use DonationWidget\Gateways\Stripe\PaymentIntent;
use DonationWidget\Gateways\Stripe\ServerConfirmedIntent;
use DonationWidget\Gateways\Stripe\StripeCardError;
use DonationWidget\Gateways\Stripe\StripeClient;
use DonationWidget\Gateways\Stripe\StripePaymentLookup;
use DonationWidget\Gateways\Stripe\StripeRequestError;
use DonationWidget\Gateways\Stripe\StripeGateway;

/**
 * Express checkout is one-off only, and finished on the site (Stripe's "finalize payments on the
 * server" flow). The browser turns the wallet sheet into a ConfirmationToken
 * (stripe.createConfirmationToken) and sends it with payment_intent; the site writes the pending
 * donation, makes its PaymentIntent (confirmation_method manual: its client secret can run
 * 3-D Secure but never confirm, so never try another card) and confirms it with the token: one
 * try, counted on the donation (ServerConfirmedIntent, at most MAX_TRIES per attempt, webhooks or
 * not). The answer hands the browser the client secret, for 3-D Secure
 * (stripe.handleNextAction) when the bank wants it; get_charge_id then reads the outcome from
 * Stripe (never from the browser), confirms an intent the donor has since authenticated, and
 * records it. How the donor paid (google_pay, apple_pay, link) comes from the charge.
 */
final class ExpressCheckout implements FollowUpCall {

	private const PAYMENT_INTENT_PATTERN = '/^pi_[A-Za-z0-9_]{1,250}$/';

	private const CONFIRMATION_TOKEN_PATTERN = '/^ctoken_[A-Za-z0-9_]{1,250}$/';

	/**
	 * What the Express Checkout Element's wallets pay with: Apple Pay and Google Pay are cards,
	 * Link is its own type (the Elements group offers the same: ExpressMethod.tsx).
	 */
	private const PAYMENT_METHOD_TYPES = array( 'card', 'link' );

	/**
	 * Builds the method.
	 *
	 * @param StripeClient          $stripe    Stripe.
	 * @param IntentOutcomes        $outcomes  Reads Stripe's answers.
	 * @param StripePaymentLookup   $lookup    Finds the payment of an open donation.
	 * @param IntentCanceller       $canceller Stops an intent the browser may confirm (one made
	 *                                         before express payments were confirmed on the site)
	 *                                         after a failed try.
	 * @param ServerConfirmedIntent $intents   Makes and confirms the intent, counting the tries.
	 */
	public function __construct(
		private readonly StripeClient $stripe,
		private readonly IntentOutcomes $outcomes,
		private readonly StripePaymentLookup $lookup,
		private readonly IntentCanceller $canceller,
		private readonly ServerConfirmedIntent $intents
	) {
	}

	/**
	 * {@inheritDoc}
	 */
	public function id(): string {
		return 'express_checkout';
	}

	/**
	 * {@inheritDoc}
	 */
	public function action(): string {
		return 'payment_intent';
	}

	/**
	 * {@inheritDoc}
	 */
	public function follow_up_action(): string {
		return 'get_charge_id';
	}

	/**
	 * {@inheritDoc}
	 */
	public function provider(): string {
		return StripeGateway::ID;
	}

	/**
	 * The wallet (google_pay, apple_pay, link …) is known once it has paid.
	 */
	public function method(): string {
		return '';
	}

	/**
	 * {@inheritDoc}
	 */
	public function is_available(): bool {
		return $this->stripe->is_configured();
	}

	/**
	 * {@inheritDoc}
	 */
	public function names(): array {
		return array(
			'google_pay' => __( 'Google Pay', 'donation-widget' ),
			'apple_pay'  => __( 'Apple Pay', 'donation-widget' ),
			'link'       => __( 'Link', 'donation-widget' ),
		);
	}

	/**
	 * Fields amount (cents) and currency, which must agree with formData (express checkout is
	 * one-off only, and the amount in cents must be the form's total), and confirmationToken, the
	 * ctoken_… Stripe.js made from the wallet sheet.
	 *
	 * @param array<string, mixed> $request POST fields.
	 * @param DonationForm         $form    The checked formData.
	 * @throws InvalidDonationRequest When they disagree.
	 */
	public function read( array $request, DonationForm $form ): PaymentInput {
		if ( $form->is_four_weekly() ) {
			throw new InvalidDonationRequest( array( 'formData.frequency' => esc_html__( 'Express checkout is for one-off donations only.', 'donation-widget' ) ) );
		}
		$amount = $request['amount'] ?? '';
		if ( ! is_string( $amount ) || ! preg_match( '/^[0-9]{1,10}$/D', $amount ) || (int) $amount !== $form->total_cents ) {
			throw new InvalidDonationRequest( array( 'amount' => esc_html__( 'The amount does not match the donation total. Please reload the page and try again.', 'donation-widget' ) ) );
		}
		$currency = $request['currency'] ?? '';
		if ( ! is_string( $currency ) || DonationForm::CURRENCY !== strtoupper( $currency ) ) {
			throw new InvalidDonationRequest( array( 'currency' => esc_html__( 'Donations are taken in Australian dollars (AUD) only.', 'donation-widget' ) ) );
		}
		return new PaymentInput(
			array( 'confirmation_token' => PaymentRequest::provider_id( $request, 'confirmationToken', self::CONFIRMATION_TOKEN_PATTERN ) )
		);
	}

	/**
	 * Pays the pending donation with the wallet's ConfirmationToken: its intent (the one its record
	 * names on a retry), confirmed with the token unless it was paid, or is being paid, already.
	 * The outcome carries the client secret the browser goes on with.
	 *
	 * @param Donation     $donation The attempt's donation.
	 * @param PaymentInput $input    The ConfirmationToken.
	 */
	public function pay( Donation $donation, PaymentInput $input ): PaymentOutcome {
		try {
			return $this->charge( $donation, $input->field( 'confirmation_token' ) );
		} catch ( StripeCardError $error ) {
			return $this->outcomes->of_card_error( $donation, $error );
		} catch ( StripeRequestError $error ) {
			return self::of_refusal( $error );
		}
	}

	/**
	 * Charges (or finishes charging) the donation; Stripe's errors go up to pay().
	 *
	 * @param Donation $donation           The attempt's donation.
	 * @param string   $confirmation_token The ctoken_… id.
	 */
	private function charge( Donation $donation, string $confirmation_token ): PaymentOutcome {
		// Same attempt, same parameters, same key: a retry gets the same PaymentIntent back.
		$intent = $this->intents->of( $donation, array( 'allowed_payment_method_types' => self::PAYMENT_METHOD_TYPES ) );
		if ( ! IntentOutcomes::matches( $donation, $intent ) ) {
			return PaymentOutcome::conflict( __( 'This payment does not match the donation.', 'donation-widget' ) );
		}
		if ( PaymentIntent::REQUIRES_PAYMENT_METHOD === $intent->status() ) {
			$intent = $this->intents->confirm_with_token( $donation, $intent, $confirmation_token );
			if ( null === $intent ) {
				return IntentOutcomes::too_many_tries();
			}
		} else {
			// A retried attempt whose intent was paid or is being paid: never again; one the
			// donor authenticated meanwhile is finished as get_charge_id would.
			$intent = ( $this->intents->finish_authenticated( $donation, $intent ) ?? $intent );
		}
		$outcome = $this->outcomes->of( $donation, $intent );
		return PaymentOutcome::REQUIRES_ACTION === $outcome->kind ? $outcome : $outcome->with_client_secret( $intent->client_secret() );
	}

	/**
	 * The outcome already recorded, for a retry of a settled attempt (its answer may have been
	 * lost after the site charged the wallet).
	 *
	 * @param Donation $donation A settled donation.
	 */
	public function replay( Donation $donation ): PaymentOutcome {
		return IntentOutcomes::recorded( $donation );
	}

	/**
	 * The paymentIntentId of get_charge_id (formData and currentUrl are accepted but not needed:
	 * the donation record holds the details). Also sent when the donor returns from a wallet
	 * redirect.
	 *
	 * @param array<string, mixed> $request POST fields.
	 */
	public function followed_payment( array $request ): string {
		return PaymentRequest::provider_id( $request, 'paymentIntentId', self::PAYMENT_INTENT_PATTERN );
	}

	/**
	 * Reads the outcome from Stripe's copy of the PaymentIntent, its charge expanded so the
	 * wallet used is known; an intent the donor authenticated (3-D Secure) is confirmed now, as
	 * the donor asked. not_found when Stripe has no payment for it.
	 *
	 * @param Donation $donation The open donation.
	 */
	public function settle( Donation $donation ): PaymentOutcome {
		try {
			$intent = $this->lookup->intent_of( $donation, array( 'latest_charge' ) );
			if ( null === $intent ) {
				return PaymentOutcome::not_found();
			}
			if ( ! IntentOutcomes::matches( $donation, $intent ) ) {
				return PaymentOutcome::conflict( __( 'This payment does not match the donation.', 'donation-widget' ) );
			}
			$this->canceller->after_failed_try( $donation, $intent );
			return $this->outcomes->of( $donation, ( $this->intents->finish_authenticated( $donation, $intent ) ?? $intent ) );
		} catch ( StripeCardError $error ) {
			return $this->outcomes->of_card_error( $donation, $error );
		} catch ( StripeRequestError $error ) {
			return IntentOutcomes::of_refusal( $error );
		}
	}

	/**
	 * The outcome when Stripe refused the confirmation. A ConfirmationToken it would not take
	 * (unknown, used already, expired after its hours) charged nothing, and a new press of the
	 * wallet button makes a new one: the donor is told so under the buttons.
	 *
	 * @param StripeRequestError $error What Stripe said.
	 */
	private static function of_refusal( StripeRequestError $error ): PaymentOutcome {
		if ( str_starts_with( $error->param, 'confirmation_token' ) ) {
			return PaymentOutcome::declined( $error->reason_code(), __( 'Your card was not charged. Please check your card details and try again.', 'donation-widget' ), $error->stripe_message );
		}
		return IntentOutcomes::of_refusal( $error );
	}
}
