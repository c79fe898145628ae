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

use DonationWidget\Books\Refunds\RefundLedger;
use DonationWidget\Checkout\DonationLedger;
use DonationWidget\Donations\Donation;
use DonationWidget\Gateways\PayPal\PayPalRefunds;
use DonationWidget\Gateways\PayPal\Webhooks\CaptureResource;
use DonationWidget\Gateways\PayPal\PayPalGateway;

/**
 * Money went back to the donor: a refund made in PayPal (in full or in part), or a reversal
 * (a chargeback or PayPal's own reversal, always the whole capture). The resource is the
 * refund; its "up" link names the capture. A refund is kept on its one row (RefundLedger: the
 * row the site claimed when it asked for it, named in custom_id), so it counts once however
 * often PayPal tells of it; a reversal, with no refund of its own, refunds the whole donation.
 */
final class CaptureRefunded implements CaptureListener {

	/**
	 * Builds the listener.
	 *
	 * @param DonationLedger    $ledger   Donation records.
	 * @param bool              $reversal Whether this is PAYMENT.CAPTURE.REVERSED.
	 * @param RefundLedger|null $books    The refunds kept (null: reversals, which have none).
	 */
	public function __construct( private readonly DonationLedger $ledger, private readonly bool $reversal, private readonly ?RefundLedger $books = null ) {
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
		$donation   = $this->ledger->find_by_any_reference( PayPalGateway::ID, $capture_id );
		if ( null === $donation ) {
			return '' === $capture_id ? 'ignored: the refund names no capture' : "ignored: no donation names capture {$capture_id}";
		}
		if ( ! $this->reversal && null !== $this->books && '' !== $refund->id() && null !== $refund->cents() ) {
			$donation = $this->books->record( $donation, PayPalRefunds::from_paypal( $resource ) );
			return "donation #{$donation->id()} {$donation->status()}, {$donation->refunded_cents()} cents refunded";
		}
		$refunded = $refund->total_refunded_cents();
		$in_full  = $this->reversal || null === $refunded || $refunded >= $donation->total_cents();
		return $this->ledger->refund( $donation, $in_full )
			? "donation #{$donation->id()} " . ( $in_full ? 'refunded' : 'partially_refunded' )
			: "ignored: donation #{$donation->id()} is {$donation->status()}";
	}
}
