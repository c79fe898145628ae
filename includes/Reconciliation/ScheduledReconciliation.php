<?php
/**
 * The reconciliation pass as WP-Cron runs it.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Reconciliation;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Runs the pass and writes what it recorded to the site's error log.
 */
final class ScheduledReconciliation {

	/**
	 * Takes the pass.
	 *
	 * @param Reconciler $reconciler The reconciliation pass.
	 */
	public function __construct( private readonly Reconciler $reconciler ) {
	}

	/**
	 * The ReconciliationSchedule::HOOK action.
	 */
	public function run(): void {
		$counts = $this->reconciler->run()->counts();
		unset( $counts[ ReconciliationReport::STILL_OPEN ] );
		if ( array() === $counts ) {
			return;
		}
		$parts = array();
		foreach ( $counts as $result => $count ) {
			$parts[] = "{$count} {$result}";
		}
		// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- admins need to see what reconciliation recorded.
		error_log( 'Donation Widget reconciliation: ' . implode( ', ', $parts ) . '.' );
	}
}
