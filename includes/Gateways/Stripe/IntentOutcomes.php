<?php
/**
 * What a Stripe PaymentIntent, or Stripe's refusal, means for a donation.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Checkout\PaymentOutcome;
use DonationWidget\Donations\Donation;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Http\ProviderUnavailable;

/**
 * One reading of Stripe's answers for every Stripe way to pay and for Stripe's webhooks alike,
 * so both paths record a payment the same way whichever arrives first.
 */
final class IntentOutcomes {

	/** Why an attempt that tried ServerConfirmedIntent::MAX_TRIES cards failed. */
	private const TOO_MANY_TRIES = 'too_many_tries';

	/**
	 * Builds the reader.
	 *
	 * @param StripeClient $stripe Stripe, to learn how a wallet payment was made.
	 */
	public function __construct( private readonly StripeClient $stripe ) {
	}

	/**
	 * The outcome a PaymentIntent's state stands for.
	 *
	 * @param Donation      $donation The donation it pays for.
	 * @param PaymentIntent $intent   Its current state at Stripe.
	 */
	public function of( Donation $donation, PaymentIntent $intent ): PaymentOutcome {
		switch ( $intent->status() ) {
			case PaymentIntent::SUCCEEDED:
				self::report_charge( $donation, $intent );
				return PaymentOutcome::paid( $intent->latest_charge_id(), $intent->id(), $this->method_of( $donation, $intent ) );
			case PaymentIntent::REQUIRES_ACTION:
				return PaymentOutcome::requires_action( $intent->client_secret(), $intent->id() );
			case PaymentIntent::REQUIRES_PAYMENT_METHOD:
			case PaymentIntent::CANCELED:
				if ( $intent->has_failed_attempt() || PaymentIntent::CANCELED === $intent->status() ) {
					$reason = '' !== $intent->last_error_reason() ? $intent->last_error_reason() : $intent->status();
					return PaymentOutcome::declined(
						$reason,
						self::donor_message( $intent->last_error_type(), $intent->last_error_reason(), $intent->last_error_message() ),
						$intent->last_error_message(),
						$intent->id()
					);
				}
		}
		// processing, requires_capture: money on its way; requires_confirmation, or
		// requires_payment_method before any attempt: nothing happens until the donor confirms.
		// Neither is final; a webhook or the reconciliation pass completes it.
		$awaits_donor = in_array( $intent->status(), array( PaymentIntent::REQUIRES_PAYMENT_METHOD, PaymentIntent::REQUIRES_CONFIRMATION ), true );
		return PaymentOutcome::processing( __( 'Your payment is still being processed. We will email your receipt once it is complete.', 'donation-widget' ), $intent->id(), awaits_donor: $awaits_donor );
	}

	/**
	 * The outcome of a card error Stripe raised, with or without a PaymentIntent (such as a
	 * card that cannot be saved for 4-weekly giving).
	 *
	 * @param Donation        $donation The donation.
	 * @param StripeCardError $error    What Stripe said.
	 */
	public function of_card_error( Donation $donation, StripeCardError $error ): PaymentOutcome {
		$intent = $error->payment_intent();
		if ( null !== $intent ) {
			return $this->of( $donation, new PaymentIntent( $intent ) );
		}
		return PaymentOutcome::declined( $error->reason_code(), self::donor_message( 'card_error', $error->reason_code(), $error->stripe_message ), $error->stripe_message );
	}

	/**
	 * The outcome when Stripe refused a request: this request charged nothing. (Stripe's answers
	 * that leave open what an earlier try did, such as 409 idempotency_key_in_use, never get
	 * here: StripeClient makes them ProviderUnavailable, an outcome not known yet; and a
	 * confirmation refused because another call paid the intent meanwhile is answered with that
	 * payment: ServerConfirmedIntent.)
	 *
	 * @param StripeRequestError $error What Stripe said.
	 */
	public static function of_refusal( StripeRequestError $error ): PaymentOutcome {
		if ( str_starts_with( $error->param, 'payment_method' ) || str_starts_with( $error->param, 'default_payment_method' ) ) {
			// The card token is unknown or already used: entering the card again makes a new one.
			return PaymentOutcome::declined( $error->reason_code(), __( 'Your card was not charged. Please check your card details and try again.', 'donation-widget' ), $error->stripe_message );
		}
		// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- a refused request is a fault admins must see.
		error_log( 'Donation Widget: Stripe refused a payment request: ' . $error->getMessage() );
		return PaymentOutcome::refused( $error->reason_code(), $error->stripe_message );
	}

	/**
	 * The outcome already recorded for a settled donation, for a retry of its attempt.
	 *
	 * @param Donation $donation A settled donation.
	 */
	public static function recorded( Donation $donation ): PaymentOutcome {
		if ( DonationStatus::FAILED === $donation->status() ) {
			return PaymentOutcome::declined( $donation->failure_code(), self::donor_message( 'card_error', $donation->failure_code(), $donation->failure_message() ), $donation->failure_message() );
		}
		return PaymentOutcome::paid( $donation->provider_reference() );
	}

	/**
	 * The outcome once an attempt has tried ServerConfirmedIntent::MAX_TRIES cards (its intent is
	 * then cancelled).
	 */
	public static function too_many_tries(): PaymentOutcome {
		return PaymentOutcome::declined(
			self::TOO_MANY_TRIES,
			__( 'This payment was tried with too many cards. Please reload the page to start again.', 'donation-widget' ),
			sprintf( 'The attempt tried %d cards; its PaymentIntent was cancelled.', ServerConfirmedIntent::MAX_TRIES )
		);
	}

	/**
	 * Whether a PaymentIntent is for exactly the donation's total, in its currency.
	 *
	 * @param Donation      $donation The donation.
	 * @param PaymentIntent $intent   The PaymentIntent.
	 */
	public static function matches( Donation $donation, PaymentIntent $intent ): bool {
		return $intent->amount() === $donation->total_cents() && strtolower( $donation->currency() ) === $intent->currency();
	}

	/**
	 * How the donor paid, when it is worth writing: always from an expanded charge; otherwise
	 * only for a donation that does not know yet (an express checkout completed by a webhook),
	 * reading the charge from Stripe. '' keeps the stored method.
	 *
	 * @param Donation      $donation The donation.
	 * @param PaymentIntent $intent   A succeeded PaymentIntent.
	 */
	private function method_of( Donation $donation, PaymentIntent $intent ): string {
		if ( $intent->has_expanded_charge() ) {
			return $intent->method();
		}
		if ( '' !== $donation->method() || '' === $intent->id() ) {
			return '';
		}
		try {
			return ( new PaymentIntent( $this->stripe->retrieve_payment_intent( $intent->id(), array( 'latest_charge' ) ) ) )->method();
		} catch ( StripeError | ProviderUnavailable $error ) {
			return $intent->method();
		}
	}

	/**
	 * Passes on a succeeded intent's charge when it came with its balance transaction, so the
	 * books record Stripe's fee without asking again.
	 *
	 * @param Donation      $donation The donation it paid.
	 * @param PaymentIntent $intent   A succeeded PaymentIntent.
	 */
	private static function report_charge( Donation $donation, PaymentIntent $intent ): void {
		$charge = $intent->expanded_charge();
		if ( null !== $charge && is_array( $charge['balance_transaction'] ?? null ) ) {
			/**
			 * A Stripe payment succeeded and its charge came with its balance transaction.
			 *
			 * @param int          $donation_id The donation it paid.
			 * @param array<mixed> $charge      The charge, balance_transaction expanded.
			 */
			do_action( 'donation_widget_stripe_charge_settled', $donation->id(), $charge );
		}
	}

	/**
	 * Words for the donor about a failed payment.
	 *
	 * @param string $type    Stripe's error type (card_error messages are written for payers).
	 * @param string $reason  Decline or error code.
	 * @param string $message Stripe's message.
	 */
	private static function donor_message( string $type, string $reason, string $message ): string {
		if ( self::TOO_MANY_TRIES === $reason ) {
			// Its stored detail is written for staff; a retry of the attempt tells the donor this.
			return self::too_many_tries()->message;
		}
		if ( str_contains( $reason, 'authentication' ) ) {
			return __( 'Your bank could not confirm this payment. Please try again, or use another card.', 'donation-widget' );
		}
		if ( 'card_error' === $type && '' !== $message ) {
			return $message;
		}
		return __( 'Your card was not charged. Please check your card details and try again.', 'donation-widget' );
	}
}
