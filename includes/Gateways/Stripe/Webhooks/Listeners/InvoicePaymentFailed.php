<?php
/**
 * Stripe event invoice.payment_failed.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe\Webhooks\Listeners;

use DonationWidget\Checkout\DonationLedger;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Gateways\Stripe\Webhooks\StripeInvoice;

/**
 * A 4-weekly renewal could not be collected (usually an expired or replaced card). It is
 * recorded as a failed donation row of the subscription, and the action
 * donation_widget_renewal_failed lets the card-update feature email the donor a link. Stripe
 * retries the invoice; if a retry succeeds, invoice.paid moves the same row to succeeded.
 *
 * The first invoice is left to the widget's call and payment_intent.payment_failed, which carry
 * the card's own reason.
 */
final class InvoicePaymentFailed implements EventListener {

	/**
	 * Builds the listener.
	 *
	 * @param DonationLedger $ledger Donation records.
	 */
	public function __construct( private readonly DonationLedger $ledger ) {
	}

	/**
	 * Records the failed renewal and announces it.
	 *
	 * @param array<mixed> $object The invoice.
	 */
	public function handle( array $object ): string {
		$invoice = new StripeInvoice( $object );
		$first   = $this->ledger->first_of_subscription( $invoice->subscription_id() );
		if ( null === $first ) {
			return 'ignored: not a subscription of this site';
		}
		if ( $invoice->is_first() ) {
			return 'ignored: the first payment is recorded from its PaymentIntent';
		}

		$attempt_id = 'invoice:' . $invoice->id();
		$reason     = sprintf( 'renewal_failed: collection attempt %d of invoice %s failed.', $invoice->attempt_count(), $invoice->id() );
		$renewal    = $this->ledger->record_renewal(
			$first,
			$attempt_id,
			DonationStatus::FAILED,
			array(
				'amount_cents'      => $invoice->amount_due(),
				'cover_cents'       => 0,
				'total_cents'       => $invoice->amount_due(),
				'currency'          => '' !== $invoice->currency() ? $invoice->currency() : $first->currency(),
				'payment_intent_id' => $invoice->payment_intent_id(),
				'failure_reason'    => $reason,
			)
		);
		if ( null === $renewal ) {
			$renewal = $this->ledger->find_by_attempt( $attempt_id );
			if ( null === $renewal || ! $this->ledger->move_renewal( $renewal, DonationStatus::FAILED, array( 'failure_reason' => $reason ) ) ) {
				return 'ignored: the renewal was already paid';
			}
		}

		/**
		 * A 4-weekly renewal could not be collected: the donor's card probably needs replacing.
		 *
		 * @param string $subscription_id Stripe subscription (sub_…).
		 * @param string $customer_id     Stripe customer (cus_…).
		 * @param int    $donation_id     The failed renewal's donation row.
		 * @param string $invoice_id      Stripe invoice (in_…).
		 */
		do_action( 'donation_widget_renewal_failed', $invoice->subscription_id(), '' !== $invoice->customer_id() ? $invoice->customer_id() : $first->customer_id(), $renewal->id(), $invoice->id() );
		return "renewal donation #{$renewal->id()} failed";
	}
}
