<?php
/**
 * SPEC §7 calls 5 and 6: payment_intent and get_charge_id, the express checkout (wallets).
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
 * Express checkout is one-off only. payment_intent writes the pending donation and creates an
 * unconfirmed PaymentIntent whose client secret the browser confirms with the wallet;
 * get_charge_id then reads the outcome from Stripe (never from the browser) and records it.
 */
final class ExpressCheckoutController {

	private const PAYMENT_INTENT_PATTERN = '/^pi_[A-Za-z0-9_]{1,250}$/';

	/**
	 * Builds the controller.
	 *
	 * @param StripeClient             $stripe     Stripe.
	 * @param DonationRepository       $donations  Donation records.
	 * @param PaymentCallGuard         $guard      Rate limit and reCAPTCHA.
	 * @param StripeDonationSettlement $settlement Records outcomes and builds answers.
	 */
	public function __construct(
		private readonly StripeClient $stripe,
		private readonly DonationRepository $donations,
		private readonly PaymentCallGuard $guard,
		private readonly StripeDonationSettlement $settlement
	) {
	}

	/**
	 * The payment_intent call: fields amount (cents), formData, currency, attemptId, captchaToken.
	 * Answers {success: true, data: {client_secret, payment_intent_id}}.
	 *
	 * @param array<string, mixed> $request POST fields.
	 * @throws \RuntimeException When the attempt's row can neither be written nor read.
	 */
	public function create_intent( array $request ): AjaxResult {
		$refused = $this->guard->refuse_before_provider( $this->stripe->is_configured() );
		if ( null !== $refused ) {
			return $refused;
		}
		try {
			$attempt_id = PaymentRequest::attempt_id( $request );
			$form       = DonationForm::from_json( $request['formData'] ?? null );
			$this->check_amount( $request, $form );
		} catch ( InvalidDonationRequest $error ) {
			return PaymentAnswers::invalid( $error );
		}

		$donation = $this->donations->find_by_attempt( $attempt_id );
		if ( null !== $donation && ( Donation::PROVIDER_STRIPE !== $donation->provider() || ! $donation->matches( $form ) ) ) {
			return PaymentAnswers::conflict( __( 'This payment attempt was already used for a different donation. Please reload the page and try again.', 'donation-widget' ) );
		}
		if ( null !== $donation && DonationStatus::is_settled( $donation->status() ) ) {
			return PaymentAnswers::conflict( __( 'This payment attempt is already finished. Please reload the page to give again.', 'donation-widget' ) );
		}

		$refused = $this->guard->refuse_without_captcha( $request['captchaToken'] ?? null );
		if ( null !== $refused ) {
			return $refused;
		}
		if ( null === $donation ) {
			// The method (google_pay, apple_pay, link …) is known once the wallet has paid.
			$donation = $this->donations->create( $attempt_id, $form, Donation::PROVIDER_STRIPE, '', '' )
				?? $this->donations->find_by_attempt( $attempt_id );
			if ( null === $donation ) {
				throw new \RuntimeException( 'The donation row of this attempt could not be written.' );
			}
		}

		return $this->start_intent( $donation );
	}

	/**
	 * Creates the unconfirmed PaymentIntent of a pending express donation.
	 *
	 * @param Donation $donation The pending donation.
	 */
	private function start_intent( Donation $donation ): AjaxResult {
		$params = array(
			'amount'                    => $donation->total_cents(),
			'currency'                  => strtolower( $donation->currency() ),
			'automatic_payment_methods' => array( 'enabled' => true ),
			'description'               => __( 'One-off donation', 'donation-widget' ),
			'receipt_email'             => $donation->email(),
			'metadata'                  => StripeMetadata::for_donation( $donation ),
		);
		try {
			// Same attempt, same parameters, same key: a retry gets the same PaymentIntent back.
			$intent = new PaymentIntent( $this->stripe->create_payment_intent( $params, StripeMetadata::idempotency_key( $donation, 'pi' ) ) );
		} catch ( StripeError $error ) {
			$this->settlement->record_failure( $donation, $error->reason_code(), $error->stripe_message );
			// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- a refused request is a fault admins must see.
			error_log( 'Donation Widget: Stripe refused an express checkout PaymentIntent: ' . $error->getMessage() );
			return AjaxResult::error( 'server', __( 'The payment could not be started. You have not been charged. Please try again later.', 'donation-widget' ), 502 );
		} catch ( ProviderUnavailable $error ) {
			$this->donations->update( $donation->id(), array( 'failure_reason' => 'provider_unavailable: ' . $error->getMessage() ) );
			return PaymentAnswers::provider_failed( $error );
		}

		$this->donations->update( $donation->id(), array( 'payment_intent_id' => $intent->id() ) );
		return AjaxResult::success(
			array(
				'client_secret'     => $intent->client_secret(),
				'payment_intent_id' => $intent->id(),
			)
		);
	}

	/**
	 * The get_charge_id call: field paymentIntentId (formData and currentUrl are accepted but not
	 * needed: the donation row holds the details). Also used when the donor returns from a wallet
	 * redirect. The PaymentIntent must be one a donation row of this site was made for.
	 *
	 * No captchaToken is sent with this call (SPEC §7) and it charges nothing: it only reads the
	 * outcome from Stripe. It still counts against the rate limit.
	 *
	 * @param array<string, mixed> $request POST fields.
	 */
	public function charge_reference( array $request ): AjaxResult {
		$refused = $this->guard->refuse_before_provider( $this->stripe->is_configured() );
		if ( null !== $refused ) {
			return $refused;
		}
		try {
			$intent_id = PaymentRequest::provider_id( $request, 'paymentIntentId', self::PAYMENT_INTENT_PATTERN );
		} catch ( InvalidDonationRequest $error ) {
			return PaymentAnswers::invalid( $error );
		}

		$donation = $this->donations->find_by_payment_intent( $intent_id );
		if ( null === $donation ) {
			return PaymentAnswers::not_found();
		}
		if ( DonationStatus::SUCCEEDED === $donation->status() && '' !== $donation->provider_reference() && '' !== $donation->method() ) {
			return $this->settlement->stored_answer( $donation );
		}

		try {
			$intent = new PaymentIntent( $this->stripe->retrieve_payment_intent( $intent_id, array( 'latest_charge' ) ) );
		} catch ( StripeError $error ) {
			return PaymentAnswers::not_found();
		} catch ( ProviderUnavailable $error ) {
			return PaymentAnswers::provider_failed( $error );
		}
		if ( $intent->amount() !== $donation->total_cents() || strtolower( $donation->currency() ) !== $intent->currency() ) {
			return PaymentAnswers::conflict( __( 'This payment does not match the donation.', 'donation-widget' ) );
		}
		return $this->settlement->answer( $donation, $intent );
	}

	/**
	 * Checks the amount and currency fields against formData: express checkout is one-off only,
	 * and the amount in cents must be the form's total.
	 *
	 * @param array<string, mixed> $request POST fields.
	 * @param DonationForm         $form    Checked form.
	 * @throws InvalidDonationRequest When they disagree.
	 */
	private function check_amount( array $request, DonationForm $form ): void {
		if ( $form->is_four_weekly() ) {
			throw new InvalidDonationRequest( array( 'formData.frequency' => __( 'Express checkout is for one-off donations only.', 'donation-widget' ) ) );
		}
		$amount = $request['amount'] ?? '';
		if ( ! is_string( $amount ) || ! preg_match( '/^[0-9]{1,10}$/', $amount ) || (int) $amount !== $form->total_cents ) {
			throw new InvalidDonationRequest( array( 'amount' => __( 'The amount does not match the donation total. Please reload the page and try again.', 'donation-widget' ) ) );
		}
		$currency = $request['currency'] ?? '';
		if ( ! is_string( $currency ) || DonationForm::CURRENCY !== strtoupper( $currency ) ) {
			throw new InvalidDonationRequest( array( 'currency' => __( 'Donations are taken in Australian dollars (AUD) only.', 'donation-widget' ) ) );
		}
	}
}
