<?php
/**
 * Stripe events charge.dispute.*: chargebacks on cards and BECS debits.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe\Books;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Books\Disputes\Disputes;
use DonationWidget\Checkout\DonationLedger;
use DonationWidget\Gateways\Stripe\StripeClient;
use DonationWidget\Gateways\Stripe\Webhooks\Listeners\EventListener;
use DonationWidget\Gateways\Stripe\StripeGateway;

/**
 * Each of created, updated, closed, funds_withdrawn and funds_reinstated means "read the dispute
 * again" (see EventListener): its row is written with Stripe's status now, and its donation gets
 * the status and, once lost, the lost amount (which takes it out of the totals). A late
 * "created" after "closed" reads the closed dispute, so order does not matter.
 */
final class DisputeListener implements EventListener {

	/**
	 * Builds the listener.
	 *
	 * @param DonationLedger $ledger   Finds the disputed donation.
	 * @param StripeClient   $stripe   Stripe.
	 * @param Disputes       $disputes The books' disputes.
	 */
	public function __construct(
		private readonly DonationLedger $ledger,
		private readonly StripeClient $stripe,
		private readonly Disputes $disputes
	) {
	}

	/**
	 * Records the dispute.
	 *
	 * @param string $object_id The dp_… id.
	 * @param string $type      A charge.dispute.* type.
	 */
	public function handle( string $object_id, string $type ): string {
		$data     = $this->stripe->get( '/v1/disputes/' . rawurlencode( $object_id ) );
		$charge   = $data['charge'] ?? '';
		$charge   = is_string( $charge ) ? $charge : '';
		$donation = $this->ledger->find_by_reference( StripeGateway::ID, $charge );
		if ( null === $donation && is_string( $data['payment_intent'] ?? null ) ) {
			$donation = $this->ledger->find_by_payment( $data['payment_intent'] );
			if ( null !== $donation && $charge !== $donation->provider_reference() ) {
				$donation = null;
			}
		}
		return $this->disputes->record( StripeGateway::ID, StripeDispute::of( $data, null !== $donation ? $donation->id() : 0 ), $donation );
	}
}
