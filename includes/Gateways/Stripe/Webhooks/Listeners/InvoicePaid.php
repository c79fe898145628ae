<?php
/**
 * Stripe event invoice.paid.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe\Webhooks\Listeners;

use DonationWidget\Checkout\PaymentOutcome;
use DonationWidget\Donations\Donation;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Gateways\Stripe\Webhooks\StripeInvoice;

/**
 * Every 4 weeks Stripe collects a subscription's invoice. The first invoice (subscription_create)
 * is the donation made in the widget, so it completes that row; each later one becomes a
 * donation row of its own, linked to the subscription and keyed "invoice:<id>" so a repeated
 * event cannot record it twice.
 */
final class InvoicePaid extends InvoiceListener {

	/**
	 * Records the paid invoice.
	 *
	 * @param StripeInvoice $invoice The invoice.
	 * @param Donation      $first   The subscription's first donation.
	 */
	protected function handle_invoice( StripeInvoice $invoice, Donation $first ): string {
		$this->ledger->activate_subscription( $invoice->subscription_id() );
		$paid = PaymentOutcome::paid( $invoice->charge_id(), $invoice->payment_intent_id() );

		if ( $invoice->is_first() ) {
			return $this->ledger->settle( $first, $paid )
				? "donation #{$first->id()} succeeded (first invoice)"
				: "ignored: donation #{$first->id()} is {$first->status()}";
		}

		$attempt_id = 'invoice:' . $invoice->id();
		$renewal    = $this->ledger->record_renewal(
			$first,
			$attempt_id,
			DonationStatus::SUCCEEDED,
			array( 'provider_reference' => $invoice->charge_id() ) + self::renewal( $invoice, $first, $invoice->amount_paid() )
		);
		if ( null !== $renewal ) {
			if ( '' !== $invoice->charge_id() ) {
				$this->ledger->claim_reference( $renewal, $invoice->charge_id() );
			}
			return "renewal donation #{$renewal->id()} recorded";
		}
		// Recorded before, as a failed collection that Stripe has now retried successfully.
		$existing = $this->ledger->find_by_attempt( $attempt_id );
		if ( null === $existing ) {
			return 'ignored: the renewal could not be recorded';
		}
		return $this->ledger->settle( $existing, $paid )
			? "renewal donation #{$existing->id()} succeeded"
			: "ignored: renewal donation #{$existing->id()} is {$existing->status()}";
	}
}
