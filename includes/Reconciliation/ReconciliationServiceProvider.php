<?php
/**
 * Wires the reconciliation pass.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Reconciliation;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Books\Fees\FeeCatchUp;
use DonationWidget\Container;
use DonationWidget\Scheduling\RecurringEvents;
use DonationWidget\ServiceProvider;

/**
 * Runs the reconciliation pass every five minutes, and the fee catch-up after it.
 */
final class ReconciliationServiceProvider implements ServiceProvider {

	/**
	 * Adds the pass's recurring event.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		RecurringEvents::add( ReconciliationSchedule::HOOK, RecurringEvents::FIVE_MINUTES );
	}

	/**
	 * The pass's work on its WP-Cron event; after it, the fees the moment of payment could not
	 * fill in (Books\Fees\FeeCatchUp: the pass also settles the payments of sites without
	 * webhooks, whose fees are then read).
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action( ReconciliationSchedule::HOOK, $container->lazy( ScheduledReconciliation::class, 'run' ) );
		add_action( ReconciliationSchedule::HOOK, $container->lazy( FeeCatchUp::class, 'run' ), 20, 0 );
	}
}
