<?php
/**
 * What the two invoice listeners share.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe\Webhooks\Listeners;

use DonationWidget\Checkout\DonationLedger;
use DonationWidget\Donations\Donation;
use DonationWidget\Gateways\Stripe\Webhooks\StripeInvoice;

/**
 * An invoice event of a subscription this site started: found through the subscription's first
 * donation, and recorded as a renewal keyed "invoice:<id>" so a repeated event cannot record it
 * twice.
 */
abstract class InvoiceListener implements EventListener {

	/**
	 * Builds the listener.
	 *
	 * @param DonationLedger $ledger Donation records.
	 */
	public function __construct( protected readonly DonationLedger $ledger ) {
	}

	/**
	 * Finds the subscription's first donation, then handles the invoice.
	 *
	 * @param array<mixed> $object The invoice.
	 */
	final public function handle( array $object ): string {
		$invoice = new StripeInvoice( $object );
		$first   = $this->ledger->first_of_subscription( $invoice->subscription_id() );
		if ( null === $first ) {
			return 'ignored: not a subscription of this site';
		}
		return $this->handle_invoice( $invoice, $first );
	}

	/**
	 * Handles an invoice of one of this site's subscriptions.
	 *
	 * @param StripeInvoice $invoice The invoice.
	 * @param Donation      $first   The subscription's first donation.
	 * @return string What happened, for the event log.
	 */
	abstract protected function handle_invoice( StripeInvoice $invoice, Donation $first ): string;

	/**
	 * The columns of a renewal row for this invoice.
	 *
	 * @param StripeInvoice $invoice The invoice.
	 * @param Donation      $first   The subscription's first donation.
	 * @param int           $cents   The amount paid or due.
	 * @return array<string, int|string>
	 */
	protected static function renewal( StripeInvoice $invoice, Donation $first, int $cents ): array {
		// A renewal repeats the first donation's gift and cover.
		return $first->renewal_split( $cents ) + array(
			'currency'          => '' !== $invoice->currency() ? $invoice->currency() : $first->currency(),
			'payment_intent_id' => $invoice->payment_intent_id(),
		);
	}
}
