<?php
/**
 * Stripe events payment_intent.succeeded and payment_intent.payment_failed.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe\Webhooks\Listeners;

use DonationWidget\Checkout\DonationLedger;
use DonationWidget\Checkout\PaymentOutcome;
use DonationWidget\Donations\Donation;
use DonationWidget\Gateways\Stripe\IntentOutcomes;
use DonationWidget\Gateways\Stripe\PaymentIntent;

/**
 * Settles the donation a PaymentIntent pays for, exactly as the widget's calls would: a card
 * whose donor closed the browser during 3-D Secure, a wallet redirect abandoned, a bank debit
 * that cleared (or bounced) days later. A failure that arrives after the success is ignored:
 * the donation was paid.
 */
final class PaymentIntentEvent implements EventListener {

	/**
	 * Builds the listener.
	 *
	 * @param DonationLedger $ledger   Donation records.
	 * @param IntentOutcomes $outcomes Reads the PaymentIntent.
	 * @param bool           $failed   Whether this is payment_intent.payment_failed.
	 */
	public function __construct(
		private readonly DonationLedger $ledger,
		private readonly IntentOutcomes $outcomes,
		private readonly bool $failed
	) {
	}

	/**
	 * Records the PaymentIntent's outcome on its donation.
	 *
	 * @param array<string, mixed> $object The PaymentIntent.
	 * @return string What happened.
	 */
	public function handle( array $object ): string {
		$intent   = new PaymentIntent( $object );
		$donation = $this->donation_of( $intent );
		if ( null === $donation ) {
			return '' !== $intent->invoice_id()
				? 'ignored: a renewal payment (invoice.paid records it)'
				: 'ignored: not a donation of this site';
		}
		if ( $this->failed ) {
			$reason  = '' !== $intent->last_error_reason() ? $intent->last_error_reason() : 'payment_failed';
			$outcome = PaymentOutcome::declined( $reason, '', $intent->last_error_message(), $intent->id() );
			return $this->ledger->settle( $donation, $outcome )
				? "donation #{$donation->id()} failed: {$reason}"
				: "ignored: donation #{$donation->id()} is {$donation->status()}";
		}
		if ( $intent->amount() !== $donation->total_cents() ) {
			return "ignored: amount {$intent->amount()} differs from donation #{$donation->id()}";
		}
		return $this->ledger->settle( $donation, $this->outcomes->of( $donation, $intent ) )
			? "donation #{$donation->id()} succeeded"
			: "ignored: donation #{$donation->id()} is {$donation->status()}";
	}

	/**
	 * The donation a PaymentIntent pays for: by its id, or (when the widget's call died before
	 * the id was saved) by the attempt in its metadata, double-checked against the donation id.
	 *
	 * @param PaymentIntent $intent The PaymentIntent.
	 */
	private function donation_of( PaymentIntent $intent ): ?Donation {
		$donation = $this->ledger->find_by_payment( $intent->id() );
		if ( null !== $donation ) {
			return $donation;
		}
		$attempt_id = $intent->metadata( 'attempt_id' );
		if ( '' === $attempt_id ) {
			return null;
		}
		$donation = $this->ledger->find_by_attempt( $attempt_id );
		if ( null === $donation
			|| (string) $donation->id() !== $intent->metadata( 'donation_id' )
			|| ( '' !== $donation->payment_intent_id() && $intent->id() !== $donation->payment_intent_id() ) ) {
			return null;
		}
		return $donation;
	}
}
