<?php
/**
 * Stripe event invoice.paid.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Webhooks\Listeners;

use DonationWidget\Donations\DonationRepository;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Donations\SubscriptionRepository;
use DonationWidget\Payments\Stripe\PaymentIntent;
use DonationWidget\Payments\Stripe\StripeDonationSettlement;
use DonationWidget\Webhooks\StripeInvoice;

/**
 * Every 4 weeks Stripe collects a subscription's invoice. The first invoice (subscription_create)
 * is the donation made in the widget, so it completes that row; each later one becomes a
 * donation row of its own, linked to the subscription and keyed "invoice:<id>" so a repeated
 * event cannot record it twice.
 */
final class InvoicePaid implements EventListener {

	/**
	 * Builds the listener.
	 *
	 * @param DonationRepository       $donations     Donation records.
	 * @param SubscriptionRepository   $subscriptions 4-weekly subscriptions.
	 * @param StripeDonationSettlement $settlement    Records payments.
	 */
	public function __construct(
		private readonly DonationRepository $donations,
		private readonly SubscriptionRepository $subscriptions,
		private readonly StripeDonationSettlement $settlement
	) {
	}

	/**
	 * Records the paid invoice.
	 *
	 * @param array<mixed> $object The invoice.
	 */
	public function handle( array $object ): string {
		$invoice = new StripeInvoice( $object );
		$first   = $this->donations->find_first_of_subscription( $invoice->subscription_id() );
		if ( null === $first ) {
			return 'ignored: not a subscription of this site';
		}
		$this->subscriptions->activate( $invoice->subscription_id() );
		// What the settlement needs of the invoice's PaymentIntent: its id and the charge.
		$payment = new PaymentIntent(
			array(
				'id'            => $invoice->payment_intent_id(),
				'status'        => PaymentIntent::SUCCEEDED,
				'latest_charge' => $invoice->charge_id(),
			)
		);

		if ( $invoice->is_first() ) {
			return $this->settlement->record_success( $first, $payment )
				? "donation #{$first->id()} succeeded (first invoice)"
				: "ignored: donation #{$first->id()} is {$first->status()}";
		}

		$attempt_id = 'invoice:' . $invoice->id();
		$renewal    = $this->donations->create_renewal(
			$first,
			$attempt_id,
			array(
				'status'             => DonationStatus::SUCCEEDED,
				'amount_cents'       => $invoice->amount_paid(),
				'cover_cents'        => 0,
				'total_cents'        => $invoice->amount_paid(),
				'currency'           => '' !== $invoice->currency() ? $invoice->currency() : $first->currency(),
				'payment_intent_id'  => $invoice->payment_intent_id(),
				'provider_reference' => $invoice->charge_id(),
			)
		);
		if ( null !== $renewal ) {
			if ( '' !== $invoice->charge_id() ) {
				$this->donations->claim_reference( $renewal->provider(), $invoice->charge_id(), $renewal->id() );
			}
			return "renewal donation #{$renewal->id()} recorded";
		}
		// Recorded before, as a failed collection that Stripe has now retried successfully.
		$existing = $this->donations->find_by_attempt( $attempt_id );
		if ( null === $existing ) {
			return 'ignored: the renewal could not be recorded';
		}
		return $this->settlement->record_success( $existing, $payment )
			? "renewal donation #{$existing->id()} succeeded"
			: "ignored: renewal donation #{$existing->id()} is {$existing->status()}";
	}
}
