<?php
/**
 * PayPal event PAYMENT.CAPTURE.COMPLETED.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\PayPal\Webhooks\Listeners;

use DonationWidget\Checkout\DonationLedger;
use DonationWidget\Checkout\PaymentOutcome;
use DonationWidget\Donations\Donation;
use DonationWidget\Donations\DonationForm;
use DonationWidget\Gateways\PayPal\PayPalCapture;
use DonationWidget\Gateways\PayPal\Webhooks\CaptureResource;

/**
 * A capture completed: a donation left pending (PayPal was still reviewing it, or did not
 * answer when the donor's browser reported it) is recorded as paid, with its receipt, exactly
 * as the widget's call would have. The amount must still be the donation's total, in AUD.
 *
 * A capture the browser never reported (the donor paid, then the page closed or the network
 * failed) is named by no record yet: its donation is the one the opening call wrote for its
 * order (payment_intent_id), else the one whose attemptId is the capture's invoice_id. The
 * capture is claimed for it before it is recorded paid, so it is recorded (and receipted) once.
 */
final class CaptureCompleted implements CaptureListener {

	/**
	 * Builds the listener.
	 *
	 * @param DonationLedger $ledger Donation records.
	 */
	public function __construct( private readonly DonationLedger $ledger ) {
	}

	/**
	 * Settles the capture's donation as paid.
	 *
	 * @param array<mixed> $resource The capture.
	 */
	public function handle( array $resource ): string {
		$capture  = new CaptureResource( $resource );
		$donation = $this->ledger->find_by_any_reference( Donation::PROVIDER_PAYPAL, $capture->id() );
		$opened   = null === $donation ? $this->opened_for( $capture ) : null;
		$donation = $donation ?? $opened;
		if ( null === $donation ) {
			// Money came in that no donor reported: the charity must hear of it.
			// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- money without a record must reach the site's error log.
			error_log( "Donation Widget: PayPal capture {$capture->id()} completed, but no donation of this site names it." );
			return "ignored: no donation names capture {$capture->id()}";
		}
		if ( PayPalCapture::COMPLETED !== $capture->status() ) {
			return "ignored: capture {$capture->id()} is {$capture->status()}";
		}
		if ( DonationForm::CURRENCY !== $capture->currency() || $capture->cents() !== $donation->total_cents() ) {
			return "ignored: capture {$capture->id()} amount differs from donation #{$donation->id()}";
		}
		if ( null !== $opened && ! $this->ledger->claim_reference( $opened, $capture->id() ) ) {
			return "ignored: capture {$capture->id()} is recorded for another donation";
		}
		return $this->ledger->settle( $donation, PaymentOutcome::paid( $capture->id() ) )
			? "donation #{$donation->id()} succeeded"
			: "ignored: donation #{$donation->id()} is {$donation->status()}";
	}

	/**
	 * The PayPal donation opened for the capture's order, else for its invoice_id (attemptId),
	 * as long as it names no other order.
	 *
	 * @param CaptureResource $capture The capture.
	 */
	private function opened_for( CaptureResource $capture ): ?Donation {
		$order_id = $capture->order_id();
		$donation = '' !== $order_id ? $this->ledger->find_by_payment( $order_id ) : null;
		if ( null === $donation && '' !== $capture->invoice_id() ) {
			$donation = $this->ledger->find_by_attempt( $capture->invoice_id() );
			if ( null !== $donation && '' !== $order_id && '' !== $donation->payment_intent_id() && $order_id !== $donation->payment_intent_id() ) {
				return null;
			}
		}
		return null !== $donation && Donation::PROVIDER_PAYPAL === $donation->provider() ? $donation : null;
	}
}
