<?php
/**
 * A 4-weekly card donation: a Customer and a Subscription that charges now and every 4 weeks.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe;

use DonationWidget\Checkout\DonationLedger;
use DonationWidget\Donations\Donation;
use DonationWidget\Http\ProviderUnavailable;

/**
 * Starts a donor's subscription in three idempotent steps, each id saved on the donation as soon
 * as Stripe returns it, so a retried attempt carries on where the last one stopped:
 *
 * 1. a Customer with the PaymentMethod attached and set as the default for invoices;
 * 2. the plugin's one donation Product (DonationProduct);
 * 3. a Subscription priced inline (price_data: the donation's total in AUD, every 4 weeks),
 *    allow_incomplete so the first invoice is charged at once and its PaymentIntent tells
 *    whether the money came in, needs 3-D Secure, or was declined.
 */
final class FourWeeklySubscription {

	public const INTERVAL = 'week';

	public const INTERVAL_COUNT = 4;

	/**
	 * Builds the subscription starter.
	 *
	 * @param StripeClient    $stripe  Stripe.
	 * @param DonationProduct $product The donation product.
	 * @param DonationLedger  $ledger  To keep Stripe's ids on the donation and record the subscription.
	 */
	public function __construct(
		private readonly StripeClient $stripe,
		private readonly DonationProduct $product,
		private readonly DonationLedger $ledger
	) {
	}

	/**
	 * Starts the subscription and returns the PaymentIntent of its first payment.
	 *
	 * Also lets StripeCardError through when the card cannot be saved or Stripe answers the first
	 * payment with an error.
	 *
	 * @param Donation $donation       The pending donation.
	 * @param string   $payment_method The donor's pm_… id.
	 * @throws StripeRequestError  When Stripe refuses a request.
	 * @throws ProviderUnavailable When Stripe cannot be reached, fails, or answers without ids.
	 */
	public function start( Donation $donation, string $payment_method ): PaymentIntent {
		$customer    = $this->customer( $donation, $payment_method );
		$customer_id = $this->id_of( $customer );
		// The PaymentMethod as attached to the customer: Stripe's test aliases (pm_card_visa)
		// make a new PaymentMethod on each use, so the attached one is named by its own id.
		$settings       = is_array( $customer['invoice_settings'] ?? null ) ? $customer['invoice_settings'] : array();
		$payment_method = is_string( $settings['default_payment_method'] ?? null ) && '' !== $settings['default_payment_method'] ? $settings['default_payment_method'] : $payment_method;

		try {
			$subscription = $this->create_subscription( $donation, $customer_id, $payment_method, 'subscription' );
		} catch ( StripeRequestError $error ) {
			// The remembered product was deleted at Stripe: make it again, once.
			if ( ! $error->is_missing_resource() || ! str_contains( $error->param, 'product' ) ) {
				throw $error;
			}
			$this->product->forget();
			$subscription = $this->create_subscription( $donation, $customer_id, $payment_method, 'subscription-retry' );
		}

		$subscription_id = is_string( $subscription['id'] ?? null ) ? $subscription['id'] : '';
		if ( '' === $subscription_id ) {
			throw new ProviderUnavailable( 'stripe', 'bad_answer', 'A subscription without an id.' );
		}
		$this->ledger->start_subscription( $donation, $subscription_id, $customer_id );

		$intent = $this->first_payment( $subscription );
		$this->ledger->keep_ids( $donation, array( 'payment_intent_id' => $intent->id() ) );
		return $intent;
	}

	/**
	 * The donor's Customer: made with the PaymentMethod attached as its default for invoices
	 * (its id kept on the donation at once), or read back on a retry.
	 *
	 * Lets StripeCardError through when the card cannot be attached, StripeRequestError when
	 * Stripe refuses the request, and ProviderUnavailable when Stripe cannot be reached.
	 *
	 * @param Donation $donation       The donation.
	 * @param string   $payment_method The pm_… id.
	 * @return array<string, mixed> The customer.
	 */
	public function customer( Donation $donation, string $payment_method ): array {
		if ( '' !== $donation->customer_id() ) {
			// A retry: the customer exists already.
			return $this->stripe->get( '/v1/customers/' . rawurlencode( $donation->customer_id() ) );
		}
		$customer = $this->create_customer( $donation, $payment_method );
		$this->ledger->keep_ids( $donation, array( 'customer_id' => $this->id_of( $customer ) ) );
		return $customer;
	}

	/**
	 * Creates the Customer, attaching the PaymentMethod as its default.
	 *
	 * Lets StripeCardError through when the card cannot be attached, StripeRequestError when
	 * Stripe refuses the request, and ProviderUnavailable when Stripe cannot be reached.
	 *
	 * @param Donation $donation       The donation.
	 * @param string   $payment_method The pm_… id.
	 * @return array<string, mixed> The customer.
	 */
	private function create_customer( Donation $donation, string $payment_method ): array {
		$params = array(
			'email'            => $donation->email(),
			'name'             => trim( $donation->value( 'first_name' ) . ' ' . $donation->value( 'last_name' ) ),
			'payment_method'   => $payment_method,
			'invoice_settings' => array( 'default_payment_method' => $payment_method ),
			'metadata'         => StripeMetadata::for_donation( $donation ) + array_filter( array( 'organisation_name' => $donation->value( 'organisation_name' ) ) ),
		);
		if ( '' !== $donation->value( 'mobile' ) ) {
			$params['phone'] = $donation->value( 'mobile' );
		}
		return $this->stripe->create_customer( $params, StripeMetadata::idempotency_key( $donation, 'customer' ) );
	}

	/**
	 * The id of a customer Stripe returned.
	 *
	 * @param array<string, mixed> $customer The customer.
	 * @throws ProviderUnavailable When it has none.
	 */
	private function id_of( array $customer ): string {
		$id = is_string( $customer['id'] ?? null ) ? $customer['id'] : '';
		if ( '' === $id ) {
			throw new ProviderUnavailable( 'stripe', 'bad_answer', 'A customer without an id.' );
		}
		return $id;
	}

	/**
	 * Creates the Subscription and charges its first invoice.
	 *
	 * @param Donation $donation       The donation.
	 * @param string   $customer_id    The cus_… id.
	 * @param string   $payment_method The pm_… id.
	 * @param string   $step           Idempotency step name.
	 * @return array<string, mixed> The subscription, latest_invoice.payment_intent expanded.
	 * @throws StripeCardError     When Stripe answers the first payment with an error.
	 * @throws StripeRequestError  When Stripe refuses the request.
	 * @throws ProviderUnavailable When Stripe cannot be reached or fails.
	 */
	private function create_subscription( Donation $donation, string $customer_id, string $payment_method, string $step ): array {
		return $this->stripe->create_subscription(
			array(
				'customer'               => $customer_id,
				'items'                  => array(
					array(
						'price_data' => array(
							'currency'    => strtolower( $donation->currency() ),
							'product'     => $this->product->id(),
							'unit_amount' => $donation->total_cents(),
							'recurring'   => array(
								'interval'       => self::INTERVAL,
								'interval_count' => self::INTERVAL_COUNT,
							),
						),
					),
				),
				'default_payment_method' => $payment_method,
				'payment_behavior'       => 'allow_incomplete',
				'payment_settings'       => array( 'save_default_payment_method' => 'on_subscription' ),
				'description'            => __( '4-weekly donation', 'donation-widget' ),
				'metadata'               => StripeMetadata::for_donation( $donation ),
				'expand'                 => array( 'latest_invoice.payment_intent' ),
			),
			StripeMetadata::idempotency_key( $donation, $step )
		);
	}

	/**
	 * The PaymentIntent of the subscription's first invoice: expanded in API versions up to
	 * 2025-02 (invoice.payment_intent), or found through invoice.confirmation_secret in later ones.
	 *
	 * Also lets StripeRequestError through when the PaymentIntent cannot be read.
	 *
	 * @param array<string, mixed> $subscription The subscription, as created or read back.
	 * @throws ProviderUnavailable When there is none, or Stripe fails.
	 */
	public function first_payment( array $subscription ): PaymentIntent {
		$invoice = $subscription['latest_invoice'] ?? null;
		if ( is_array( $invoice ) ) {
			$intent = $invoice['payment_intent'] ?? null;
			if ( is_array( $intent ) ) {
				return new PaymentIntent( $intent );
			}
			$id     = is_string( $intent ) ? $intent : '';
			$secret = is_array( $invoice['confirmation_secret'] ?? null ) ? $invoice['confirmation_secret'] : array();
			if ( '' === $id && is_string( $secret['client_secret'] ?? null ) ) {
				$id = PaymentIntent::id_from_client_secret( $secret['client_secret'] );
			}
			if ( '' !== $id ) {
				return new PaymentIntent( $this->stripe->retrieve_payment_intent( $id ) );
			}
		}
		throw new ProviderUnavailable( 'stripe', 'bad_answer', 'The subscription has no first payment to read.' );
	}
}
