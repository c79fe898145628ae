<?php
/**
 * What every Stripe event listener does.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe\Webhooks\Listeners;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Gateways\Stripe\StripeRequestError;
use DonationWidget\Http\ProviderUnavailable;

/**
 * Handles one event type. An event is only a notice that an object changed: its payload is
 * written in the webhook endpoint's API version, which the plugin does not choose (an endpoint
 * made in Stripe's dashboard gets the account's default). So a listener reads the object again
 * from Stripe, in the plugin's pinned version, and records what that says. This also makes a
 * late or repeated event harmless: it records the object's state now, not the state it was sent
 * about. Listeners must be safe to run again and never move a donation backwards: they write
 * through DonationLedger, which refuses moves DonationStatus does not allow.
 */
interface EventListener {

	/**
	 * Applies the event.
	 *
	 * @param string $object_id The id of the event's data.object (pi_…, in_…, ch_…, sub_…).
	 * @param string $type      The event type, for listeners of several.
	 * @return string What happened, for the event log.
	 * @throws StripeRequestError  When Stripe refuses to read the object.
	 * @throws ProviderUnavailable When Stripe cannot be reached: the delivery fails and Stripe retries.
	 */
	public function handle( string $object_id, string $type ): string;
}
