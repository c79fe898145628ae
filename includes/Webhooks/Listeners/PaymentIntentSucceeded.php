<?php
/**
 * Stripe event payment_intent.succeeded.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Webhooks\Listeners;

use DonationWidget\Donations\DonationRepository;
use DonationWidget\Payments\Stripe\PaymentIntent;
use DonationWidget\Payments\Stripe\StripeDonationSettlement;

/**
 * Completes a donation whose browser never came back (closed during 3-D Secure, lost network,
 * a wallet redirect abandoned), or confirms one the widget's call already completed.
 */
final class PaymentIntentSucceeded extends PaymentIntentListener {

	/**
	 * Builds the listener.
	 *
	 * @param DonationRepository       $donations  Donation records.
	 * @param StripeDonationSettlement $settlement Records the payment.
	 */
	public function __construct( DonationRepository $donations, private readonly StripeDonationSettlement $settlement ) {
		parent::__construct( $donations );
	}

	/**
	 * Marks the donation succeeded.
	 *
	 * @param array<mixed> $object The PaymentIntent.
	 */
	public function handle( array $object ): string {
		$intent   = new PaymentIntent( $object );
		$donation = $this->donation_of( $intent );
		if ( null === $donation ) {
			return '' !== $intent->invoice_id()
				? 'ignored: a renewal payment (invoice.paid records it)'
				: 'ignored: not a donation of this site';
		}
		if ( $intent->amount() !== $donation->total_cents() ) {
			return "ignored: amount {$intent->amount()} differs from donation #{$donation->id()}";
		}
		return $this->settlement->record_success( $donation, $intent )
			? "donation #{$donation->id()} succeeded"
			: "ignored: donation #{$donation->id()} is {$donation->status()}";
	}
}
