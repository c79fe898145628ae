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
		return $this->ledger->settle( $donation, PaymentOutcome::paid( $capture->id() ) )
			? "donation #{$donation->id()} succeeded"
			: "ignored: donation #{$donation->id()} is {$donation->status()}";
	}
}
