<?php
/**
 * Records what a Stripe PaymentIntent says about a donation.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Payments\Stripe;

use DonationWidget\Donations\Donation;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Donations\SubscriptionRepository;
use DonationWidget\Http\AjaxResult;
use DonationWidget\Http\ProviderUnavailable;
use DonationWidget\Payments\PaymentAnswers;

/**
 * One place that turns a PaymentIntent's status into the donation's status, for the widget's
 * calls (card, 3-D Secure, express checkout) and for Stripe's webhooks alike, so both paths
 * record a payment the same way whichever arrives first.
 */
final class StripeDonationSettlement {

	public const PENDING = 'pending';

	/**
	 * Builds the settlement.
	 *
	 * @param DonationRepository     $donations     Donation records.
	 * @param SubscriptionRepository $subscriptions 4-weekly subscriptions.
	 * @param StripeClient           $stripe        Stripe, to end a subscription whose first payment failed.
	 */
	public function __construct(
		private readonly DonationRepository $donations,
		private readonly SubscriptionRepository $subscriptions,
		private readonly StripeClient $stripe
	) {
	}

	/**
	 * Records the PaymentIntent's state on the donation.
	 *
	 * @param Donation      $donation The donation it pays for.
	 * @param PaymentIntent $intent   Its current state at Stripe.
	 * @return string DonationStatus::SUCCEEDED, REQUIRES_ACTION, FAILED, or self::PENDING when nothing is final.
	 */
	public function apply( Donation $donation, PaymentIntent $intent ): string {
		switch ( $intent->status() ) {
			case PaymentIntent::SUCCEEDED:
				$this->record_success( $donation, $intent );
				return DonationStatus::SUCCEEDED;
			case PaymentIntent::REQUIRES_ACTION:
				$this->donations->move( $donation->id(), DonationStatus::REQUIRES_ACTION, array( 'payment_intent_id' => $intent->id() ) );
				return DonationStatus::REQUIRES_ACTION;
			case PaymentIntent::REQUIRES_PAYMENT_METHOD:
			case PaymentIntent::CANCELED:
				if ( $intent->has_failed_attempt() || PaymentIntent::CANCELED === $intent->status() ) {
					$reason = '' !== $intent->last_error_reason() ? $intent->last_error_reason() : $intent->status();
					$this->record_failure( $donation, $reason, $intent->last_error_message(), $intent->id() );
					return DonationStatus::FAILED;
				}
				return self::PENDING;
			default:
				// processing, requires_confirmation, requires_capture: not final; a webhook completes it.
				$this->donations->update( $donation->id(), array( 'payment_intent_id' => $intent->id() ) );
				return self::PENDING;
		}
	}

	/**
	 * Records the PaymentIntent's state and builds the widget's answer.
	 *
	 * @param Donation      $donation The donation it pays for.
	 * @param PaymentIntent $intent   Its current state at Stripe.
	 */
	public function answer( Donation $donation, PaymentIntent $intent ): AjaxResult {
		switch ( $this->apply( $donation, $intent ) ) {
			case DonationStatus::SUCCEEDED:
				return PaymentAnswers::paid( $intent->latest_charge_id() );
			case DonationStatus::REQUIRES_ACTION:
				return PaymentAnswers::requires_action( $intent->client_secret(), $intent->id() );
			case DonationStatus::FAILED:
				return PaymentAnswers::card_error( $this->donor_message( $intent->last_error_type(), $intent->last_error_reason(), $intent->last_error_message() ), $intent->last_error_reason() );
			default:
				return PaymentAnswers::pending( __( 'Your payment is still being processed. We will email your receipt once it is complete.', 'donation-widget' ) );
		}
	}

	/**
	 * Records a card error Stripe raised before any PaymentIntent existed (such as a card that
	 * cannot be saved for 4-weekly giving), and builds the answer.
	 *
	 * @param Donation        $donation The donation.
	 * @param StripeCardError $error    What Stripe said.
	 */
	public function answer_card_error( Donation $donation, StripeCardError $error ): AjaxResult {
		$intent = $error->payment_intent();
		if ( null !== $intent ) {
			return $this->answer( $donation, new PaymentIntent( $intent ) );
		}
		$this->record_failure( $donation, $error->reason_code(), $error->stripe_message );
		return PaymentAnswers::card_error( $this->donor_message( 'card_error', $error->reason_code(), $error->stripe_message ), $error->reason_code() );
	}

	/**
	 * The answer already decided for a settled donation, for a retry of its attempt.
	 *
	 * @param Donation $donation A donation whose status is settled.
	 */
	public function stored_answer( Donation $donation ): AjaxResult {
		if ( DonationStatus::FAILED === $donation->status() ) {
			return PaymentAnswers::card_error( $this->donor_message( 'card_error', $donation->failure_code(), $donation->failure_message() ), $donation->failure_code() );
		}
		return PaymentAnswers::paid( $donation->provider_reference() );
	}

	/**
	 * Marks the donation paid: the charge id becomes its reference, claimed for it alone.
	 *
	 * @param Donation      $donation The donation.
	 * @param PaymentIntent $intent   A succeeded PaymentIntent.
	 * @return bool Whether the donation moved (false: it was already refunded, for example).
	 */
	public function record_success( Donation $donation, PaymentIntent $intent ): bool {
		$charge = $intent->latest_charge_id();
		$fields = array(
			'payment_intent_id' => $intent->id(),
			// A note left by an earlier timeout or failure no longer applies.
			'failure_reason'    => '',
		);
		if ( '' !== $charge ) {
			$fields['provider_reference'] = $charge;
		}
		$method = $this->method_of( $donation, $intent );
		if ( '' !== $method ) {
			$fields['method'] = $method;
		}
		$moved = $this->donations->move( $donation->id(), DonationStatus::SUCCEEDED, $fields );
		if ( '' !== $charge ) {
			$this->donations->claim_reference( Donation::PROVIDER_STRIPE, $charge, $donation->id() );
		}
		if ( '' !== $donation->subscription_id() ) {
			$this->subscriptions->activate( $donation->subscription_id() );
		}
		return $moved;
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
	 * Marks the donation failed. When it was the first payment of a 4-weekly subscription, the
	 * subscription is cancelled at Stripe too, so it never charges later on its own.
	 *
	 * @param Donation $donation          The donation.
	 * @param string   $reason            Machine-readable reason, such as insufficient_funds.
	 * @param string   $message           Stripe's message, for the admin.
	 * @param string   $payment_intent_id The PaymentIntent, when known.
	 * @return bool Whether the donation moved (false: it had already succeeded, for example).
	 */
	public function record_failure( Donation $donation, string $reason, string $message, string $payment_intent_id = '' ): bool {
		$fields = array( 'failure_reason' => $reason . ': ' . $message );
		if ( '' !== $payment_intent_id ) {
			$fields['payment_intent_id'] = $payment_intent_id;
		}
		$was_failed = DonationStatus::FAILED === $donation->status();
		$moved      = $this->donations->move( $donation->id(), DonationStatus::FAILED, $fields );
		if ( $moved && ! $was_failed && '' !== $donation->subscription_id() && ! str_starts_with( $donation->attempt_id(), 'invoice:' ) ) {
			$this->end_subscription( $donation->subscription_id() );
		}
		return $moved;
	}

	/**
	 * Cancels a subscription whose first payment failed. Best effort: Stripe also expires an
	 * incomplete subscription by itself after 23 hours.
	 *
	 * @param string $subscription_id The sub_… id.
	 */
	private function end_subscription( string $subscription_id ): void {
		try {
			$this->stripe->cancel_subscription( $subscription_id );
		} catch ( StripeError | ProviderUnavailable $error ) {
			// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- admins need to know a subscription may linger.
			error_log( "Donation Widget: could not cancel subscription {$subscription_id} after its first payment failed: " . $error->getMessage() );
		}
		$this->subscriptions->cancel( $subscription_id );
	}

	/**
	 * Words for the donor about a failed payment.
	 *
	 * @param string $type    Stripe's error type (card_error messages are written for payers).
	 * @param string $reason  Decline or error code.
	 * @param string $message Stripe's message.
	 */
	private function donor_message( string $type, string $reason, string $message ): string {
		if ( str_contains( $reason, 'authentication' ) ) {
			return __( 'Your bank could not confirm this payment. Please try again, or use another card.', 'donation-widget' );
		}
		if ( 'card_error' === $type && '' !== $message ) {
			return $message;
		}
		return __( 'Your card was not charged. Please check your card details and try again.', 'donation-widget' );
	}
}
