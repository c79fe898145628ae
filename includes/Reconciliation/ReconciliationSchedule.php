<?php
/**
 * The WP-Cron event that runs the reconciliation pass.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Reconciliation;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * A recurring event every five minutes (scheduled with the plugin's other events by
 * Scheduling\RecurringEvents).
 */
final class ReconciliationSchedule {

	public const HOOK = 'donation_widget_reconcile';
}
