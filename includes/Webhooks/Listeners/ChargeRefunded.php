<?php
/**
 * Stripe event charge.refunded.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Webhooks\Listeners;

use DonationWidget\Donations\Donation;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Donations\DonationStatus;

/**
 * A refund made in Stripe's dashboard: the donation becomes refunded (or partially_refunded).
 */
final class ChargeRefunded implements EventListener {

	/**
	 * Builds the listener.
	 *
	 * @param DonationRepository $donations Donation records.
	 */
	public function __construct( private readonly DonationRepository $donations ) {
	}

	/**
	 * Marks the charge's donation refunded.
	 *
	 * @param array<mixed> $object The charge.
	 */
	public function handle( array $object ): string {
		$charge_id = is_string( $object['id'] ?? null ) ? $object['id'] : '';
		$donation  = $this->donations->find_by_reference( Donation::PROVIDER_STRIPE, $charge_id );
		if ( null === $donation ) {
			$intent   = is_string( $object['payment_intent'] ?? null ) ? $object['payment_intent'] : '';
			$donation = $this->donations->find_by_payment_intent( $intent );
			if ( null !== $donation && $charge_id !== $donation->provider_reference() ) {
				$donation = null;
			}
		}
		if ( null === $donation ) {
			return 'ignored: not a donation of this site';
		}
		$amount   = is_numeric( $object['amount'] ?? null ) ? (int) $object['amount'] : 0;
		$refunded = is_numeric( $object['amount_refunded'] ?? null ) ? (int) $object['amount_refunded'] : 0;
		$status   = ( true === ( $object['refunded'] ?? false ) || ( $amount > 0 && $refunded >= $amount ) ) ? DonationStatus::REFUNDED : DonationStatus::PARTIALLY_REFUNDED;
		return $this->donations->move( $donation->id(), $status )
			? "donation #{$donation->id()} {$status}"
			: "ignored: donation #{$donation->id()} is {$donation->status()}";
	}
}
