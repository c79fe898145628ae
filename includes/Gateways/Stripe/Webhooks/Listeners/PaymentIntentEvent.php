<?php
/**
 * Stripe events payment_intent.succeeded and payment_intent.payment_failed.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe\Webhooks\Listeners;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Checkout\DonationLedger;
use DonationWidget\Donations\Donation;
use DonationWidget\Gateways\Stripe\IntentCanceller;
use DonationWidget\Gateways\Stripe\IntentOutcomes;
use DonationWidget\Gateways\Stripe\PaymentIntent;
use DonationWidget\Gateways\Stripe\StripeClient;

/**
 * Settles the donation a PaymentIntent pays for, exactly as the widget's calls would: a card
 * whose donor closed the browser during 3-D Secure, a wallet redirect abandoned, a bank debit
 * that cleared (or bounced) days later. The intent is read from Stripe (see EventListener), so a
 * payment_failed that arrives after the success finds the intent succeeded and records that.
 */
final class PaymentIntentEvent implements EventListener {

	/**
	 * Builds the listener.
	 *
	 * @param DonationLedger  $ledger   Donation records.
	 * @param IntentOutcomes  $outcomes Reads the PaymentIntent.
	 * @param StripeClient    $stripe    Stripe.
	 * @param IntentCanceller $canceller Stops a browser-confirmed intent after a failed try.
	 */
	public function __construct(
		private readonly DonationLedger $ledger,
		private readonly IntentOutcomes $outcomes,
		private readonly StripeClient $stripe,
		private readonly IntentCanceller $canceller
	) {
	}

	/**
	 * Records the PaymentIntent's outcome on its donation.
	 *
	 * @param string $object_id The pi_… id.
	 * @param string $type      The event type.
	 */
	public function handle( string $object_id, string $type ): string {
		$intent   = new PaymentIntent( $this->stripe->retrieve_payment_intent( $object_id, array( 'latest_charge' ) ) );
		$donation = $this->donation_of( $intent );
		if ( null === $donation ) {
			// A renewal's intent names no donation: invoice.paid records renewals.
			return 'ignored: not a donation of this site, or a renewal payment';
		}
		if ( ! IntentOutcomes::matches( $donation, $intent ) ) {
			return "ignored: amount {$intent->amount()} differs from donation #{$donation->id()}";
		}
		$outcome = $this->outcomes->of( $donation, $intent );
		$moved   = $this->ledger->settle( $donation, $outcome );
		$this->canceller->after_failed_try( $donation, $intent );
		return $moved
			? "donation #{$donation->id()} {$outcome->kind}" . ( '' !== $outcome->code ? ": {$outcome->code}" : '' )
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
