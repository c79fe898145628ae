<?php
/**
 * Stripe event payment_intent.payment_failed.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Webhooks\Listeners;

use DonationWidget\Donations\DonationRepository;
use DonationWidget\Payments\Stripe\PaymentIntent;
use DonationWidget\Payments\Stripe\StripeDonationSettlement;

/**
 * Records a failed attempt with Stripe's reason. A failure that arrives after the success is
 * ignored: the donation was paid.
 */
final class PaymentIntentPaymentFailed extends PaymentIntentListener {

	/**
	 * Builds the listener.
	 *
	 * @param DonationRepository       $donations  Donation records.
	 * @param StripeDonationSettlement $settlement Records the failure.
	 */
	public function __construct( DonationRepository $donations, private readonly StripeDonationSettlement $settlement ) {
		parent::__construct( $donations );
	}

	/**
	 * Marks the donation failed, if it has not succeeded.
	 *
	 * @param array<mixed> $object The PaymentIntent.
	 */
	public function handle( array $object ): string {
		$intent   = new PaymentIntent( $object );
		$donation = $this->donation_of( $intent );
		if ( null === $donation ) {
			return 'ignored: not a donation of this site';
		}
		$reason = '' !== $intent->last_error_reason() ? $intent->last_error_reason() : 'payment_failed';
		return $this->settlement->record_failure( $donation, $reason, $intent->last_error_message(), $intent->id() )
			? "donation #{$donation->id()} failed: {$reason}"
			: "ignored: donation #{$donation->id()} is {$donation->status()}";
	}
}
