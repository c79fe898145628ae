<?php
/**
 * Shared by the PaymentIntent listeners.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Webhooks\Listeners;

use DonationWidget\Donations\Donation;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Payments\Stripe\PaymentIntent;

/**
 * Finds the donation a PaymentIntent pays for: by the payment_intent_id stored on the row, or,
 * when the widget's call never got Stripe's answer (a timeout, a closed browser), by the
 * donation_id and attempt_id the plugin wrote into the intent's metadata.
 */
abstract class PaymentIntentListener implements EventListener {

	/**
	 * Builds the listener.
	 *
	 * @param DonationRepository $donations Donation records.
	 */
	public function __construct( protected readonly DonationRepository $donations ) {
	}

	/**
	 * The donation of a PaymentIntent, or null when it is not one of this site's donations.
	 *
	 * @param PaymentIntent $intent The PaymentIntent.
	 */
	protected function donation_of( PaymentIntent $intent ): ?Donation {
		$donation = $this->donations->find_by_payment_intent( $intent->id() );
		if ( null !== $donation ) {
			return $donation;
		}
		$attempt_id = $intent->metadata( 'attempt_id' );
		if ( '' === $attempt_id ) {
			return null;
		}
		$donation = $this->donations->find_by_attempt( $attempt_id );
		if ( null === $donation
			|| (string) $donation->id() !== $intent->metadata( 'donation_id' )
			|| ( '' !== $donation->payment_intent_id() && $intent->id() !== $donation->payment_intent_id() ) ) {
			return null;
		}
		return $donation;
	}
}
