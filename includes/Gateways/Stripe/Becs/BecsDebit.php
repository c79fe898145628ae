<?php
/**
 * BECS Direct Debit: donations from an Australian bank account.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe\Becs;

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
use DonationWidget\Donations\InvalidDonationRequest;
use DonationWidget\Gateways\Stripe\FourWeeklySubscription;
use DonationWidget\Gateways\Stripe\IntentOutcomes;
use DonationWidget\Gateways\Stripe\PaymentIntent;
use DonationWidget\Gateways\Stripe\ServerConfirmedIntent;
use DonationWidget\Gateways\Stripe\StripeCardError;
use DonationWidget\Gateways\Stripe\StripeClient;
use DonationWidget\Gateways\Stripe\StripePaymentLookup;
use DonationWidget\Gateways\Stripe\StripeRequestError;
use DonationWidget\Protection\ClientIp;
use DonationWidget\Settings\Settings;
use DonationWidget\Gateways\Stripe\StripeGateway;
use DonationWidget\Http\ProviderUnavailable;

/**
 * Stripe's au_becs_debit, one-off or every 4 weeks. The widget makes the PaymentMethod (BSB and
 * account number in Stripe's element, the donor's name and email) after the donor accepted the
 * Direct Debit Request service agreement; this call confirms the donation's PaymentIntent
 * (ServerConfirmedIntent: at most MAX_TRIES accounts per attempt) with that acceptance as the
 * mandate. A debit is delayed-notification: it answers "being processed", and the donation
 * (its receipt, its donation_widget_donation_succeeded hook) completes only when Stripe's
 * payment_intent.succeeded or payment_intent.payment_failed webhook arrives, or the
 * reconciliation pass reads it, up to three business days later. 4-weekly: the first debit is
 * made the same way for the donor's Customer, saving the account with a reusable mandate
 * (setup_future_usage); once it has cleared, the subscription for the debits after it starts
 * (FourWeeklySubscription), so a bounced first debit never leaves a subscription behind.
 */
final class BecsDebit implements PaymentMethod, StartsSubscriptions {

	public const TYPE = 'au_becs_debit';

	private const PAYMENT_METHOD_PATTERN = '/^pm_[A-Za-z0-9_]{1,250}$/';

	/** The failure code of an attempt that tried ServerConfirmedIntent::MAX_TRIES accounts. */
	private const TOO_MANY_TRIES = 'too_many_tries';

	/**
	 * Builds the method.
	 *
	 * @param StripeClient           $stripe      Stripe.
	 * @param IntentOutcomes         $outcomes    Reads Stripe's answers.
	 * @param FourWeeklySubscription $four_weekly 4-weekly donations.
	 * @param Settings               $settings    Whether the charity switched it on.
	 * @param StripePaymentLookup    $lookup      Finds the payment of an open donation.
	 * @param ServerConfirmedIntent  $intents     Makes and confirms the debit's intent.
	 */
	public function __construct(
		private readonly StripeClient $stripe,
		private readonly IntentOutcomes $outcomes,
		private readonly FourWeeklySubscription $four_weekly,
		private readonly Settings $settings,
		private readonly StripePaymentLookup $lookup,
		private readonly ServerConfirmedIntent $intents
	) {
	}

	/**
	 * {@inheritDoc}
	 */
	public function id(): string {
		return self::TYPE;
	}

	/**
	 * {@inheritDoc}
	 */
	public function action(): string {
		return 'process_becs_debit';
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
		return self::TYPE;
	}

	/**
	 * Off until the charity ticks "BECS Direct Debit" in the Stripe settings.
	 */
	public function is_available(): bool {
		return $this->stripe->is_configured() && (bool) $this->settings->get( 'stripe_becs_enabled' );
	}

	/**
	 * {@inheritDoc}
	 */
	public function names(): array {
		return array( self::TYPE => __( 'Bank account (BECS Direct Debit)', 'donation-widget' ) );
	}

	/**
	 * Fields token (pm_… of type au_becs_debit), mandateAccepted ("1": the donor accepted the
	 * Direct Debit Request service agreement), currentUrl.
	 *
	 * @param array<string, mixed> $request POST fields.
	 * @param DonationForm         $form    The checked formData.
	 * @throws InvalidDonationRequest When a field is missing or malformed.
	 */
	public function read( array $request, DonationForm $form ): PaymentInput {
		$payment_method = PaymentRequest::provider_id( $request, 'token', self::PAYMENT_METHOD_PATTERN );
		if ( '1' !== ( $request['mandateAccepted'] ?? '' ) ) {
			throw new InvalidDonationRequest( array( 'mandateAccepted' => esc_html__( 'Please accept the Direct Debit Request service agreement.', 'donation-widget' ) ) );
		}
		return new PaymentInput( array( 'payment_method' => $payment_method ), PaymentRequest::page_url( $request ) );
	}

	/**
	 * Confirms the debit with the mandate (a 4-weekly donation's first debit saving the account).
	 *
	 * @param Donation     $donation The attempt's pending donation.
	 * @param PaymentInput $input    The PaymentMethod.
	 */
	public function pay( Donation $donation, PaymentInput $input ): PaymentOutcome {
		try {
			$intent = $this->debit( $donation, $input->field( 'payment_method' ) );
			if ( null === $intent ) {
				return PaymentOutcome::declined( self::TOO_MANY_TRIES, self::too_many_accounts(), 'The attempt tried too many bank accounts; its PaymentIntent was cancelled.' );
			}
			return $this->for_donor( $this->outcomes->of( $donation, $intent ) );
		} catch ( StripeCardError $error ) {
			return $this->for_donor( $this->outcomes->of_card_error( $donation, $error ) );
		} catch ( StripeRequestError $error ) {
			return $this->for_donor( IntentOutcomes::of_refusal( $error ) );
		}
	}

	/**
	 * The outcome already recorded, for a retry of the attempt.
	 *
	 * @param Donation $donation A settled bank-debit donation.
	 */
	public function replay( Donation $donation ): PaymentOutcome {
		return $this->for_donor( IntentOutcomes::recorded( $donation ) );
	}

	/**
	 * Starts the subscription of a 4-weekly donation whose first debit cleared (see
	 * FourWeeklySubscription).
	 *
	 * @param Donation $first A 4-weekly first donation, succeeded.
	 * @throws ProviderUnavailable When Stripe cannot be reached, fails or refuses.
	 */
	public function start_subscription( Donation $first ): string {
		return $this->four_weekly->start( $first );
	}

	/**
	 * Where the debit stands now.
	 *
	 * @param Donation $donation An open bank-debit donation.
	 */
	public function settle( Donation $donation ): PaymentOutcome {
		$intent = $this->lookup->intent_of( $donation );
		return null === $intent ? PaymentOutcome::not_found() : $this->for_donor( $this->outcomes->of( $donation, $intent ) );
	}

	/**
	 * The debit: the donation's PaymentIntent (ServerConfirmedIntent; a 4-weekly first debit's for
	 * the donor's Customer, saving the account), confirmed with the mandate. A retried attempt
	 * carries on with the intent its record names; each new account is one of its tries.
	 *
	 * Also lets StripeCardError and StripeRequestError through, as Stripe answers.
	 *
	 * @param Donation $donation       The pending donation.
	 * @param string   $payment_method The pm_… id.
	 * @return PaymentIntent|null The intent; null when this attempt has tried too many accounts.
	 * @throws ProviderUnavailable When Stripe cannot be reached or fails.
	 */
	private function debit( Donation $donation, string $payment_method ): ?PaymentIntent {
		$params = $donation->is_four_weekly() ? $this->four_weekly->first_payment( $donation ) : array();
		$intent = $this->intents->of( $donation, $params + array( 'allowed_payment_method_types' => array( self::TYPE ) ) );
		if ( PaymentIntent::REQUIRES_PAYMENT_METHOD !== $intent->status() ) {
			return $intent;
		}
		return $this->intents->confirm( $donation, $intent, $payment_method, array( 'mandate_data' => $this->mandate() ) );
	}

	/**
	 * The donor's acceptance of the Direct Debit Request, as Stripe records it: online, from
	 * this address and browser, now.
	 *
	 * @return array<string, mixed>
	 */
	private function mandate(): array {
		// phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotValidated -- isset() is the first check; the value is sanitised.
		$user_agent = isset( $_SERVER['HTTP_USER_AGENT'] ) ? sanitize_text_field( wp_unslash( $_SERVER['HTTP_USER_AGENT'] ) ) : '';
		return array(
			'customer_acceptance' => array(
				'type'   => 'online',
				'online' => array(
					'ip_address' => ClientIp::current(),
					'user_agent' => '' !== $user_agent ? mb_substr( $user_agent, 0, 500 ) : 'unknown',
				),
			),
		);
	}

	/**
	 * Words for the donor about a bank debit, where Stripe's are about cards.
	 *
	 * @param PaymentOutcome $outcome What Stripe said.
	 */
	private function for_donor( PaymentOutcome $outcome ): PaymentOutcome {
		return match ( true ) {
			PaymentOutcome::PROCESSING === $outcome->kind => $outcome->saying( __( 'Your donation is being processed. Bank payments take up to three business days to clear; we will email your receipt once your bank confirms it.', 'donation-widget' ) ),
			// A retry of an attempt that ran out of tries says so again, not "check your BSB".
			PaymentOutcome::DECLINED === $outcome->kind && self::TOO_MANY_TRIES === $outcome->code => $outcome->saying( self::too_many_accounts() ),
			PaymentOutcome::DECLINED === $outcome->kind => $outcome->saying( __( 'Your bank account could not be debited. Please check your BSB and account number, or give by card.', 'donation-widget' ) ),
			default => $outcome,
		};
	}

	/**
	 * What the donor is told once the attempt tried ServerConfirmedIntent::MAX_TRIES accounts.
	 */
	private static function too_many_accounts(): string {
		return __( 'This payment was tried with too many bank accounts. Please reload the page to start again.', 'donation-widget' );
	}
}
