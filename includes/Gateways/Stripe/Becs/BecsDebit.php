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

use DonationWidget\Checkout\DonationLedger;
use DonationWidget\Checkout\PaymentInput;
use DonationWidget\Checkout\PaymentMethod;
use DonationWidget\Checkout\PaymentOutcome;
use DonationWidget\Checkout\PaymentRequest;
use DonationWidget\Donations\Donation;
use DonationWidget\Donations\DonationForm;
use DonationWidget\Donations\InvalidDonationRequest;
use DonationWidget\Gateways\Stripe\FourWeeklySubscription;
use DonationWidget\Gateways\Stripe\IntentOutcomes;
use DonationWidget\Gateways\Stripe\PaymentIntent;
use DonationWidget\Gateways\Stripe\ServerConfirmedIntent;
use DonationWidget\Gateways\Stripe\StripeCardError;
use DonationWidget\Gateways\Stripe\StripeClient;
use DonationWidget\Gateways\Stripe\StripeMetadata;
use DonationWidget\Gateways\Stripe\StripePaymentLookup;
use DonationWidget\Gateways\Stripe\StripeRequestError;
use DonationWidget\Protection\ClientIp;
use DonationWidget\Settings\Settings;
use DonationWidget\Gateways\Stripe\StripeGateway;

/**
 * Stripe's au_becs_debit, one-off or every 4 weeks. The widget makes the PaymentMethod (BSB and
 * account number in Stripe's element, the donor's name and email) after the donor accepted the
 * Direct Debit Request service agreement; this call confirms it with that acceptance as the
 * mandate. A debit is delayed-notification: it answers "being processed", and the donation
 * (its receipt, its donation_widget_donation_succeeded hook) completes only when Stripe's
 * payment_intent.succeeded or payment_intent.payment_failed webhook arrives, up to three
 * business days later. 4-weekly: a SetupIntent turns the acceptance into a reusable mandate,
 * then the subscription charges the account every 4 weeks.
 */
final class BecsDebit implements PaymentMethod {

	public const TYPE = 'au_becs_debit';

	private const PAYMENT_METHOD_PATTERN = '/^pm_[A-Za-z0-9_]{1,250}$/';

	/**
	 * Builds the method.
	 *
	 * @param StripeClient           $stripe      Stripe.
	 * @param IntentOutcomes         $outcomes    Reads Stripe's answers.
	 * @param FourWeeklySubscription $four_weekly 4-weekly subscriptions.
	 * @param DonationLedger         $ledger      The donation as stored now, with its Customer.
	 * @param Settings               $settings    Whether the charity switched it on.
	 * @param StripePaymentLookup    $lookup      Finds the payment of an open donation.
	 * @param ServerConfirmedIntent  $intents     One-off debits.
	 */
	public function __construct(
		private readonly StripeClient $stripe,
		private readonly IntentOutcomes $outcomes,
		private readonly FourWeeklySubscription $four_weekly,
		private readonly DonationLedger $ledger,
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
	 * Confirms the debit (one-off) or starts the subscription (4-weekly) with the mandate.
	 *
	 * @param Donation     $donation The attempt's pending donation.
	 * @param PaymentInput $input    The PaymentMethod.
	 */
	public function pay( Donation $donation, PaymentInput $input ): PaymentOutcome {
		if ( $donation->is_four_weekly() && '' !== $donation->payment_intent_id() ) {
			// A retry of an attempt that already reached Stripe: carry on from its intent.
			return $this->settle( $donation );
		}
		$payment_method = $input->field( 'payment_method' );
		try {
			$intent = $donation->is_four_weekly()
				? $this->subscribe( $donation, $payment_method )
				: $this->debit( $donation, $payment_method );
			if ( null === $intent ) {
				return PaymentOutcome::declined( 'too_many_tries', __( 'This payment was tried with too many bank accounts. Please reload the page to start again.', 'donation-widget' ), 'The attempt tried too many bank accounts; its PaymentIntent was cancelled.' );
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
	 * Where the debit stands now.
	 *
	 * @param Donation $donation An open bank-debit donation.
	 */
	public function settle( Donation $donation ): PaymentOutcome {
		$intent = $this->lookup->intent_of( $donation );
		return null === $intent ? PaymentOutcome::not_found() : $this->for_donor( $this->outcomes->of( $donation, $intent ) );
	}

	/**
	 * A one-off debit: the donation's PaymentIntent (ServerConfirmedIntent), confirmed with the
	 * mandate; a retried attempt carries on with the intent its record names.
	 *
	 * @param Donation $donation       The pending donation.
	 * @param string   $payment_method The pm_… id.
	 * @return PaymentIntent|null The intent; null when this attempt has tried too many accounts.
	 */
	private function debit( Donation $donation, string $payment_method ): ?PaymentIntent {
		$intent = $this->intents->of( $donation, array( 'allowed_payment_method_types' => array( self::TYPE ) ) );
		if ( PaymentIntent::REQUIRES_PAYMENT_METHOD !== $intent->status() ) {
			return $intent;
		}
		return $this->intents->confirm( $donation, $intent, $payment_method, array( 'mandate_data' => $this->mandate() ) );
	}

	/**
	 * Every 4 weeks: the Customer, a SetupIntent that makes the acceptance a reusable mandate
	 * (and attaches the account to the customer), then the subscription, whose first invoice
	 * debits the account now.
	 *
	 * @param Donation $donation       The pending donation.
	 * @param string   $payment_method The pm_… id.
	 */
	private function subscribe( Donation $donation, string $payment_method ): PaymentIntent {
		$customer_id = $this->four_weekly->customer( $donation );
		$this->stripe->post(
			'/v1/setup_intents',
			array(
				'customer'                     => $customer_id,
				'payment_method'               => $payment_method,
				'allowed_payment_method_types' => array( self::TYPE ),
				'usage'                        => 'off_session',
				'confirm'                      => true,
				'mandate_data'                 => $this->mandate(),
				'metadata'                     => StripeMetadata::for_donation( $donation ),
			),
			StripeMetadata::idempotency_key( $donation, 'mandate:' . $payment_method )
		);
		return $this->four_weekly->start( $this->ledger->find( $donation->id() ) ?? $donation, $payment_method, true );
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
		return match ( $outcome->kind ) {
			PaymentOutcome::PROCESSING => $outcome->saying( __( 'Your donation is being processed. Bank payments take up to three business days to clear; we will email your receipt once your bank confirms it.', 'donation-widget' ) ),
			PaymentOutcome::DECLINED   => $outcome->saying( __( 'Your bank account could not be debited. Please check your BSB and account number, or give by card.', 'donation-widget' ) ),
			default                    => $outcome,
		};
	}
}
