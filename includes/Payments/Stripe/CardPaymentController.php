<?php
/**
 * SPEC §7 call 4: process_payment_method, the card donation.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Payments\Stripe;

use DonationWidget\Donations\Donation;
use DonationWidget\Donations\DonationForm;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Donations\InvalidDonationRequest;
use DonationWidget\Http\AjaxResult;
use DonationWidget\Http\ProviderUnavailable;
use DonationWidget\Payments\PaymentAnswers;
use DonationWidget\Payments\PaymentCallGuard;
use DonationWidget\Payments\PaymentRequest;

/**
 * Takes a card donation, one-off or 4-weekly, from the Stripe PaymentMethod the widget made.
 *
 * Order of work: rate limit; field checks (formData per SPEC §5); the attempt's existing row,
 * whose settled outcome is answered again without calling anyone; reCAPTCHA; the pending row,
 * written before Stripe is called; then Stripe. A retry of the same attemptId reuses the row and
 * Stripe's Idempotency-Keys, so it can never charge twice. After 3-D Secure the widget posts
 * again with paymentIntentId, and the payment is finished from Stripe's copy of that intent.
 */
final class CardPaymentController {

	private const PAYMENT_METHOD_PATTERN = '/^pm_[A-Za-z0-9_]{1,250}$/';

	private const PAYMENT_INTENT_PATTERN = '/^pi_[A-Za-z0-9_]{1,250}$/';

	/**
	 * Builds the controller.
	 *
	 * @param StripeClient             $stripe      Stripe.
	 * @param DonationRepository       $donations   Donation records.
	 * @param PaymentCallGuard         $guard       Rate limit and reCAPTCHA.
	 * @param OneOffCardPayment        $one_off     One-off payments.
	 * @param FourWeeklySubscription   $four_weekly 4-weekly subscriptions.
	 * @param StripeDonationSettlement $settlement  Records outcomes and builds answers.
	 */
	public function __construct(
		private readonly StripeClient $stripe,
		private readonly DonationRepository $donations,
		private readonly PaymentCallGuard $guard,
		private readonly OneOffCardPayment $one_off,
		private readonly FourWeeklySubscription $four_weekly,
		private readonly StripeDonationSettlement $settlement
	) {
	}

	/**
	 * The process_payment_method call.
	 *
	 * Fields: token (pm_…), cardId, formData (JSON, SPEC §3.4), currentUrl, attemptId (UUID),
	 * captchaToken, and after 3-D Secure paymentIntentId. See PaymentAnswers for the answers.
	 *
	 * @param array<string, mixed> $request POST fields.
	 * @throws \RuntimeException When the attempt's row can neither be written nor read.
	 */
	public function pay( array $request ): AjaxResult {
		$refused = $this->guard->refuse_before_provider( $this->stripe->is_configured() );
		if ( null !== $refused ) {
			return $refused;
		}
		try {
			$attempt_id     = PaymentRequest::attempt_id( $request );
			$payment_method = PaymentRequest::provider_id( $request, 'token', self::PAYMENT_METHOD_PATTERN );
			$intent_id      = PaymentRequest::provider_id( $request, 'paymentIntentId', self::PAYMENT_INTENT_PATTERN, false );
			$form           = DonationForm::from_json( $request['formData'] ?? null );
			$page_url       = PaymentRequest::page_url( $request );
		} catch ( InvalidDonationRequest $error ) {
			return PaymentAnswers::invalid( $error );
		}

		$donation = $this->donations->find_by_attempt( $attempt_id );
		if ( null !== $donation ) {
			if ( Donation::PROVIDER_STRIPE !== $donation->provider() || ! $donation->matches( $form ) ) {
				return PaymentAnswers::conflict( __( 'This payment attempt was already used for a different donation. Please reload the page and try again.', 'donation-widget' ) );
			}
			if ( DonationStatus::is_settled( $donation->status() ) ) {
				return $this->settlement->stored_answer( $donation );
			}
		} elseif ( '' !== $intent_id ) {
			return PaymentAnswers::conflict( __( 'This payment does not belong to this payment attempt.', 'donation-widget' ) );
		}

		$refused = $this->guard->refuse_without_captcha( $request['captchaToken'] ?? null );
		if ( null !== $refused ) {
			return $refused;
		}

		if ( null === $donation ) {
			// Null from create() means another request for this attempt wrote the row first.
			$donation = $this->donations->create( $attempt_id, $form, Donation::PROVIDER_STRIPE, 'card', $page_url )
				?? $this->donations->find_by_attempt( $attempt_id );
			if ( null === $donation ) {
				throw new \RuntimeException( 'The donation row of this attempt could not be written.' );
			}
		}
		return $this->take_payment( $donation, $payment_method, $intent_id );
	}

	/**
	 * Charges (or finishes charging) a pending donation, turning Stripe's errors into answers.
	 *
	 * @param Donation $donation       The attempt's donation, pending or requires_action.
	 * @param string   $payment_method The pm_… id.
	 * @param string   $intent_id      The pi_… id after 3-D Secure, else ''.
	 */
	private function take_payment( Donation $donation, string $payment_method, string $intent_id ): AjaxResult {
		try {
			return $this->charge( $donation, $payment_method, $intent_id );
		} catch ( StripeCardError $error ) {
			return $this->settlement->answer_card_error( $this->fresh( $donation ), $error );
		} catch ( StripeRequestError $error ) {
			return $this->refused( $this->fresh( $donation ), $error );
		} catch ( ProviderUnavailable $error ) {
			// Not failed: Stripe may have taken the payment. The row stays pending; a retry of
			// this attempt (same Idempotency-Keys) or a webhook settles it.
			$this->donations->update( $donation->id(), array( 'failure_reason' => 'provider_unavailable: ' . $error->getMessage() ) );
			return PaymentAnswers::provider_failed( $error );
		}
	}

	/**
	 * Charges (or finishes charging) a pending donation.
	 *
	 * Lets StripeCardError, StripeRequestError and ProviderUnavailable through to take_payment().
	 *
	 * @param Donation $donation       The attempt's donation, pending or requires_action.
	 * @param string   $payment_method The pm_… id.
	 * @param string   $intent_id      The pi_… id after 3-D Secure, else ''.
	 */
	private function charge( Donation $donation, string $payment_method, string $intent_id ): AjaxResult {
		if ( '' !== $intent_id ) {
			return $this->finish_authentication( $donation, $intent_id );
		}
		if ( '' !== $donation->payment_intent_id() ) {
			// A retry of an attempt that already reached Stripe: carry on from its intent.
			return $this->settlement->answer( $donation, new PaymentIntent( $this->stripe->retrieve_payment_intent( $donation->payment_intent_id() ) ) );
		}
		$intent = $donation->is_four_weekly()
			? $this->four_weekly->start( $donation, $payment_method )
			: $this->one_off->charge( $donation, $payment_method );
		return $this->settlement->answer( $this->fresh( $donation ), $intent );
	}

	/**
	 * Finishes a payment after the browser ran 3-D Secure.
	 *
	 * Lets Stripe's errors through to take_payment().
	 *
	 * @param Donation $donation  The attempt's donation.
	 * @param string   $intent_id The pi_… id the widget sent back.
	 */
	private function finish_authentication( Donation $donation, string $intent_id ): AjaxResult {
		if ( $intent_id !== $donation->payment_intent_id() ) {
			return PaymentAnswers::conflict( __( 'This payment does not belong to this payment attempt.', 'donation-widget' ) );
		}
		$intent = new PaymentIntent( $this->stripe->retrieve_payment_intent( $intent_id ) );
		if ( $intent->amount() !== $donation->total_cents() || strtolower( $donation->currency() ) !== $intent->currency() ) {
			return PaymentAnswers::conflict( __( 'This payment does not match the donation.', 'donation-widget' ) );
		}
		return $this->settlement->answer( $donation, $intent );
	}

	/**
	 * The answer when Stripe refused a request. Nothing was charged.
	 *
	 * @param Donation           $donation The donation.
	 * @param StripeRequestError $error    What Stripe said.
	 */
	private function refused( Donation $donation, StripeRequestError $error ): AjaxResult {
		if ( $error->is_idempotency_conflict() ) {
			return PaymentAnswers::conflict( __( 'This payment attempt was already used with other card details. Please try again.', 'donation-widget' ) );
		}
		$this->settlement->record_failure( $donation, $error->reason_code(), $error->stripe_message );
		if ( str_starts_with( $error->param, 'payment_method' ) || str_starts_with( $error->param, 'default_payment_method' ) ) {
			// The card token is unknown or already used: entering the card again makes a new one.
			return PaymentAnswers::card_error( __( 'Your card was not charged. Please check your card details and try again.', 'donation-widget' ), $error->reason_code() );
		}
		// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- a refused request is a fault admins must see.
		error_log( 'Donation Widget: Stripe refused a payment request: ' . $error->getMessage() );
		return AjaxResult::error( 'server', __( 'The payment could not be started. You have not been charged. Please try again later.', 'donation-widget' ), 502 );
	}

	/**
	 * The donation as stored now (its Stripe ids may have been saved meanwhile).
	 *
	 * @param Donation $donation The donation as read earlier.
	 */
	private function fresh( Donation $donation ): Donation {
		return $this->donations->find( $donation->id() ) ?? $donation;
	}
}
