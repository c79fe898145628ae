<?php
/**
 * A 4-weekly Stripe donation: its first gift paid now, then a Subscription for the gifts after it.
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
 * The first gift of a 4-weekly donation is a PaymentIntent of its own, made and confirmed by the
 * site like a one-off (ServerConfirmedIntent: its client secret can run 3-D Secure but never try
 * another card, and an attempt tries at most ServerConfirmedIntent::MAX_TRIES cards or bank
 * accounts), for the donor's Customer and saving the card or account to it for later
 * (setup_future_usage off_session; a bank account's mandate becomes reusable).
 *
 * Once that payment has succeeded, whichever news of it comes first (the paying call, the 3-D
 * Secure continuation, the payment_intent.succeeded webhook or the reconciliation pass: all move
 * the donation to succeeded once, and Checkout\SubscriptionStart hears of it), start() makes the
 * Subscription for the gifts after it, in idempotent steps, its ids kept on the donation:
 *
 * 1. the saved card or account made the default of the customer's invoices (so Stripe's dashboard
 *    shows it, as a card update does);
 * 2. the plugin's one donation Product (DonationProduct);
 * 3. a Subscription priced inline (the donation's total every 4 weeks), charging nothing now: its
 *    billing_cycle_anchor is 4 weeks after the first gift's charge, proration_behavior none, so
 *    Stripe makes no invoice until then (not even a $0 one) and the anchor's invoice
 *    (subscription_cycle) is the first renewal. Every parameter comes from the donation and its
 *    payment, so a retry sends the same request under the same Idempotency-Key; and before
 *    making one, the customer's subscriptions are listed (lists, unlike search, are always up to
 *    date): one made for this attempt by a call whose answer was lost, or more than a day ago
 *    (Stripe keeps a key's answer for 24 hours), is the one kept.
 */
final class FourWeeklySubscription {

	public const INTERVAL = 'week';

	public const INTERVAL_COUNT = 4;

	/** Seconds from one 4-weekly gift to the next. */
	public const FOUR_WEEKS = 28 * DAY_IN_SECONDS;

	/**
	 * Builds it.
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
	 * What the first gift's PaymentIntent carries beside a one-off's: the donor's Customer (made
	 * now if need be) and the payment method saved to it once it pays.
	 *
	 * Also lets StripeRequestError through when Stripe refuses the customer.
	 *
	 * @param Donation $donation A 4-weekly donation.
	 * @return array<string, string>
	 * @throws ProviderUnavailable When Stripe cannot be reached or answers without an id.
	 */
	public function first_payment( Donation $donation ): array {
		return array(
			'customer'           => $this->customer( $donation ),
			'setup_future_usage' => 'off_session',
			'description'        => __( '4-weekly donation', 'donation-widget' ),
		);
	}

	/**
	 * Starts the subscription of a paid first gift, once: a donation that has one keeps it.
	 *
	 * @param Donation $first A 4-weekly first donation, paid.
	 * @return string The sub_… id; '' when Stripe does not have its first payment as succeeded.
	 * @throws ProviderUnavailable When Stripe cannot be reached, fails, refuses a request (the
	 *                             reconciliation pass tries again) or answers without an id.
	 */
	public function start( Donation $first ): string {
		try {
			return $this->start_now( $first );
		} catch ( StripeError $error ) {
			// StripeError escapes its own message: decoded here so it is escaped once, not twice.
			throw new ProviderUnavailable( 'stripe', 'bad_answer', esc_html( wp_specialchars_decode( $error->getMessage(), ENT_QUOTES ) ) );
		}
	}

	// Stripe's refusals come from the calls made, which this sniff cannot count.
	// phpcs:disable Squiz.Commenting.FunctionCommentThrowTag.WrongNumber
	/**
	 * Starts the subscription; Stripe's refusals go up to start().
	 *
	 * @param Donation $first A 4-weekly first donation, paid.
	 * @throws StripeRequestError  When Stripe refuses a request.
	 * @throws ProviderUnavailable When Stripe cannot be reached, fails, or answers without an id.
	 */
	private function start_now( Donation $first ): string {
		// phpcs:enable Squiz.Commenting.FunctionCommentThrowTag.WrongNumber
		if ( '' !== $first->subscription_id() ) {
			return $first->subscription_id();
		}
		if ( '' === $first->payment_intent_id() ) {
			return '';
		}
		$intent = new PaymentIntent( $this->stripe->retrieve_payment_intent( $first->payment_intent_id(), array( 'latest_charge' ) ) );
		if ( PaymentIntent::SUCCEEDED !== $intent->status() || ! IntentOutcomes::matches( $first, $intent ) || '' === $intent->payment_method_id() ) {
			return '';
		}
		$customer_id = '' !== $first->customer_id() ? $first->customer_id() : $intent->customer_id();
		if ( '' === $customer_id ) {
			throw new ProviderUnavailable( 'stripe', 'bad_answer', 'The first payment of a 4-weekly donation has no customer.' );
		}
		$subscription = $this->made_for( $first, $customer_id ) ?? $this->create( $first, $customer_id, $intent );

		$subscription_id = is_string( $subscription['id'] ?? null ) ? $subscription['id'] : '';
		if ( '' === $subscription_id ) {
			throw new ProviderUnavailable( 'stripe', 'bad_answer', 'A subscription without an id.' );
		}
		$this->ledger->start_subscription( $first, $subscription_id, $customer_id );
		// Its first gift is paid: it is collecting from the start.
		$this->ledger->activate_subscription( $subscription_id );
		return $subscription_id;
	}

	/**
	 * When the next gift is due: 4 weeks after the first gift's charge (the intent's own time if
	 * the charge cannot be read). Stripe takes only an anchor in the future, so a subscription
	 * started more than 4 weeks after its first gift (Stripe unreachable all that time) takes the
	 * first 4-weekly date from that gift still ahead.
	 *
	 * @param PaymentIntent $intent The first gift's succeeded intent, latest_charge expanded.
	 * @param int           $now    Unix time now.
	 */
	public static function anchor( PaymentIntent $intent, int $now ): int {
		$charge  = $intent->expanded_charge() ?? array();
		$paid_at = is_numeric( $charge['created'] ?? null ) ? (int) $charge['created'] : $intent->created();
		$anchor  = $paid_at + self::FOUR_WEEKS;
		while ( $anchor <= $now ) {
			$anchor += self::FOUR_WEEKS;
		}
		return $anchor;
	}

	/**
	 * The donor's Customer: made from the donation (its id kept on the record at once), or the
	 * one the record names. Made from the donation alone, so a Try Again with another card
	 * replays the same request and gets the same customer.
	 *
	 * Also lets StripeRequestError through when Stripe refuses the request.
	 *
	 * @param Donation $donation The donation.
	 * @return string The cus_… id.
	 * @throws ProviderUnavailable When Stripe cannot be reached or answers without an id.
	 */
	private function customer( Donation $donation ): string {
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
	 * The subscription made for this attempt, found among its customer's by the attempt in its
	 * metadata; null when there is none.
	 *
	 * @param Donation $first       The first donation.
	 * @param string   $customer_id Its cus_… id.
	 * @return array<string, mixed>|null
	 * @throws StripeRequestError  When Stripe refuses the request.
	 * @throws ProviderUnavailable When Stripe cannot be reached or fails.
	 */
	private function made_for( Donation $first, string $customer_id ): ?array {
		$found = $this->stripe->get(
			'/v1/subscriptions',
			array(
				'customer' => $customer_id,
				'status'   => 'all',
				'limit'    => 10,
			)
		);
		foreach ( is_array( $found['data'] ?? null ) ? $found['data'] : array() as $subscription ) {
			$metadata = is_array( $subscription ) && is_array( $subscription['metadata'] ?? null ) ? $subscription['metadata'] : array();
			if ( ( $metadata['attempt_id'] ?? '' ) === $first->attempt_id() && ( $metadata['donation_id'] ?? '' ) === (string) $first->id() ) {
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
	 * Makes the saved payment method the customer's default, then the Subscription.
	 *
	 * Also lets ProviderUnavailable through when Stripe cannot be reached or fails.
	 *
	 * @param Donation      $first       The first donation.
	 * @param string        $customer_id Its cus_… id.
	 * @param PaymentIntent $intent      The first gift's succeeded intent, latest_charge expanded.
	 * @return array<string, mixed> The subscription.
	 * @throws StripeRequestError When Stripe refuses a request.
	 */
	private function create( Donation $first, string $customer_id, PaymentIntent $intent ): array {
		$payment_method = $intent->payment_method_id();
		$this->stripe->post(
			'/v1/customers/' . rawurlencode( $customer_id ),
			array( 'invoice_settings' => array( 'default_payment_method' => $payment_method ) ),
			StripeMetadata::idempotency_key( $first, 'default:' . $payment_method )
		);
		$anchor = self::anchor( $intent, time() );
		try {
			return $this->create_subscription( $first, $customer_id, $payment_method, $anchor, 'subscription:' . $anchor );
		} catch ( StripeRequestError $error ) {
			// The remembered product was deleted at Stripe: make it again, once.
			if ( ! $error->is_missing_resource() || ! str_contains( $error->param, 'product' ) ) {
				throw $error;
			}
			$this->product->forget();
			return $this->create_subscription( $first, $customer_id, $payment_method, $anchor, 'subscription-retry:' . $anchor );
		}
	}

	/**
	 * Creates the Subscription, its first charge at the anchor.
	 *
	 * @param Donation $first          The first donation.
	 * @param string   $customer_id    The cus_… id.
	 * @param string   $payment_method The saved pm_… id.
	 * @param int      $anchor         Unix time of the next gift.
	 * @param string   $step           Idempotency step name.
	 * @return array<string, mixed> The subscription.
	 * @throws StripeRequestError  When Stripe refuses the request.
	 * @throws ProviderUnavailable When Stripe cannot be reached or fails.
	 */
	private function create_subscription( Donation $first, string $customer_id, string $payment_method, int $anchor, string $step ): array {
		return $this->stripe->create_subscription(
			array(
				'customer'               => $customer_id,
				'items'                  => array(
					array(
						'price_data' => array(
							'currency'    => strtolower( $first->currency() ),
							'product'     => $this->product->id(),
							'unit_amount' => $first->total_cents(),
							'recurring'   => array(
								'interval'       => self::INTERVAL,
								'interval_count' => self::INTERVAL_COUNT,
							),
						),
					),
				),
				'default_payment_method' => $payment_method,
				// The first gift is paid: nothing is owed until the anchor, and nothing charged now.
				'billing_cycle_anchor'   => $anchor,
				'proration_behavior'     => 'none',
				'description'            => __( '4-weekly donation', 'donation-widget' ),
				'metadata'               => StripeMetadata::for_donation( $first ),
			),
			StripeMetadata::idempotency_key( $first, $step )
		);
	}
}
