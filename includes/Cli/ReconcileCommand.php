<?php
/**
 * The WP-CLI command: wp donation-widget reconcile [--dry-run] [--limit=N].
 *
 * @package DonationWidget
 */

namespace DonationWidget\Cli;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Reconciliation\ReconciliationReport;
use DonationWidget\Reconciliation\Reconciler;

/**
 * Runs one reconciliation pass now (the one WP-Cron runs every five minutes) and prints a line
 * per donation. The logic is lines_for(), a plain method; __invoke() is the thin WP-CLI glue.
 */
final class ReconcileCommand {

	/**
	 * Builds the command.
	 *
	 * @param Reconciler $reconciler The pass.
	 */
	public function __construct( private readonly Reconciler $reconciler ) {
	}

	/**
	 * Asks the payment providers about donations still open after the grace period, and
	 * records what they say, as a webhook would; starts the subscription of a paid 4-weekly
	 * first gift whose start failed.
	 *
	 * ## OPTIONS
	 *
	 * [--dry-run]
	 * : List the donations a pass would ask about; ask nobody and change nothing.
	 *
	 * [--limit=<number>]
	 * : Most donations to look at (default 50).
	 *
	 * ## EXAMPLES
	 *
	 *     wp donation-widget reconcile
	 *     wp donation-widget reconcile --dry-run --limit=200
	 *
	 * @param array                 $args       Positional arguments.
	 * @param array<string, string> $assoc_args Flags.
	 * @phpstan-param list<string> $args
	 */
	public function __invoke( array $args, array $assoc_args ): void {
		$limit = $assoc_args['limit'] ?? '0';
		if ( ! preg_match( '/^[0-9]{1,6}$/D', $limit ) ) {
			// @phpstan-ignore class.notFound (WP-CLI defines it when it runs the command.)
			\WP_CLI::error( __( '--limit must be a whole number.', 'donation-widget' ) );
			return;
		}
		$report = $this->reconciler->run( (int) $limit, isset( $assoc_args['dry-run'] ) );
		foreach ( $this->lines_for( $report ) as $line ) {
			// @phpstan-ignore class.notFound (WP-CLI defines it when it runs the command.)
			\WP_CLI::line( $line );
		}
		if ( ! $report->ran ) {
			// @phpstan-ignore class.notFound (WP-CLI defines it when it runs the command.)
			\WP_CLI::halt( 1 );
		}
	}

	/**
	 * The lines to print for a pass: one per donation, then a summary.
	 *
	 * @param ReconciliationReport $report The pass.
	 * @return list<string>
	 */
	public function lines_for( ReconciliationReport $report ): array {
		if ( ! $report->ran ) {
			return array( __( 'Another reconciliation pass is running; try again in a minute.', 'donation-widget' ) );
		}
		$lines = array();
		foreach ( $report->lines() as $line ) {
			$lines[] = sprintf( '#%d %s → %s%s', $line['id'], $line['status'], $line['result'], '' !== $line['detail'] ? ' (' . $line['detail'] . ')' : '' );
		}
		$counts = $report->counts();
		if ( array() === $counts ) {
			$lines[] = __( 'No open donation is past the grace period.', 'donation-widget' );
			return $lines;
		}
		$parts = array();
		foreach ( $counts as $result => $count ) {
			$parts[] = "{$result}: {$count}";
		}
		/* translators: %s: counts per result, such as "succeeded: 2, still_open: 1". */
		$lines[] = sprintf( __( 'Done. %s', 'donation-widget' ), implode( ', ', $parts ) );
		if ( $report->out_of_time ) {
			$lines[] = __( 'The pass reached its time limit; run it again to carry on.', 'donation-widget' );
		}
		return $lines;
	}
}
