<?php
/**
 * A provider whose local stand-in can pay out on demand, for the demo.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books\Payouts;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Http\ProviderUnavailable;

/**
 * Implemented by a paying-out gateway (a PayoutSource) whose provider stand-in
 * (tests/stand-ins) can make, now, the payout the provider would make days later: the demo's
 * "Simulate a payout" button (Admin\Payouts\DemoPayout) asks it, in demo mode only, then records
 * the payout through PayoutReconciler as a real one is recorded. Found like the other
 * capabilities, with GatewayRegistry::implementing().
 */
interface SimulatesPayouts {

	/**
	 * Whether its stand-in is there to ask (on this machine); never on a site that talks to
	 * the provider itself.
	 */
	public function can_simulate_payout(): bool;

	/**
	 * Asks the stand-in to pay out now everything taken and not paid out yet, as paid.
	 *
	 * @return string The payout's id, or '' when there was nothing to pay out.
	 * @throws ProviderUnavailable When there is no stand-in, or it does not answer as it documents.
	 */
	public function simulate_payout(): string;
}
