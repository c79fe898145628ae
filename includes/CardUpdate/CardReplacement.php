<?php
/**
 * Replaces a recurring donor's card at Stripe.
 *
 * @package DonationWidget
 */

namespace DonationWidget\CardUpdate;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Gateways\Stripe\InvoiceRecorder;
use DonationWidget\Gateways\Stripe\StripeCardError;
use DonationWidget\Gateways\Stripe\StripeClient;
use DonationWidget\Gateways\Stripe\StripeInvoice;
use DonationWidget\Gateways\Stripe\StripeInvoices;
use DonationWidget\Gateways\Stripe\StripeRequestError;
use DonationWidget\Http\ProviderUnavailable;

/**
 * The Stripe side of a card update, always for the subscription and customer the link is bound
 * to (never ids from the browser):
 *
 * 1. save the new PaymentMethod for the customer through a SetupIntent (confirm, off_session),
 *    so the bank can ask for 3-D Secure now rather than fail the next renewal;
 * 2. make it the default of the subscription and of the customer's invoices;
 * 3. if the subscription is past due, pay its open invoices with it at once.
 *
 * Every POST carries an Idempotency-Key made of the link and the PaymentMethod, so a retried
 * request repeats nothing.
 */
final class CardReplacement {

	private const PAST_DUE = array( 'past_due', 'unpaid' );

	/**
	 * Builds the replacement.
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
	 * The card the subscription is charged to now: its own default, else the customer's.
	 * Null when there is none, or Stripe cannot tell us (the widget then just does not show it).
	 *
	 * @param CardUpdateLink $link The link.
	 */
	public function current_card( CardUpdateLink $link ): ?CardDetails {
		try {
			$subscription = $this->stripe->get(
				'/v1/subscriptions/' . rawurlencode( $link->subscription_id ),
				array( 'expand' => array( 'default_payment_method', 'customer.invoice_settings.default_payment_method' ) )
			);
		} catch ( StripeRequestError | ProviderUnavailable $error ) {
			// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- admins need to see provider failures.
			error_log( 'Donation Widget card update: could not read the current card: ' . $error->getMessage() );
			return null;
		}
		$customer = is_array( $subscription['customer'] ?? null ) ? $subscription['customer'] : array();
		if ( ( $customer['id'] ?? '' ) !== $link->customer_id ) {
			return null;
		}
		$card = CardDetails::from_payment_method( $subscription['default_payment_method'] ?? null );
		if ( null !== $card ) {
			return $card;
		}
		$settings = is_array( $customer['invoice_settings'] ?? null ) ? $customer['invoice_settings'] : array();
		return CardDetails::from_payment_method( $settings['default_payment_method'] ?? null );
	}

	/**
	 * Saves the new card for the link's customer.
	 *
	 * @param CardUpdateLink $link           The link.
	 * @param string         $payment_method The pm_… the widget made.
	 * @throws StripeCardError     When the bank declines the card.
	 * @throws StripeRequestError  When Stripe refuses (an unknown PaymentMethod, one of another customer …).
	 * @throws ProviderUnavailable When Stripe cannot be reached or fails.
	 */
	public function save_card( CardUpdateLink $link, string $payment_method ): SetupIntent {
		return new SetupIntent(
			$this->stripe->post(
				'/v1/setup_intents',
				array(
					'customer'                     => $link->customer_id,
					'payment_method'               => $payment_method,
					'confirm'                      => true,
					'usage'                        => 'off_session',
					'allowed_payment_method_types' => array( 'card' ),
					'description'                  => __( 'New card for a 4-weekly donation', 'donation-widget' ),
					'metadata'                     => array(
						'card_update_link' => (string) $link->id,
						'subscription_id'  => $link->subscription_id,
						'source'           => 'donation-widget',
					),
					'expand'                       => array( 'payment_method' ),
				),
				$this->key( $link, $payment_method, 'setup' )
			)
		);
	}

	/**
	 * The SetupIntent the browser authenticated, checked against the link.
	 *
	 * Also lets StripeRequestError through when it does not exist, and ProviderUnavailable when
	 * Stripe cannot be reached.
	 *
	 * @param CardUpdateLink $link            The link.
	 * @param string         $setup_intent_id The seti_… the widget sent back.
	 * @throws CardUpdateMismatch When it was not made for this link.
	 */
	public function authenticated_card( CardUpdateLink $link, string $setup_intent_id ): SetupIntent {
		$intent = new SetupIntent( $this->stripe->get( '/v1/setup_intents/' . rawurlencode( $setup_intent_id ), array( 'expand' => array( 'payment_method' ) ) ) );
		if ( (string) $link->id !== $intent->metadata( 'card_update_link' ) || $link->customer_id !== $intent->customer_id() ) {
			throw new CardUpdateMismatch( esc_html( "SetupIntent {$setup_intent_id} was not made for card-update link #{$link->id}." ) );
		}
		return $intent;
	}

	/**
	 * Makes the saved card the default of the subscription and of the customer's invoices.
	 *
	 * Also lets StripeRequestError through when Stripe refuses, and ProviderUnavailable when
	 * Stripe cannot be reached.
	 *
	 * @param CardUpdateLink $link           The link.
	 * @param string         $payment_method The saved pm_….
	 * @return string The subscription's status at Stripe (active, past_due and so on).
	 * @throws CardUpdateMismatch When the subscription belongs to another customer at Stripe.
	 */
	public function make_default( CardUpdateLink $link, string $payment_method ): string {
		$current = $this->stripe->get( '/v1/subscriptions/' . rawurlencode( $link->subscription_id ) );
		if ( ( $current['customer'] ?? '' ) !== $link->customer_id ) {
			throw new CardUpdateMismatch( esc_html( "Subscription {$link->subscription_id} does not belong to the customer of card-update link #{$link->id}." ) );
		}
		$subscription = $this->stripe->post(
			'/v1/subscriptions/' . rawurlencode( $link->subscription_id ),
			array( 'default_payment_method' => $payment_method ),
			$this->key( $link, $payment_method, 'subscription' )
		);
		$this->stripe->post(
			'/v1/customers/' . rawurlencode( $link->customer_id ),
			array( 'invoice_settings' => array( 'default_payment_method' => $payment_method ) ),
			$this->key( $link, $payment_method, 'customer' )
		);
		return is_string( $subscription['status'] ?? null ) ? $subscription['status'] : '';
	}

	/**
	 * Pays a past-due subscription's open invoices with the new card, oldest first. Null when
	 * the subscription is not past due (nothing was missed).
	 *
	 * @param CardUpdateLink $link                The link.
	 * @param string         $payment_method      The new pm_….
	 * @param string         $subscription_status The status make_default() returned.
	 * @throws StripeRequestError  When Stripe refuses to list or pay the invoices.
	 * @throws ProviderUnavailable When Stripe cannot be reached or fails.
	 */
	public function collect_missed( CardUpdateLink $link, string $payment_method, string $subscription_status ): ?MissedDonation {
		if ( ! in_array( $subscription_status, self::PAST_DUE, true ) ) {
			return null;
		}
		$list     = $this->stripe->get(
			'/v1/invoices',
			array(
				'subscription' => $link->subscription_id,
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
					$this->key( $link, $payment_method, 'pay:' . $invoice_id )
				);
			} catch ( StripeCardError $error ) {
				return new MissedDonation( MissedDonation::FAILED, $tried, $error->reason_code() );
			}
			$this->record_renewal_paid( $this->invoices->of( $paid ) );
		}
		return new MissedDonation( MissedDonation::RECOVERED, $tried );
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
	 * The Idempotency-Key of one step of one card update.
	 *
	 * @param CardUpdateLink $link           The link.
	 * @param string         $payment_method The pm_….
	 * @param string         $step           setup, subscription, customer, pay:in_….
	 */
	private function key( CardUpdateLink $link, string $payment_method, string $step ): string {
		return 'card-update:' . $link->id . ':' . $payment_method . ':' . $step;
	}
}
