<?php
/**
 * PayPal events PAYMENT.CAPTURE.COMPLETED and PAYMENT.CAPTURE.DENIED.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\PayPal\Webhooks\Listeners;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Checkout\DonationLedger;
use DonationWidget\Checkout\PaymentOutcome;
use DonationWidget\Donations\Donation;
use DonationWidget\Gateways\PayPal\PayPalClient;
use DonationWidget\Gateways\PayPal\PayPalPayment;
use DonationWidget\Gateways\PayPal\Webhooks\CaptureResource;
use DonationWidget\Gateways\PayPal\PayPalGateway;
use DonationWidget\Webhooks\EventObjectGone;

/**
 * A capture completed, or its review denied it: the capture is read from PayPal and checked
 * exactly as the widget's call checks it (PayPalPayment::verify(): made by this widget for the
 * donation's attempt, completed, of its amount), then recorded through the ledger. So a donation
 * left pending (PayPal was still reviewing it, or did not answer when the donor's browser
 * reported it) is completed with its receipt, a denied one fails, and a capture this widget did
 * not make is never recorded.
 *
 * A capture the browser never reported (the donor paid, then the page closed or the network
 * failed) is named by no record yet: its donation is the one the opening call wrote for its
 * order (payment_intent_id), else the one whose attemptId is the capture's invoice_id.
 */
final class CaptureCompleted implements CaptureListener {

	/**
	 * Builds the listener.
	 *
	 * @param DonationLedger $ledger  Donation records.
	 * @param PayPalClient   $paypal  Reads the capture.
	 * @param PayPalPayment  $payment Checks it.
	 */
	public function __construct(
		private readonly DonationLedger $ledger,
		private readonly PayPalClient $paypal,
		private readonly PayPalPayment $payment
	) {
	}

	/**
	 * Settles the capture's donation as PayPal has it now.
	 *
	 * @param array<mixed> $resource The capture.
	 * @throws EventObjectGone When PayPal has no such capture (any more).
	 */
	public function handle( array $resource ): string {
		$notice   = new CaptureResource( $resource );
		$donation = $this->ledger->find_by_any_reference( PayPalGateway::ID, $notice->id() ) ?? $this->opened_for( $notice );
		if ( null === $donation ) {
			// Money came in that no donor reported: the charity must hear of it.
			// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- money without a record must reach the site's error log.
			error_log( "Donation Widget: PayPal capture {$notice->id()} ({$notice->status()}) names no donation of this site." );
			return "ignored: no donation names capture {$notice->id()}";
		}
		$capture = $this->paypal->capture( $notice->id() );
		if ( null === $capture ) {
			// Acknowledged and shown in webhook health: no retry of the event can change this.
			throw new EventObjectGone( esc_html( PayPalGateway::ID ), esc_html( "PayPal has no capture {$notice->id()} for this account" ) );
		}
		$outcome = $this->payment->verify( $donation, $capture );
		if ( PaymentOutcome::FOREIGN === $outcome->kind ) {
			return "ignored: capture {$notice->id()} was not made for donation #{$donation->id()}";
		}
		return $this->ledger->settle( $donation, $outcome )
			? "donation #{$donation->id()} {$outcome->kind}" . ( '' !== $outcome->code ? ": {$outcome->code}" : '' )
			: "ignored: donation #{$donation->id()} is {$donation->status()}";
	}

	/**
	 * The PayPal donation opened for the capture's order, else for its invoice_id (attemptId).
	 *
	 * @param CaptureResource $capture The capture.
	 */
	private function opened_for( CaptureResource $capture ): ?Donation {
		$order_id = $capture->order_id();
		$donation = '' !== $order_id ? $this->ledger->find_by_payment( $order_id ) : null;
		if ( null === $donation && '' !== $capture->invoice_id() ) {
			$donation = $this->ledger->find_by_attempt( strtolower( $capture->invoice_id() ) );
		}
		return null !== $donation && PayPalGateway::ID === $donation->provider() ? $donation : null;
	}
}
