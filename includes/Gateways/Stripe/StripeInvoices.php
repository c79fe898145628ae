<?php
/**
 * Reads invoices from Stripe, with what paid them.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Http\ProviderUnavailable;

/**
 * One way to learn an invoice's truth, for webhooks, card updates and reconciliation alike: the
 * invoice with its payments, and the charge of the PaymentIntent that paid it.
 */
final class StripeInvoices {

	/**
	 * Builds the reader.
	 *
	 * @param StripeClient $stripe Stripe.
	 */
	public function __construct( private readonly StripeClient $stripe ) {
	}

	/**
	 * The invoice as Stripe has it now.
	 *
	 * @param string $invoice_id in_… id.
	 * @throws StripeRequestError  When Stripe has no such invoice.
	 * @throws ProviderUnavailable When Stripe cannot be reached or fails.
	 */
	public function read( string $invoice_id ): StripeInvoice {
		return $this->of( $this->stripe->get( '/v1/invoices/' . rawurlencode( $invoice_id ), array( 'expand' => array( 'payments' ) ) ) );
	}

	/**
	 * Wraps an invoice read with expand[]=payments (or expanded inside another object), adding
	 * the charge of its paying PaymentIntent.
	 *
	 * @param array<mixed> $data The invoice.
	 * @throws StripeRequestError  When the PaymentIntent cannot be read.
	 * @throws ProviderUnavailable When Stripe cannot be reached or fails.
	 */
	public function of( array $data ): StripeInvoice {
		$invoice = new StripeInvoice( $data );
		if ( ! $invoice->is_paid() || '' === $invoice->payment_intent_id() ) {
			return $invoice;
		}
		$intent = new PaymentIntent( $this->stripe->retrieve_payment_intent( $invoice->payment_intent_id() ) );
		return new StripeInvoice( $data, $intent->latest_charge_id() );
	}
}
