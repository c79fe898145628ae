<?php
/**
 * What every PayPal capture event listener does.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\PayPal\Webhooks\Listeners;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Handles one PayPal event type. Listeners must be safe to run again for the same resource and
 * never move a donation backwards: they write through DonationLedger, which refuses moves
 * DonationStatus does not allow.
 */
interface CaptureListener {

	/**
	 * Applies the event.
	 *
	 * @param array<mixed> $resource The event's resource (a capture, or a refund of one).
	 * @return string What happened, for the event log.
	 * @throws \DonationWidget\Webhooks\EventObjectGone When PayPal no longer has what the event is about.
	 */
	public function handle( array $resource ): string;
}
