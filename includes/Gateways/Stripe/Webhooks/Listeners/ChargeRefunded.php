<?php
/**
 * Stripe event charge.refunded.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe\Webhooks\Listeners;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Checkout\DonationLedger;
use DonationWidget\Donations\Donation;
use DonationWidget\Gateways\Stripe\StripeClient;

/**
 * A refund made in Stripe's dashboard: the donation becomes refunded (or partially_refunded),
 * as the charge read from Stripe says. A renewal is found by its charge, which the invoice
 * listener stores from the invoice's payment.
 */
final class ChargeRefunded implements EventListener {

	/**
	 * Builds the listener.
	 *
	 * @param DonationLedger $ledger Donation records.
	 * @param StripeClient   $stripe Stripe.
	 */
	public function __construct( private readonly DonationLedger $ledger, private readonly StripeClient $stripe ) {
	}

	/**
	 * Marks the charge's donation refunded.
	 *
	 * @param string $object_id The ch_… id.
	 * @param string $type      charge.refunded.
	 */
	public function handle( string $object_id, string $type ): string {
		$charge    = $this->stripe->get( '/v1/charges/' . rawurlencode( $object_id ) );
		$charge_id = is_string( $charge['id'] ?? null ) ? $charge['id'] : $object_id;
		$donation  = $this->ledger->find_by_reference( Donation::PROVIDER_STRIPE, $charge_id );
		if ( null === $donation ) {
			$intent   = is_string( $charge['payment_intent'] ?? null ) ? $charge['payment_intent'] : '';
			$donation = '' === $intent ? null : $this->ledger->find_by_payment( $intent );
			if ( null !== $donation && $charge_id !== $donation->provider_reference() ) {
				$donation = null;
			}
		}
		if ( null === $donation ) {
			return 'ignored: not a donation of this site';
		}
		$amount   = is_numeric( $charge['amount'] ?? null ) ? (int) $charge['amount'] : 0;
		$refunded = is_numeric( $charge['amount_refunded'] ?? null ) ? (int) $charge['amount_refunded'] : 0;
		if ( $refunded <= 0 ) {
			return "ignored: charge {$charge_id} has no refund at Stripe";
		}
		$in_full = true === ( $charge['refunded'] ?? false ) || ( $amount > 0 && $refunded >= $amount );
		return $this->ledger->refund( $donation, $in_full )
			? "donation #{$donation->id()} " . ( $in_full ? 'refunded' : 'partially_refunded' )
			: "ignored: donation #{$donation->id()} is {$donation->status()}";
	}
}
