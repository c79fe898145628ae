<?php
/**
 * Stripe events charge.refunded, charge.refund.updated, refund.created, refund.updated and refund.failed.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe\Webhooks\Listeners;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Books\Refunds\RefundLedger;
use DonationWidget\Checkout\DonationLedger;
use DonationWidget\Donations\Donation;
use DonationWidget\Gateways\Stripe\StripeClient;
use DonationWidget\Gateways\Stripe\StripeRefunds;
use DonationWidget\Gateways\Stripe\StripeGateway;

/**
 * A refund of a donation's charge, made here or in Stripe's dashboard, or one that changed
 * (pending → succeeded, or failed): the charge's refunds are listed from Stripe and each is kept
 * on its one row (RefundLedger), so a refund told of by several events, or made here and heard
 * of again, counts once, and events arriving out of order all end on Stripe's latest word. A
 * renewal is found by its charge, which the invoice listener stores from the invoice's payment.
 */
final class ChargeRefunded implements EventListener {

	/**
	 * Builds the listener.
	 *
	 * @param DonationLedger $ledger  Donation records.
	 * @param StripeClient   $stripe  Stripe.
	 * @param StripeRefunds  $refunds The charge's refunds at Stripe.
	 * @param RefundLedger   $books   The refunds kept.
	 */
	public function __construct(
		private readonly DonationLedger $ledger,
		private readonly StripeClient $stripe,
		private readonly StripeRefunds $refunds,
		private readonly RefundLedger $books
	) {
	}

	/**
	 * Records the refunds of the charge the event is about.
	 *
	 * @param string $object_id The ch_… id (charge.refunded) or re_… id (the refund events).
	 * @param string $type      The event type.
	 */
	public function handle( string $object_id, string $type ): string {
		$charge_id = 'charge.refunded' === $type ? $object_id : $this->refunds->charge_of( $object_id );
		if ( '' === $charge_id ) {
			return "ignored: refund {$object_id} names no charge";
		}
		$charge    = $this->stripe->get( '/v1/charges/' . rawurlencode( $charge_id ) );
		$charge_id = is_string( $charge['id'] ?? null ) ? $charge['id'] : $charge_id;
		$donation  = $this->ledger->find_by_reference( StripeGateway::ID, $charge_id );
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
		$refunds = $this->refunds->of_charge( $charge_id );
		if ( array() === $refunds ) {
			return "ignored: charge {$charge_id} has no refund at Stripe";
		}
		foreach ( $refunds as $refund ) {
			$donation = $this->books->record( $donation, $refund );
		}
		return "donation #{$donation->id()} {$donation->status()}, {$donation->refunded_cents()} cents refunded";
	}
}
