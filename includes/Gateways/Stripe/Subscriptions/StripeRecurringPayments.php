<?php
/**
 * Stripe's side of the subscription contract.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe\Subscriptions;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donations\Donation;
use DonationWidget\Gateways\Stripe\FourWeeklySubscription;
use DonationWidget\Gateways\Stripe\InvoiceRecorder;
use DonationWidget\Gateways\Stripe\StripeCardError;
use DonationWidget\Gateways\Stripe\StripeClient;
use DonationWidget\Gateways\Stripe\StripeError;
use DonationWidget\Gateways\Stripe\StripeGateway;
use DonationWidget\Gateways\Stripe\StripeInvoice;
use DonationWidget\Gateways\Stripe\StripeInvoices;
use DonationWidget\Gateways\Stripe\StripeRequestError;
use DonationWidget\Http\ProviderUnavailable;
use DonationWidget\Subscriptions\CardChange;
use DonationWidget\Subscriptions\CardDeclined;
use DonationWidget\Subscriptions\CardDetails;
use DonationWidget\Subscriptions\CardSetup;
use DonationWidget\Subscriptions\MissedDonation;
use DonationWidget\Subscriptions\PaymentMethodMismatch;
use DonationWidget\Subscriptions\ProviderRefused;
use DonationWidget\Subscriptions\RecurringPayments;
use DonationWidget\Subscriptions\RecurringSubscription;

/**
 * Every Stripe call a 4-weekly donation needs after it started: the subscription read with its
 * card and item, the self-service changes (each POST with a fresh Idempotency-Key: the same
 * change asked for twice on purpose must reach Stripe twice), cancelling, and a card update:
 *
 * 1. save the new PaymentMethod for the customer through a SetupIntent (confirm, off_session),
 *    so the bank can ask for 3-D Secure now rather than fail the next renewal;
 * 2. make it the default of the subscription and of the customer's invoices;
 * 3. if the subscription is past due, pay its open invoices with it at once.
 *
 * A card update's POSTs carry an Idempotency-Key made of the link and the PaymentMethod, so a
 * retried request repeats nothing. Stripe's errors leave as the domain's (ProviderRefused,
 * CardDeclined); ProviderUnavailable passes as it is.
 */
final class StripeRecurringPayments implements RecurringPayments {

	private const FOUR_WEEKS = 28 * DAY_IN_SECONDS;

	private const PAST_DUE = array( 'past_due', 'unpaid' );

	/**
	 * Builds the implementation.
	 *
	 * @param StripeClient    $stripe   Stripe.
	 * @param StripeInvoices  $invoices Reads what paid an invoice.
	 * @param InvoiceRecorder $recorder Records a renewal paid.
	 */
	public function __construct(
		private readonly StripeClient $stripe,
		private readonly StripeInvoices $invoices,
		private readonly InvoiceRecorder $recorder
	) {
	}

	/**
	 * Stripe's stored provider id.
	 */
	public function provider(): string {
		return StripeGateway::ID;
	}

	/**
	 * Stripe's name for people.
	 */
	public function label(): string {
		return 'Stripe';
	}

	/**
	 * Whether the keys are set.
	 */
	public function available(): bool {
		return $this->stripe->is_configured();
	}

	/**
	 * What Stripe says of a subscription now: its next charge, pause, card and item.
	 *
	 * @param string $subscription_id sub_… id.
	 * @param string $customer_id     cus_… id it must belong to.
	 */
	public function subscription( string $subscription_id, string $customer_id ): ?RecurringSubscription {
		try {
			$subscription = $this->expanded( $subscription_id );
		} catch ( StripeRequestError | ProviderUnavailable $error ) {
			// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- admins need to see provider failures.
			error_log( 'Donation Widget self-service: could not read ' . $subscription_id . ': ' . $error->getMessage() );
			return null;
		}
		$customer = is_array( $subscription['customer'] ?? null ) ? $subscription['customer'] : array();
		if ( ( $customer['id'] ?? '' ) !== $customer_id ) {
			return null;
		}
		$items   = is_array( $subscription['items']['data'] ?? null ) ? $subscription['items']['data'] : array();
		$item    = is_array( $items[0] ?? null ) ? $items[0] : array();
		$price   = is_array( $item['price'] ?? null ) ? $item['price'] : array();
		$pause   = is_array( $subscription['pause_collection'] ?? null ) ? $subscription['pause_collection'] : array();
		$resumes = is_numeric( $pause['resumes_at'] ?? null ) ? (int) $pause['resumes_at'] : 0;
		// Since Stripe's 2025-03-31 API a billing period belongs to each item, not the subscription.
		$period = is_numeric( $item['current_period_end'] ?? null ) ? (int) $item['current_period_end'] : 0;
		$paused = array() !== $pause;
		$next   = $period;
		// While collection is paused (void), the charges before resumes_at are not taken: Stripe's
		// first charge is the first period end from resumes_at on. That one date is what the page
		// and the emails call both "paused until" and "next donation" (resumes_at itself falls
		// between two charges, so showing it would name a day nothing happens).
		while ( $resumes > 0 && $next > 0 && $next < $resumes ) {
			$next += self::FOUR_WEEKS;
		}
		if ( $paused && 0 === $resumes ) {
			// Paused with no end (only Stripe's dashboard does that): nothing is coming.
			$next = 0;
		}
		return new RecurringSubscription(
			$subscription_id,
			is_string( $subscription['status'] ?? null ) ? $subscription['status'] : '',
			$next,
			$period,
			$paused ? $next : 0,
			$this->card_of( $subscription ),
			$paused,
			array(
				'item_id'    => is_string( $item['id'] ?? null ) ? $item['id'] : '',
				'product_id' => is_string( $price['product'] ?? null ) ? $price['product'] : '',
			)
		);
	}

	/**
	 * Changes the subscription's one item to a new price of the same product, without proration.
	 *
	 * @param RecurringSubscription $subscription As subscription() read it.
	 * @param int                   $cents        The new amount.
	 */
	public function change_amount( RecurringSubscription $subscription, int $cents ): bool {
		$item    = $subscription->provider_refs['item_id'] ?? '';
		$product = $subscription->provider_refs['product_id'] ?? '';
		if ( '' === $item || '' === $product ) {
			return false;
		}
		$this->refusals(
			fn () => $this->stripe->post(
				'/v1/subscriptions/' . rawurlencode( $subscription->id ),
				array(
					'items'              => array(
						array(
							'id'         => $item,
							'price_data' => array(
								'currency'    => 'aud',
								'product'     => $product,
								'unit_amount' => $cents,
								'recurring'   => array(
									'interval'       => FourWeeklySubscription::INTERVAL,
									'interval_count' => FourWeeklySubscription::INTERVAL_COUNT,
								),
							),
						),
					),
					// From the next donation on: nothing is charged or credited for this period.
					'proration_behavior' => 'none',
				),
				$this->change_key( 'amount', $subscription->id )
			)
		);
		return true;
	}

	/**
	 * Skips: Stripe's next charge moves later (trial_end), no proration.
	 *
	 * @param string $subscription_id sub_… id.
	 * @param int    $next            Unix time of the next charge.
	 */
	public function skip_next( string $subscription_id, int $next ): void {
		$this->refusals(
			fn () => $this->stripe->post(
				'/v1/subscriptions/' . rawurlencode( $subscription_id ),
				array(
					'trial_end'          => $next,
					'proration_behavior' => 'none',
				),
				$this->change_key( 'skip', $subscription_id )
			)
		);
	}

	/**
	 * Pauses: Stripe's pause_collection (void) until a time.
	 *
	 * @param string $subscription_id sub_… id.
	 * @param int    $resumes_at      Unix time collection resumes.
	 */
	public function pause( string $subscription_id, int $resumes_at ): void {
		$this->refusals(
			fn () => $this->stripe->post(
				'/v1/subscriptions/' . rawurlencode( $subscription_id ),
				array(
					'pause_collection' => array(
						'behavior'   => 'void',
						'resumes_at' => $resumes_at,
					),
				),
				$this->change_key( 'pause', $subscription_id )
			)
		);
	}

	/**
	 * Resumes: Stripe's pause_collection cleared.
	 *
	 * @param string $subscription_id sub_… id.
	 */
	public function resume( string $subscription_id ): void {
		$this->refusals(
			fn () => $this->stripe->post(
				'/v1/subscriptions/' . rawurlencode( $subscription_id ),
				array( 'pause_collection' => '' ),
				$this->change_key( 'resume', $subscription_id )
			)
		);
	}

	/**
	 * Cancels at once, with the donor's reason as Stripe's cancellation_details[comment].
	 *
	 * @param string $subscription_id sub_… id.
	 * @param string $reason          Why, or ''.
	 */
	public function cancel( string $subscription_id, string $reason = '' ): void {
		$params = '' !== $reason ? array( 'cancellation_details' => array( 'comment' => $reason ) ) : array();
		$this->refusals( fn () => $this->stripe->cancel_subscription( $subscription_id, $params ) );
	}

	/**
	 * The card the subscription is charged to now: its own default, else the customer's.
	 * Null when there is none, or Stripe cannot tell us (the widget then just does not show it).
	 *
	 * @param string $subscription_id sub_… id.
	 * @param string $customer_id     cus_… id it must belong to.
	 */
	public function current_card( string $subscription_id, string $customer_id ): ?CardDetails {
		try {
			$subscription = $this->expanded( $subscription_id );
		} catch ( StripeRequestError | ProviderUnavailable $error ) {
			// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- admins need to see provider failures.
			error_log( 'Donation Widget card update: could not read the current card: ' . $error->getMessage() );
			return null;
		}
		$customer = is_array( $subscription['customer'] ?? null ) ? $subscription['customer'] : array();
		if ( ( $customer['id'] ?? '' ) !== $customer_id ) {
			return null;
		}
		return $this->card_of( $subscription );
	}

	/**
	 * Saves the new card for the change's customer through a SetupIntent.
	 *
	 * @param CardChange $change The change.
	 * @param string     $token  The pm_… the widget made.
	 */
	public function save_card( CardChange $change, string $token ): CardSetup {
		return new SetupIntent(
			$this->card_refusals(
				fn () => $this->stripe->post(
					'/v1/setup_intents',
					array(
						'customer'                     => $change->customer_id,
						'payment_method'               => $token,
						'confirm'                      => true,
						'usage'                        => 'off_session',
						'allowed_payment_method_types' => array( 'card' ),
						'description'                  => __( 'New card for a 4-weekly donation', 'donation-widget' ),
						'metadata'                     => array(
							'card_update_link' => (string) $change->reference,
							'subscription_id'  => $change->subscription_id,
							'source'           => 'donation-widget',
						),
						'expand'                       => array( 'payment_method' ),
					),
					$this->card_key( $change, $token, 'setup' )
				)
			)
		);
	}

	/**
	 * The SetupIntent the browser authenticated, checked against the change.
	 *
	 * @param CardChange $change   The change.
	 * @param string     $setup_id The seti_… the widget sent back.
	 * @throws PaymentMethodMismatch When it was not made for this change.
	 */
	public function authenticated_card( CardChange $change, string $setup_id ): CardSetup {
		$intent = new SetupIntent( $this->card_refusals( fn () => $this->stripe->get( '/v1/setup_intents/' . rawurlencode( $setup_id ), array( 'expand' => array( 'payment_method' ) ) ) ) );
		if ( (string) $change->reference !== $intent->metadata( 'card_update_link' ) || $change->customer_id !== $intent->customer_id() ) {
			throw new PaymentMethodMismatch( esc_html( "SetupIntent {$setup_id} was not made for card-update link #{$change->reference}." ) );
		}
		return $intent;
	}

	/**
	 * Makes the saved card the default of the subscription and of the customer's invoices; throws
	 * PaymentMethodMismatch when the subscription belongs to another customer at Stripe.
	 *
	 * @param CardChange $change         The change.
	 * @param string     $payment_method The saved pm_….
	 */
	public function make_default( CardChange $change, string $payment_method ): string {
		return $this->card_refusals(
			function () use ( $change, $payment_method ): string {
				$current = $this->stripe->get( '/v1/subscriptions/' . rawurlencode( $change->subscription_id ) );
				if ( ( $current['customer'] ?? '' ) !== $change->customer_id ) {
					throw new PaymentMethodMismatch( esc_html( "Subscription {$change->subscription_id} does not belong to the customer of card-update link #{$change->reference}." ) );
				}
				$subscription = $this->stripe->post(
					'/v1/subscriptions/' . rawurlencode( $change->subscription_id ),
					array( 'default_payment_method' => $payment_method ),
					$this->card_key( $change, $payment_method, 'subscription' )
				);
				$this->stripe->post(
					'/v1/customers/' . rawurlencode( $change->customer_id ),
					array( 'invoice_settings' => array( 'default_payment_method' => $payment_method ) ),
					$this->card_key( $change, $payment_method, 'customer' )
				);
				return is_string( $subscription['status'] ?? null ) ? $subscription['status'] : '';
			}
		);
	}

	/**
	 * Pays a past-due subscription's open invoices with the new card, oldest first. Null when
	 * the subscription is not past due (nothing was missed).
	 *
	 * @param CardChange $change         The change.
	 * @param string     $payment_method The new pm_….
	 * @param string     $status         The status make_default() returned.
	 */
	public function collect_missed( CardChange $change, string $payment_method, string $status ): ?MissedDonation {
		if ( ! in_array( $status, self::PAST_DUE, true ) ) {
			return null;
		}
		return $this->refusals( fn () => $this->pay_open_invoices( $change, $payment_method ) );
	}

	/**
	 * Pays the open invoices, oldest first, stopping at the first the card does not pay, or whose
	 * payment Stripe does not answer (then the outcome is unknown: recheck_missed() looks again).
	 * Stripe's refusals go through to refusals(); ProviderUnavailable goes through when the
	 * invoices cannot be listed.
	 *
	 * @param CardChange $change         The change.
	 * @param string     $payment_method The new pm_….
	 */
	private function pay_open_invoices( CardChange $change, string $payment_method ): ?MissedDonation {
		$list     = $this->stripe->get(
			'/v1/invoices',
			array(
				'subscription' => $change->subscription_id,
				'status'       => 'open',
				'limit'        => 10,
			)
		);
		$invoices = array();
		foreach ( is_array( $list['data'] ?? null ) ? $list['data'] : array() as $invoice ) {
			if ( is_array( $invoice ) && is_string( $invoice['id'] ?? null ) ) {
				$invoices[ $invoice['id'] ] = is_numeric( $invoice['created'] ?? null ) ? (int) $invoice['created'] : 0;
			}
		}
		if ( array() === $invoices ) {
			return null;
		}
		asort( $invoices );

		$tried = array();
		foreach ( array_keys( $invoices ) as $invoice_id ) {
			$invoice_id = (string) $invoice_id;
			$tried[]    = $invoice_id;
			try {
				$paid = $this->stripe->post(
					'/v1/invoices/' . rawurlencode( $invoice_id ) . '/pay',
					array(
						'payment_method' => $payment_method,
						'expand'         => array( 'payments' ),
					),
					$this->card_key( $change, $payment_method, 'pay:' . $invoice_id )
				);
			} catch ( StripeCardError $error ) {
				return new MissedDonation( MissedDonation::FAILED, $tried, $error->reason_code() );
			} catch ( ProviderUnavailable $error ) {
				// The request may have paid it (its answer lost, or Stripe still working on it:
				// 409 in_progress): never "failed" until Stripe says so.
				return new MissedDonation( MissedDonation::UNKNOWN, $tried, 'in_progress' === $error->reason ? 'still_processing' : 'no_answer' );
			}
			try {
				$this->record_renewal_paid( $this->invoices->of( $paid ) );
			} catch ( StripeError | ProviderUnavailable $error ) {
				// Paid all the same; the reconciliation pass records it (recheck_missed()).
				// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- admins need to know a renewal waits to be recorded.
				error_log( "Donation Widget card update: invoice {$invoice_id} was paid but its renewal could not be recorded yet: " . $error->getMessage() );
			}
		}//end foreach
		return new MissedDonation( MissedDonation::RECOVERED, $tried );
	}

	/**
	 * {@inheritDoc}
	 *
	 * @param string $subscription_id sub_… id.
	 */
	public function recheck_missed( string $subscription_id ): ?MissedDonation {
		return $this->refusals(
			function () use ( $subscription_id ): ?MissedDonation {
				$list  = $this->stripe->get(
					'/v1/invoices',
					array(
						'subscription' => $subscription_id,
						'limit'        => 10,
						'expand'       => array( 'data.payments' ),
					)
				);
				$paid  = array();
				$open  = array();
				$found = is_array( $list['data'] ?? null ) ? $list['data'] : array();
				foreach ( $found as $data ) {
					if ( ! is_array( $data ) ) {
						continue;
					}
					$invoice = $this->invoices->of( $data );
					if ( '' === $invoice->id() ) {
						continue;
					}
					if ( $invoice->is_paid() && $invoice->amount_paid() > 0 ) {
						// Once per invoice: a renewal already recorded is left as it is.
						$this->record_renewal_paid( $invoice );
						$paid[] = $invoice->id();
					} elseif ( 'open' === $invoice->status() ) {
						$open[] = $invoice->id();
					}
				}
				if ( array() !== $open ) {
					return new MissedDonation( MissedDonation::FAILED, $open, 'still_open' );
				}
				return array() === $paid ? null : new MissedDonation( MissedDonation::RECOVERED, $paid );
			}
		);
	}

	/**
	 * Records the renewal the invoice paid now, rather than when the invoice.paid webhook
	 * arrives (which then finds it done).
	 *
	 * @param StripeInvoice $invoice The paid invoice.
	 */
	private function record_renewal_paid( StripeInvoice $invoice ): void {
		$first = $this->recorder->first_donation( $invoice );
		if ( null !== $first && $invoice->is_paid() ) {
			$this->recorder->paid( $invoice, $first );
		}
	}

	/**
	 * The subscription with its card and its customer's default card expanded.
	 *
	 * @param string $subscription_id sub_… id.
	 * @return array<mixed>
	 */
	private function expanded( string $subscription_id ): array {
		return $this->stripe->get(
			'/v1/subscriptions/' . rawurlencode( $subscription_id ),
			array( 'expand' => array( 'default_payment_method', 'customer.invoice_settings.default_payment_method' ) )
		);
	}

	/**
	 * The subscription's own default card, else its customer's.
	 *
	 * @param array<mixed> $subscription Expanded subscription.
	 */
	private function card_of( array $subscription ): ?CardDetails {
		$card = CardDetails::from_payment_method( $subscription['default_payment_method'] ?? null );
		if ( null !== $card ) {
			return $card;
		}
		$customer = is_array( $subscription['customer'] ?? null ) ? $subscription['customer'] : array();
		$settings = is_array( $customer['invoice_settings'] ?? null ) ? $customer['invoice_settings'] : array();
		return CardDetails::from_payment_method( $settings['default_payment_method'] ?? null );
	}

	/**
	 * Runs Stripe calls, turning Stripe's error answers into ProviderRefused.
	 *
	 * @template T
	 * @param callable(): T $call The calls.
	 * @return T
	 * @throws ProviderRefused When Stripe answers with an error.
	 */
	private function refusals( callable $call ): mixed {
		try {
			return $call();
		} catch ( StripeError $error ) {
			throw new ProviderRefused( esc_html( $error->error_code ), esc_html( $error->getMessage() ) );
		}
	}

	/**
	 * Runs a card update's Stripe calls: a declined card, or a PaymentMethod Stripe will not
	 * use (unknown, used up, another customer's), becomes CardDeclined; other errors ProviderRefused.
	 *
	 * @template T
	 * @param callable(): T $call The calls.
	 * @return T
	 * @throws CardDeclined    When the card is turned down.
	 * @throws ProviderRefused When Stripe refuses otherwise.
	 */
	private function card_refusals( callable $call ): mixed {
		try {
			return $call();
		} catch ( StripeCardError $error ) {
			throw new CardDeclined( esc_html( $error->reason_code() ), esc_html( $error->reason_code() ) );
		} catch ( StripeRequestError $error ) {
			if ( str_starts_with( $error->param, 'payment_method' ) ) {
				throw new CardDeclined( esc_html( $error->reason_code() ), esc_html( $error->reason_code() . ': ' . $error->stripe_message ) );
			}
			throw new ProviderRefused( esc_html( $error->error_code ), esc_html( $error->getMessage() ) );
		}
	}

	/**
	 * An Idempotency-Key for one self-service change (a new one each time).
	 *
	 * @param string $what            The change.
	 * @param string $subscription_id sub_… id.
	 */
	private function change_key( string $what, string $subscription_id ): string {
		return 'dw-self-service-' . $what . '-' . $subscription_id . '-' . wp_generate_uuid4();
	}

	/**
	 * The Idempotency-Key of one step of one card update.
	 *
	 * @param CardChange $change         The change.
	 * @param string     $payment_method The pm_….
	 * @param string     $step           setup, subscription, customer, pay:in_….
	 */
	private function card_key( CardChange $change, string $payment_method, string $step ): string {
		return 'card-update:' . $change->reference . ':' . $payment_method . ':' . $step;
	}
}
