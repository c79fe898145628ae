<?php
/**
 * The WP-Cron event that reads recent payouts.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books\Payouts;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * A recurring hourly event (scheduled with the plugin's other events by
 * Scheduling\RecurringEvents): payouts happen at most daily, so an hour's delay is enough.
 */
final class PayoutSchedule {

	public const HOOK = 'donation_widget_reconcile_payouts';
}
