<?php
/**
 * Stripe event invoice.payment_failed.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe\Webhooks\Listeners;

use DonationWidget\Donations\Donation;
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
final class InvoicePaymentFailed extends InvoiceListener {

	/**
	 * Records the failed renewal and announces it.
	 *
	 * @param StripeInvoice $invoice The invoice.
	 * @param Donation      $first   The subscription's first donation.
	 */
	protected function handle_invoice( StripeInvoice $invoice, Donation $first ): string {
		if ( $invoice->is_first() ) {
			return 'ignored: the first payment is recorded from its PaymentIntent';
		}

		$attempt_id = 'invoice:' . $invoice->id();
		$reason     = sprintf( 'renewal_failed: collection attempt %d of invoice %s failed.', $invoice->attempt_count(), $invoice->id() );
		$renewal    = $this->ledger->record_renewal(
			$first,
			$attempt_id,
			DonationStatus::FAILED,
			array( 'failure_reason' => $reason ) + self::renewal( $invoice, $first, $invoice->amount_due() )
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
