<?php
/**
 * Stripe events charge.succeeded and charge.updated: the payment's fee.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe\Books;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Books\Fees\FeeLedger;
use DonationWidget\Checkout\DonationLedger;
use DonationWidget\Gateways\Stripe\StripeClient;
use DonationWidget\Gateways\Stripe\Webhooks\Listeners\EventListener;
use DonationWidget\Gateways\Stripe\StripeGateway;

/**
 * A card charge succeeds with its balance transaction; a BECS debit's charge gets one when the
 * bank clears it, days later (charge.succeeded), and Stripe sends charge.updated when it adds a
 * balance transaction afterwards. The charge is read again with the transaction expanded (see
 * EventListener) and its fee and net are written on the donation.
 */
final class ChargeFeeListener implements EventListener {

	/**
	 * Builds the listener.
	 *
	 * @param DonationLedger $ledger   Finds the donation of a charge.
	 * @param StripeClient   $stripe   Stripe.
	 * @param FeeLedger      $fees Writes the fee.
	 */
	public function __construct(
		private readonly DonationLedger $ledger,
		private readonly StripeClient $stripe,
		private readonly FeeLedger $fees
	) {
	}

	/**
	 * Records the charge's fee on its donation.
	 *
	 * @param string $object_id The ch_… id.
	 * @param string $type      charge.succeeded or charge.updated.
	 */
	public function handle( string $object_id, string $type ): string {
		$charge = $this->stripe->get( '/v1/charges/' . rawurlencode( $object_id ), array( 'expand' => array( 'balance_transaction' ) ) );
		if ( 'succeeded' !== ( $charge['status'] ?? '' ) ) {
			return "ignored: charge {$object_id} has not succeeded";
		}
		$donation = $this->ledger->find_by_reference( StripeGateway::ID, $object_id );
		if ( null === $donation ) {
			$intent   = is_string( $charge['payment_intent'] ?? null ) ? $charge['payment_intent'] : '';
			$donation = '' === $intent ? null : $this->ledger->find_by_payment( $intent );
		}
		if ( null === $donation || ( '' !== $donation->provider_reference() && $object_id !== $donation->provider_reference() ) ) {
			// A renewal is found by its charge once invoice.paid has recorded it; until then the
			// catch-up pass records its fee.
			return 'ignored: not a recorded donation of this site';
		}
		if ( null !== $donation->fee_cents() ) {
			return "ignored: donation #{$donation->id()} has its fee";
		}
		return $this->fees->record_fee( $donation, StripeFees::of_charge( $charge ) )
			? "donation #{$donation->id()} fee recorded"
			: "ignored: charge {$object_id} has no balance transaction yet";
	}
}
