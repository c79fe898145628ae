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
use DonationWidget\Gateways\Stripe\StripeClient;
use DonationWidget\Gateways\Stripe\StripeError;
use DonationWidget\Gateways\Stripe\StripeMetadata;
use DonationWidget\Gateways\Stripe\StripePaymentLookup;
use DonationWidget\Gateways\Stripe\StripeGateway;

/**
 * Express checkout is one-off only. payment_intent writes the pending donation and creates an
 * unconfirmed PaymentIntent whose client secret the browser confirms with the wallet;
 * get_charge_id then reads the outcome from Stripe (never from the browser) and records it.
 */
final class ExpressCheckout implements FollowUpCall {

	private const PAYMENT_INTENT_PATTERN = '/^pi_[A-Za-z0-9_]{1,250}$/';

	/**
	 * Builds the method.
	 *
	 * @param StripeClient        $stripe   Stripe.
	 * @param IntentOutcomes      $outcomes Reads Stripe's answers.
	 * @param StripePaymentLookup $lookup   Finds the payment of an open donation.
	 * @param IntentCanceller     $canceller Stops the intent after a failed try (the browser
	 *                                       confirms it, so a card tester could go on).
	 */
	public function __construct(
		private readonly StripeClient $stripe,
		private readonly IntentOutcomes $outcomes,
		private readonly StripePaymentLookup $lookup,
		private readonly IntentCanceller $canceller
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
	 * Fields amount (cents) and currency, which must agree with formData: express checkout is
	 * one-off only, and the amount in cents must be the form's total.
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
		if ( ! is_string( $amount ) || ! preg_match( '/^[0-9]{1,10}$/', $amount ) || (int) $amount !== $form->total_cents ) {
			throw new InvalidDonationRequest( array( 'amount' => esc_html__( 'The amount does not match the donation total. Please reload the page and try again.', 'donation-widget' ) ) );
		}
		$currency = $request['currency'] ?? '';
		if ( ! is_string( $currency ) || DonationForm::CURRENCY !== strtoupper( $currency ) ) {
			throw new InvalidDonationRequest( array( 'currency' => esc_html__( 'Donations are taken in Australian dollars (AUD) only.', 'donation-widget' ) ) );
		}
		return new PaymentInput();
	}

	/**
	 * Creates the unconfirmed PaymentIntent of a pending express donation.
	 *
	 * @param Donation     $donation The pending donation.
	 * @param PaymentInput $input    Nothing more is needed.
	 */
	public function pay( Donation $donation, PaymentInput $input ): PaymentOutcome {
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
			// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- a refused request is a fault admins must see.
			error_log( 'Donation Widget: Stripe refused an express checkout PaymentIntent: ' . $error->getMessage() );
			return PaymentOutcome::refused( $error->reason_code(), $error->stripe_message );
		}
		return PaymentOutcome::confirm_in_browser( $intent->client_secret(), $intent->id() );
	}

	/**
	 * A finished attempt is not started again: the donor reloads to give again.
	 *
	 * @param Donation $donation A settled donation.
	 */
	public function replay( Donation $donation ): PaymentOutcome {
		return PaymentOutcome::conflict( __( 'This payment attempt is already finished. Please reload the page to give again.', 'donation-widget' ) );
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
	 * wallet used is known; not_found when Stripe has no payment for it.
	 *
	 * @param Donation $donation The open donation.
	 */
	public function settle( Donation $donation ): PaymentOutcome {
		$intent = $this->lookup->intent_of( $donation, array( 'latest_charge' ) );
		if ( null === $intent ) {
			return PaymentOutcome::not_found();
		}
		if ( ! IntentOutcomes::matches( $donation, $intent ) ) {
			return PaymentOutcome::conflict( __( 'This payment does not match the donation.', 'donation-widget' ) );
		}
		$this->canceller->after_failed_try( $donation, $intent );
		return $this->outcomes->of( $donation, $intent );
	}
}
