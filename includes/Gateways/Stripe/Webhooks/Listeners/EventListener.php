<?php
/**
 * What every Stripe event listener does.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe\Webhooks\Listeners;

/**
 * Handles one event type. Listeners must be safe to run again for the same object (the event
 * log makes that rare, not impossible) and must never move a donation backwards: they write
 * through DonationLedger, which refuses moves DonationStatus does not allow.
 */
interface EventListener {

	/**
	 * Applies the event.
	 *
	 * @param array<mixed> $object The event's data.object.
	 * @return string What happened, for the event log.
	 */
	public function handle( array $object ): string;
}
