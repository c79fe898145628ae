<?php
/**
 * SPEC §7 call 7: process_paypal_payment.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Payments\PayPal;

use DonationWidget\Donations\Donation;
use DonationWidget\Donations\DonationForm;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Donations\InvalidDonationRequest;
use DonationWidget\Donations\Money;
use DonationWidget\Http\AjaxResult;
use DonationWidget\Http\ProviderUnavailable;
use DonationWidget\Payments\PaymentAnswers;
use DonationWidget\Payments\PaymentCallGuard;
use DonationWidget\Payments\PaymentRequest;

/**
 * Records a one-off PayPal donation. The browser captured the order itself and sends only the
 * capture id, which proves nothing: the capture is read back from PayPal and must be COMPLETED,
 * in AUD, for exactly the donation's total, and never recorded for another donation before (a
 * UNIQUE key in the database settles that, even between servers).
 *
 * The money has already moved when this call arrives, so every refusal still leaves a row (with
 * the capture id the browser claimed, and why it was refused) for the charity to reconcile.
 */
final class PayPalPaymentController {

	private const CAPTURE_ID_PATTERN = '/^[A-Za-z0-9]{5,40}$/';

	/**
	 * Builds the controller.
	 *
	 * @param PayPalClient       $paypal    PayPal.
	 * @param DonationRepository $donations Donation records.
	 * @param PaymentCallGuard   $guard     Rate limit and reCAPTCHA.
	 */
	public function __construct(
		private readonly PayPalClient $paypal,
		private readonly DonationRepository $donations,
		private readonly PaymentCallGuard $guard
	) {
	}

	/**
	 * The process_paypal_payment call: fields transaction_id (the capture id), formData,
	 * attemptId, captchaToken. See PaymentAnswers for the answers.
	 *
	 * @param array<string, mixed> $request POST fields.
	 * @throws InvalidDonationRequest Caught at once: a 4-weekly formData is refused like a bad field.
	 * @throws \RuntimeException      When the attempt's row can neither be written nor read.
	 */
	public function pay( array $request ): AjaxResult {
		$refused = $this->guard->refuse_before_provider( $this->paypal->is_configured() );
		if ( null !== $refused ) {
			return $refused;
		}
		try {
			$attempt_id = PaymentRequest::attempt_id( $request );
			$capture_id = PaymentRequest::provider_id( $request, 'transaction_id', self::CAPTURE_ID_PATTERN );
			$form       = DonationForm::from_json( $request['formData'] ?? null );
			if ( $form->is_four_weekly() ) {
				throw new InvalidDonationRequest( array( 'formData.frequency' => __( 'PayPal is for one-off donations only.', 'donation-widget' ) ) );
			}
		} catch ( InvalidDonationRequest $error ) {
			return PaymentAnswers::invalid( $error );
		}

		$donation = $this->donations->find_by_attempt( $attempt_id );
		if ( null !== $donation ) {
			if ( Donation::PROVIDER_PAYPAL !== $donation->provider() || $capture_id !== $donation->provider_reference() || ! $donation->matches( $form ) ) {
				return PaymentAnswers::conflict( __( 'This payment attempt was already used for a different donation. Please reload the page and try again.', 'donation-widget' ) );
			}
			if ( DonationStatus::is_settled( $donation->status() ) ) {
				return $this->stored_answer( $donation );
			}
		}

		$refused = $this->guard->refuse_without_captcha( $request['captchaToken'] ?? null );
		if ( null === $donation ) {
			$donation = $this->donations->create( $attempt_id, $form, Donation::PROVIDER_PAYPAL, 'paypal', '', array( 'provider_reference' => $capture_id ) )
				?? $this->donations->find_by_attempt( $attempt_id );
			if ( null === $donation ) {
				throw new \RuntimeException( 'The donation row of this attempt could not be written.' );
			}
		}
		if ( null !== $refused ) {
			$this->fail( $donation, 'captcha_failed', "reCAPTCHA refused the call, so PayPal capture {$capture_id} was not checked." );
			return $refused;
		}
		return $this->verify( $donation, $capture_id );
	}

	/**
	 * Reads the capture from PayPal and records the donation as paid only if it checks out.
	 *
	 * @param Donation $donation   The attempt's donation (pending).
	 * @param string   $capture_id The capture id the browser sent.
	 */
	private function verify( Donation $donation, string $capture_id ): AjaxResult {
		try {
			$capture = $this->paypal->capture( $capture_id );
		} catch ( ProviderUnavailable $error ) {
			$this->donations->update( $donation->id(), array( 'failure_reason' => 'provider_unavailable: ' . $error->getMessage() ) );
			return PaymentAnswers::provider_failed( $error );
		}
		$not_confirmed = __( 'We could not confirm your PayPal payment. Please contact us before trying again.', 'donation-widget' );

		if ( null === $capture ) {
			$this->fail( $donation, 'capture_not_found', "PayPal has no capture {$capture_id} for this account." );
			return PaymentAnswers::not_verified( $not_confirmed, 'capture_not_found' );
		}
		$status = $capture->status();
		if ( PayPalCapture::PENDING === $status ) {
			// Not refused: PayPal may still complete it. The row stays pending with the reason.
			$this->donations->update( $donation->id(), array( 'failure_reason' => 'capture_pending: ' . $capture->status_reason() ) );
			return PaymentAnswers::pending( __( 'PayPal is still processing your payment. We will email your receipt once it is complete.', 'donation-widget' ) );
		}
		if ( PayPalCapture::DECLINED === $status || PayPalCapture::FAILED === $status ) {
			$this->fail( $donation, 'capture_declined', "PayPal capture {$capture_id} is {$status}." );
			return PaymentAnswers::card_error( __( 'Your PayPal payment was declined. Please try another payment method.', 'donation-widget' ), 'capture_declined' );
		}
		if ( PayPalCapture::COMPLETED !== $status ) {
			$this->fail( $donation, 'capture_not_completed', "PayPal capture {$capture_id} is {$status}." );
			return PaymentAnswers::not_verified( $not_confirmed, 'capture_not_completed' );
		}

		$value = $capture->value();
		if ( DonationForm::CURRENCY !== $capture->currency() || ! preg_match( '/^[0-9]{1,9}(\.[0-9]{1,2})?$/', $value ) || Money::cents( $value ) !== $donation->total_cents() ) {
			$this->fail( $donation, 'amount_mismatch', "PayPal captured {$value} {$capture->currency()}; the donation is " . Money::dollars( $donation->total_cents() ) . ' ' . DonationForm::CURRENCY . '.' );
			return PaymentAnswers::not_verified( $not_confirmed, 'amount_mismatch' );
		}

		if ( ! $this->donations->claim_reference( Donation::PROVIDER_PAYPAL, $capture_id, $donation->id() ) ) {
			$holder = $this->donations->find_by_reference( Donation::PROVIDER_PAYPAL, $capture_id );
			$this->fail( $donation, 'already_recorded', "PayPal capture {$capture_id} is already recorded for donation #" . ( null !== $holder ? $holder->id() : 0 ) . '.' );
			return PaymentAnswers::conflict( __( 'This PayPal payment has already been recorded.', 'donation-widget' ) );
		}

		$this->donations->move(
			$donation->id(),
			DonationStatus::SUCCEEDED,
			array(
				'provider_reference' => $capture_id,
				'failure_reason'     => '',
			)
		);
		return PaymentAnswers::paid( $capture_id );
	}

	/**
	 * The answer already decided for a settled donation, for a retry of its attempt.
	 *
	 * @param Donation $donation A settled PayPal donation.
	 */
	private function stored_answer( Donation $donation ): AjaxResult {
		if ( DonationStatus::FAILED === $donation->status() ) {
			return PaymentAnswers::card_error( __( 'We could not confirm your PayPal payment. Please contact us before trying again.', 'donation-widget' ), $donation->failure_code() );
		}
		return PaymentAnswers::paid( $donation->provider_reference() );
	}

	/**
	 * Marks the donation failed.
	 *
	 * @param Donation $donation The donation.
	 * @param string   $reason   Machine-readable reason.
	 * @param string   $detail   For the admin.
	 */
	private function fail( Donation $donation, string $reason, string $detail ): void {
		$this->donations->move( $donation->id(), DonationStatus::FAILED, array( 'failure_reason' => $reason . ': ' . $detail ) );
	}
}
