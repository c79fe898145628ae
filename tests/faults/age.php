<?php
/**
 * Lets time pass for the reconciliation pass: every donation, refund and card-update row of the
 * matrix's site is made some seconds older, as if the pass came that much later. The matrix runs
 * the pass only once nothing of a wave is in flight, so this is the clock moving on, without the
 * wait (the pass's grace period is a whole second, and rows are stamped in whole seconds).
 * Required by site.php and call.php; never shipped.
 *
 * @package DonationWidget
 */

// phpcs:disable -- a command-line test helper outside the plugin's code.

use DonationWidget\Database\Schema;

/**
 * Makes the plugin's rows older.
 *
 * @param int $seconds How much older.
 */
function dw_matrix_age( int $seconds ): void {
	global $wpdb;
	if ( $seconds < 1 ) {
		return;
	}
	$wpdb->query( $wpdb->prepare( 'UPDATE ' . Schema::table( 'donations' ) . ' SET created_at = created_at - INTERVAL %d SECOND, updated_at = updated_at - INTERVAL %d SECOND', $seconds, $seconds ) );
	$wpdb->query( $wpdb->prepare( 'UPDATE ' . Schema::table( 'refunds' ) . ' SET created_at = created_at - INTERVAL %d SECOND', $seconds ) );
	$wpdb->query( $wpdb->prepare( 'UPDATE ' . Schema::table( 'card_update_audit' ) . ' SET created_at = created_at - INTERVAL %d SECOND', $seconds ) );
}
