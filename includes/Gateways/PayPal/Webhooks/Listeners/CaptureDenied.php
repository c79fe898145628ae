<?php
/**
 * PayPal event PAYMENT.CAPTURE.DENIED.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\PayPal\Webhooks\Listeners;

use DonationWidget\Checkout\DonationLedger;
use DonationWidget\Checkout\PaymentOutcome;
use DonationWidget\Donations\Donation;
use DonationWidget\Gateways\PayPal\Webhooks\CaptureResource;

/**
 * A pending capture was denied (PayPal's review refused it): its donation, still open, ends
 * failed. A paid donation is never moved back (the ledger refuses it).
 */
final class CaptureDenied implements CaptureListener {

	/**
	 * Builds the listener.
	 *
	 * @param DonationLedger $ledger Donation records.
	 */
	public function __construct( private readonly DonationLedger $ledger ) {
	}

	/**
	 * Marks the capture's open donation failed.
	 *
	 * @param array<mixed> $resource The capture.
	 */
	public function handle( array $resource ): string {
		$capture  = new CaptureResource( $resource );
		$donation = $this->ledger->find_by_any_reference( Donation::PROVIDER_PAYPAL, $capture->id() );
		if ( null === $donation ) {
			return "ignored: no donation names capture {$capture->id()}";
		}
		$outcome = PaymentOutcome::declined( 'capture_denied', '', "PayPal denied capture {$capture->id()}." );
		return $this->ledger->settle( $donation, $outcome )
			? "donation #{$donation->id()} failed: capture_denied"
			: "ignored: donation #{$donation->id()} is {$donation->status()}";
	}
}
