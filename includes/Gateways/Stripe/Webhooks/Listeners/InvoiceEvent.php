<?php
/**
 * Stripe events invoice.paid and invoice.payment_failed.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe\Webhooks\Listeners;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Gateways\Stripe\InvoiceRecorder;
use DonationWidget\Gateways\Stripe\StripeInvoices;

/**
 * An invoice of one of this site's subscriptions was paid, or could not be collected. The
 * invoice is read from Stripe with its payments (see EventListener) and recorded as it stands:
 * paid, a failed renewal, or nothing yet. A failed renewal fires donation_widget_renewal_failed,
 * so the card-update feature can email the donor a link.
 */
final class InvoiceEvent implements EventListener {

	public const FAILED = 'invoice.payment_failed';

	/**
	 * Builds the listener.
	 *
	 * @param StripeInvoices  $invoices Reads invoices.
	 * @param InvoiceRecorder $recorder Records them.
	 */
	public function __construct( private readonly StripeInvoices $invoices, private readonly InvoiceRecorder $recorder ) {
	}

	/**
	 * Records the invoice.
	 *
	 * @param string $object_id The in_… id.
	 * @param string $type      invoice.paid or invoice.payment_failed.
	 */
	public function handle( string $object_id, string $type ): string {
		$invoice = $this->invoices->read( $object_id );
		$first   = $this->recorder->first_donation( $invoice );
		if ( null === $first ) {
			return 'ignored: not a subscription of this site';
		}
		if ( $invoice->is_paid() ) {
			return $this->recorder->paid( $invoice, $first );
		}
		if ( self::FAILED !== $type ) {
			return "ignored: invoice {$invoice->id()} is {$invoice->status()} at Stripe";
		}
		if ( $this->recorder->collects_first( $invoice, $first ) ) {
			return 'ignored: the first payment is recorded from its PaymentIntent';
		}
		$renewal = $this->recorder->failed( $invoice, $first );
		if ( null === $renewal ) {
			return 'ignored: the renewal was already paid';
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
