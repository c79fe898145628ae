<?php
/**
 * PayPal events PAYMENT.CAPTURE.REFUNDED and PAYMENT.CAPTURE.REVERSED.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\PayPal\Webhooks\Listeners;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Checkout\DonationLedger;
use DonationWidget\Donations\Donation;
use DonationWidget\Gateways\PayPal\Webhooks\CaptureResource;

/**
 * Money went back to the donor: a refund made in PayPal (in full or in part), or a reversal
 * (a chargeback or PayPal's own reversal, always the whole capture). The resource is the
 * refund; its "up" link names the capture.
 */
final class CaptureRefunded implements CaptureListener {

	/**
	 * Builds the listener.
	 *
	 * @param DonationLedger $ledger   Donation records.
	 * @param bool           $reversal Whether this is PAYMENT.CAPTURE.REVERSED.
	 */
	public function __construct( private readonly DonationLedger $ledger, private readonly bool $reversal ) {
	}

	/**
	 * Marks the capture's donation refunded (or partially_refunded).
	 *
	 * @param array<mixed> $resource The refund.
	 */
	public function handle( array $resource ): string {
		$refund     = new CaptureResource( $resource );
		$capture_id = $refund->refunded_capture_id();
		// A reversal may carry the capture itself rather than a refund of it.
		$capture_id = '' === $capture_id && $this->reversal ? $refund->id() : $capture_id;
		$donation   = $this->ledger->find_by_any_reference( Donation::PROVIDER_PAYPAL, $capture_id );
		if ( null === $donation ) {
			return '' === $capture_id ? 'ignored: the refund names no capture' : "ignored: no donation names capture {$capture_id}";
		}
		$refunded = $refund->total_refunded_cents();
		$in_full  = $this->reversal || null === $refunded || $refunded >= $donation->total_cents();
		return $this->ledger->refund( $donation, $in_full )
			? "donation #{$donation->id()} " . ( $in_full ? 'refunded' : 'partially_refunded' )
			: "ignored: donation #{$donation->id()} is {$donation->status()}";
	}
}
