<?php
/**
 * Wires the payouts' books.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books\Payouts;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Container;
use DonationWidget\Scheduling\RecurringEvents;
use DonationWidget\ServiceProvider;

/**
 * The payouts' tables and the books that fill them, from the paying-out gateways' listeners
 * (each gateway registers its own) and the hourly reconciliation pass.
 */
final class PayoutsServiceProvider implements ServiceProvider {

	/**
	 * Its hourly event; every class here is built from its constructor.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		RecurringEvents::add( PayoutSchedule::HOOK, 'hourly' );
	}

	/**
	 * The reconciliation pass's work on its WP-Cron event.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action( PayoutSchedule::HOOK, $container->lazy( PayoutReconciler::class, 'run_on_schedule' ) );
	}
}
