<?php
/**
 * A 4-weekly card donation: a Customer and a Subscription that charges now and every 4 weeks.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Checkout\DonationLedger;
use DonationWidget\Donations\Donation;
use DonationWidget\Http\ProviderUnavailable;

/**
 * Starts a donor's subscription in idempotent steps, each id saved on the donation as soon as
 * Stripe returns it, so a retried attempt carries on where the last one stopped:
 *
 * 1. a Customer (made from the donation alone, so a Try Again with another card replays the same
 *    request and gets the same customer);
 * 2. the PaymentMethod attached to it (a bank debit's SetupIntent attaches it instead);
 * 3. the plugin's one donation Product (DonationProduct);
 * 4. a Subscription priced inline (price_data: the donation's total in AUD, every 4 weeks),
 *    allow_incomplete so the first invoice is charged at once and its PaymentIntent tells
 *    whether the money came in, needs 3-D Secure, or was declined. Before making one for a
 *    retried attempt, the customer's subscriptions are listed (lists, unlike search, are always
 *    up to date): one made for this attempt by a call whose answer was lost is carried on with.
 */
final class FourWeeklySubscription {

	public const INTERVAL = 'week';

	public const INTERVAL_COUNT = 4;

	/**
	 * What a subscription is read with: its first invoice's payments, which name the PaymentIntent.
	 */
	public const EXPAND = array( 'latest_invoice.payments' );

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
	 * @param bool     $attached       Whether the payment method is already the customer's (BECS).
	 * @throws StripeRequestError  When Stripe refuses a request.
	 * @throws ProviderUnavailable When Stripe cannot be reached, fails, or answers without ids.
	 */
	public function start( Donation $donation, string $payment_method, bool $attached = false ): PaymentIntent {
		$customer_id    = $this->customer( $donation );
		$payment_method = $attached ? $payment_method : $this->attach( $donation, $customer_id, $payment_method );

		// Nothing went wrong before (no note): this is the attempt's first try at a subscription.
		$subscription = '' === $donation->failure_reason() && '' === $donation->subscription_id() ? null : $this->made_for( $donation );
		if ( null === $subscription ) {
			try {
				$subscription = $this->create_subscription( $donation, $customer_id, $payment_method, 'subscription:' . $payment_method );
			} catch ( StripeRequestError $error ) {
				// The remembered product was deleted at Stripe: make it again, once.
				if ( ! $error->is_missing_resource() || ! str_contains( $error->param, 'product' ) ) {
					throw $error;
				}
				$this->product->forget();
				$subscription = $this->create_subscription( $donation, $customer_id, $payment_method, 'subscription-retry:' . $payment_method );
			}
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
	 * The donor's Customer: made from the donation (its id kept on the record at once), or the
	 * one the record names.
	 *
	 * Also lets StripeRequestError through when Stripe refuses the request.
	 *
	 * @param Donation $donation The donation.
	 * @return string The cus_… id.
	 * @throws ProviderUnavailable When Stripe cannot be reached or answers without an id.
	 */
	public function customer( Donation $donation ): string {
		if ( '' !== $donation->customer_id() ) {
			return $donation->customer_id();
		}
		$params = array(
			'email'    => $donation->email(),
			'name'     => trim( $donation->value( 'first_name' ) . ' ' . $donation->value( 'last_name' ) ),
			'metadata' => StripeMetadata::for_donation( $donation ) + array_filter( array( 'organisation_name' => $donation->value( 'organisation_name' ) ) ),
		);
		if ( '' !== $donation->value( 'mobile' ) ) {
			$params['phone'] = $donation->value( 'mobile' );
		}
		$customer = $this->stripe->create_customer( $params, StripeMetadata::idempotency_key( $donation, 'customer' ) );
		$id       = is_string( $customer['id'] ?? null ) ? $customer['id'] : '';
		if ( '' === $id ) {
			throw new ProviderUnavailable( 'stripe', 'bad_answer', 'A customer without an id.' );
		}
		$this->ledger->keep_ids( $donation, array( 'customer_id' => $id ) );
		return $id;
	}

	/**
	 * Attaches the donor's PaymentMethod to the customer and makes it the default for the
	 * customer's invoices (as a card update does), so Stripe's dashboard shows the card.
	 *
	 * Lets StripeCardError through when the card cannot be saved.
	 *
	 * @param Donation $donation       The donation.
	 * @param string   $customer_id    The cus_… id.
	 * @param string   $payment_method The pm_… id.
	 * @return string The attached PaymentMethod's id (Stripe's test aliases such as pm_card_visa
	 *                make a new PaymentMethod on each use, so the attached one has its own id).
	 * @throws StripeRequestError  When Stripe refuses the request.
	 * @throws ProviderUnavailable When Stripe cannot be reached or fails.
	 */
	private function attach( Donation $donation, string $customer_id, string $payment_method ): string {
		$attached = $this->stripe->post(
			'/v1/payment_methods/' . rawurlencode( $payment_method ) . '/attach',
			array( 'customer' => $customer_id ),
			StripeMetadata::idempotency_key( $donation, 'attach:' . $payment_method )
		);
		$attached = is_string( $attached['id'] ?? null ) && '' !== $attached['id'] ? $attached['id'] : $payment_method;
		$this->stripe->post(
			'/v1/customers/' . rawurlencode( $customer_id ),
			array( 'invoice_settings' => array( 'default_payment_method' => $attached ) ),
			StripeMetadata::idempotency_key( $donation, 'default:' . $attached )
		);
		return $attached;
	}

	/**
	 * The subscription made for this attempt: the one the record names, else one of its
	 * customer's whose metadata names the attempt (made by a call whose answer was lost).
	 *
	 * @param Donation $donation The donation.
	 * @return array<string, mixed>|null The subscription, latest_invoice.payments expanded.
	 * @throws StripeRequestError  When Stripe refuses the request.
	 * @throws ProviderUnavailable When Stripe cannot be reached or fails.
	 */
	public function made_for( Donation $donation ): ?array {
		if ( '' !== $donation->subscription_id() ) {
			return $this->stripe->get( '/v1/subscriptions/' . rawurlencode( $donation->subscription_id() ), array( 'expand' => self::EXPAND ) );
		}
		if ( '' === $donation->customer_id() ) {
			return null;
		}
		$found = $this->stripe->get(
			'/v1/subscriptions',
			array(
				'customer' => $donation->customer_id(),
				'status'   => 'all',
				'limit'    => 10,
				'expand'   => array_map( static fn ( string $path ): string => 'data.' . $path, self::EXPAND ),
			)
		);
		foreach ( is_array( $found['data'] ?? null ) ? $found['data'] : array() as $subscription ) {
			$metadata = is_array( $subscription ) && is_array( $subscription['metadata'] ?? null ) ? $subscription['metadata'] : array();
			if ( ( $metadata['attempt_id'] ?? '' ) === $donation->attempt_id() ) {
				$clean = array();
				foreach ( $subscription as $key => $value ) {
					$clean[ (string) $key ] = $value;
				}
				return $clean;
			}
		}
		return null;
	}

	/**
	 * Creates the Subscription and charges its first invoice.
	 *
	 * @param Donation $donation       The donation.
	 * @param string   $customer_id    The cus_… id.
	 * @param string   $payment_method The pm_… id.
	 * @param string   $step           Idempotency step name.
	 * @return array<string, mixed> The subscription, latest_invoice.payments expanded.
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
				'expand'                 => self::EXPAND,
			),
			StripeMetadata::idempotency_key( $donation, $step )
		);
	}

	/**
	 * The PaymentIntent of the subscription's first invoice, named by the invoice's payment.
	 *
	 * Also lets StripeRequestError through when the PaymentIntent cannot be read.
	 *
	 * @param array<string, mixed> $subscription The subscription, latest_invoice.payments expanded.
	 * @throws ProviderUnavailable When there is none, or Stripe fails.
	 */
	public function first_payment( array $subscription ): PaymentIntent {
		$invoice = is_array( $subscription['latest_invoice'] ?? null ) ? $subscription['latest_invoice'] : array();
		$id      = ( new StripeInvoice( $invoice ) )->payment_intent_id();
		if ( '' === $id ) {
			throw new ProviderUnavailable( 'stripe', 'bad_answer', 'The subscription has no first payment to read.' );
		}
		return new PaymentIntent( $this->stripe->retrieve_payment_intent( $id ) );
	}
}
