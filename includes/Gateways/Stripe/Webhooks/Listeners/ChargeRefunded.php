<?php
/**
 * Stripe event charge.refunded.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe\Webhooks\Listeners;

use DonationWidget\Donations\Donation;
use DonationWidget\Checkout\DonationLedger;

/**
 * A refund made in Stripe's dashboard: the donation becomes refunded (or partially_refunded).
 */
final class ChargeRefunded implements EventListener {

	/**
	 * Builds the listener.
	 *
	 * @param DonationLedger $ledger Donation records.
	 */
	public function __construct( private readonly DonationLedger $ledger ) {
	}

	/**
	 * Marks the charge's donation refunded.
	 *
	 * @param array<mixed> $object The charge.
	 */
	public function handle( array $object ): string {
		$charge_id = is_string( $object['id'] ?? null ) ? $object['id'] : '';
		$donation  = $this->ledger->find_by_reference( Donation::PROVIDER_STRIPE, $charge_id );
		if ( null === $donation ) {
			$intent   = is_string( $object['payment_intent'] ?? null ) ? $object['payment_intent'] : '';
			$donation = $this->ledger->find_by_payment( $intent );
			if ( null !== $donation && $charge_id !== $donation->provider_reference() ) {
				$donation = null;
			}
		}
		if ( null === $donation ) {
			return 'ignored: not a donation of this site';
		}
		$amount   = is_numeric( $object['amount'] ?? null ) ? (int) $object['amount'] : 0;
		$refunded = is_numeric( $object['amount_refunded'] ?? null ) ? (int) $object['amount_refunded'] : 0;
		$in_full  = true === ( $object['refunded'] ?? false ) || ( $amount > 0 && $refunded >= $amount );
		return $this->ledger->refund( $donation, $in_full )
			? "donation #{$donation->id()} " . ( $in_full ? 'refunded' : 'partially_refunded' )
			: "ignored: donation #{$donation->id()} is {$donation->status()}";
	}
}
