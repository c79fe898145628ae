<?php
/**
 * Per docs/widget-contract.md#7-the-calls-it-makes call 4: process_payment_method, the card donation.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe\Card;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Checkout\PaymentInput;
use DonationWidget\Checkout\PaymentMethod;
use DonationWidget\Checkout\PaymentOutcome;
use DonationWidget\Checkout\PaymentRequest;
use DonationWidget\Checkout\StartsSubscriptions;
use DonationWidget\Donations\Donation;
use DonationWidget\Donations\DonationForm;
use DonationWidget\Gateways\Stripe\FourWeeklySubscription;
use DonationWidget\Gateways\Stripe\IntentOutcomes;
use DonationWidget\Gateways\Stripe\PaymentIntent;
use DonationWidget\Gateways\Stripe\ServerConfirmedIntent;
use DonationWidget\Gateways\Stripe\StripeCardError;
use DonationWidget\Gateways\Stripe\StripeClient;
use DonationWidget\Gateways\Stripe\StripePaymentLookup;
use DonationWidget\Gateways\Stripe\StripeRequestError;
use DonationWidget\Gateways\Stripe\StripeGateway;
use DonationWidget\Http\ProviderUnavailable;

/**
 * A card donation, one-off or 4-weekly, from the Stripe PaymentMethod the widget made: a
 * PaymentIntent the site makes and confirms (CardCharge), a 4-weekly one for the donor's
 * Customer with the card saved to it, its subscription started once it is paid
 * (FourWeeklySubscription). After 3-D Secure (passed or failed) the widget posts again with
 * paymentIntentId, and the payment is finished from Stripe's copy of that intent, confirmed
 * again by the site with the same card.
 */
final class CardPayment implements PaymentMethod, StartsSubscriptions {

	private const PAYMENT_METHOD_PATTERN = '/^pm_[A-Za-z0-9_]{1,250}$/';

	private const PAYMENT_INTENT_PATTERN = '/^pi_[A-Za-z0-9_]{1,250}$/';

	/**
	 * Builds the method.
	 *
	 * @param StripeClient           $stripe      Stripe.
	 * @param IntentOutcomes         $outcomes    Reads Stripe's answers.
	 * @param CardCharge             $card        Makes and confirms the intent.
	 * @param FourWeeklySubscription $four_weekly 4-weekly donations.
	 * @param StripePaymentLookup    $lookup      Finds the payment of an open donation.
	 */
	public function __construct(
		private readonly StripeClient $stripe,
		private readonly IntentOutcomes $outcomes,
		private readonly CardCharge $card,
		private readonly FourWeeklySubscription $four_weekly,
		private readonly StripePaymentLookup $lookup
	) {
	}

	/**
	 * {@inheritDoc}
	 */
	public function id(): string {
		return 'card';
	}

	/**
	 * {@inheritDoc}
	 */
	public function action(): string {
		return 'process_payment_method';
	}

	/**
	 * {@inheritDoc}
	 */
	public function provider(): string {
		return StripeGateway::ID;
	}

	/**
	 * {@inheritDoc}
	 */
	public function method(): string {
		return 'card';
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
		return array( 'card' => __( 'Card', 'donation-widget' ) );
	}

	/**
	 * Fields token (pm_…), cardId, currentUrl, and after 3-D Secure paymentIntentId.
	 *
	 * @param array<string, mixed> $request POST fields.
	 * @param DonationForm         $form    The checked formData.
	 */
	public function read( array $request, DonationForm $form ): PaymentInput {
		return new PaymentInput(
			array( 'payment_method' => PaymentRequest::provider_id( $request, 'token', self::PAYMENT_METHOD_PATTERN ) ),
			PaymentRequest::page_url( $request ),
			PaymentRequest::provider_id( $request, 'paymentIntentId', self::PAYMENT_INTENT_PATTERN, false )
		);
	}

	/**
	 * Charges (or finishes charging) the donation, turning Stripe's errors into outcomes.
	 *
	 * @param Donation     $donation The attempt's donation, pending or requires_action.
	 * @param PaymentInput $input    The PaymentMethod, and the PaymentIntent after 3-D Secure.
	 */
	public function pay( Donation $donation, PaymentInput $input ): PaymentOutcome {
		try {
			return $this->charge( $donation, $input );
		} catch ( StripeCardError $error ) {
			return $this->outcomes->of_card_error( $donation, $error );
		} catch ( StripeRequestError $error ) {
			return IntentOutcomes::of_refusal( $error );
		}
	}

	/**
	 * The outcome already recorded, for a retry of the attempt.
	 *
	 * @param Donation $donation A settled card donation.
	 */
	public function replay( Donation $donation ): PaymentOutcome {
		return IntentOutcomes::recorded( $donation );
	}

	/**
	 * Starts the subscription of a paid 4-weekly first gift (see FourWeeklySubscription).
	 *
	 * @param Donation $first A 4-weekly first donation, succeeded.
	 * @throws ProviderUnavailable When Stripe cannot be reached, fails or refuses.
	 */
	public function start_subscription( Donation $first ): string {
		return $this->four_weekly->start( $first );
	}

	/**
	 * Where the donation's PaymentIntent stands now; not_found when Stripe has no payment for
	 * it (the call that would have made it failed before Stripe did). An intent the donor
	 * authenticated (3-D Secure) whose browser never came back is confirmed now, as the donor
	 * asked: with automatic confirmation Stripe would have charged it at once.
	 *
	 * @param Donation $donation An open card donation.
	 */
	public function settle( Donation $donation ): PaymentOutcome {
		try {
			$intent = $this->lookup->intent_of( $donation );
			return null === $intent ? PaymentOutcome::not_found() : $this->finished( $donation, $intent );
		} catch ( StripeCardError $error ) {
			return $this->outcomes->of_card_error( $donation, $error );
		} catch ( StripeRequestError $error ) {
			return IntentOutcomes::of_refusal( $error );
		}
	}

	/**
	 * Charges (or finishes charging) the donation; Stripe's errors go up to pay().
	 *
	 * @param Donation     $donation The attempt's donation.
	 * @param PaymentInput $input    What the browser sent.
	 */
	private function charge( Donation $donation, PaymentInput $input ): PaymentOutcome {
		if ( '' !== $input->continues ) {
			return $this->finish_authentication( $donation, $input->continues );
		}
		// A retried attempt carries on with the intent its record names (ServerConfirmedIntent).
		$params = $donation->is_four_weekly() ? $this->four_weekly->first_payment( $donation ) : array();
		return $this->outcome_of( $donation, $this->card->charge( $donation, $input->field( 'payment_method' ), $params ) );
	}

	/**
	 * Finishes a payment after the browser ran 3-D Secure (passed or failed): the intent as
	 * Stripe has it, confirmed by the site when it waits for that.
	 *
	 * @param Donation $donation  The attempt's donation.
	 * @param string   $intent_id The pi_… id the widget sent back.
	 */
	private function finish_authentication( Donation $donation, string $intent_id ): PaymentOutcome {
		if ( $intent_id !== $donation->payment_intent_id() ) {
			return PaymentOutcome::conflict( __( 'This payment does not belong to this payment attempt.', 'donation-widget' ) );
		}
		$intent = new PaymentIntent( $this->stripe->retrieve_payment_intent( $intent_id ) );
		if ( ! IntentOutcomes::matches( $donation, $intent ) ) {
			return PaymentOutcome::conflict( __( 'This payment does not match the donation.', 'donation-widget' ) );
		}
		return $this->finished( $donation, $intent );
	}

	/**
	 * The outcome of an intent as Stripe has it, once the site has confirmed one the donor
	 * authenticated.
	 *
	 * Lets StripeCardError and StripeRequestError through, as Stripe answers the confirmation.
	 *
	 * @param Donation      $donation The donation.
	 * @param PaymentIntent $intent   Its intent.
	 */
	private function finished( Donation $donation, PaymentIntent $intent ): PaymentOutcome {
		return $this->outcome_of( $donation, $this->card->after_authentication( $donation, $intent ) );
	}


	/**
	 * What an intent means for the donation; null stands for an attempt whose tries are used up.
	 *
	 * @param Donation           $donation The donation.
	 * @param PaymentIntent|null $intent   Its intent, or null.
	 */
	private function outcome_of( Donation $donation, ?PaymentIntent $intent ): PaymentOutcome {
		return null === $intent ? IntentOutcomes::too_many_tries() : $this->outcomes->of( $donation, $intent );
	}
}
