<?php
/**
 * A gateway whose money stays in its balance.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books\Payouts;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Implemented by a gateway that makes no automatic bank deposits: a payment's net stays in the
 * provider balance until someone moves it by hand, so its donations have no payout and the
 * payouts screen lists what waits in the balance instead.
 */
interface KeepsBalance {
}
