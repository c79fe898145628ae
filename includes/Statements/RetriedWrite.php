<?php
/**
 * A statement table's write, run again after a deadlock.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Statements;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Two servers finding donors and sending at once take InnoDB locks in different orders, and
 * InnoDB answers one of them with a deadlock (or a lock wait timeout), rolling that statement
 * back whole: it is run again, so a statement is never left marked "sending" for ever.
 */
final class RetriedWrite {

	/**
	 * Runs one prepared write and says how many rows it changed (-1 when it failed).
	 *
	 * @param string|null $sql A prepared statement.
	 */
	public static function run( ?string $sql ): int {
		global $wpdb;
		for ( $try = 0; $try < 3 && null !== $sql; $try++ ) {
			$changed = $wpdb->query( $sql ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql, WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.DirectDatabaseQuery -- prepared by the caller.
			if ( false !== $changed ) {
				return (int) $changed;
			}
			if ( ! str_contains( $wpdb->last_error, 'Deadlock' ) && ! str_contains( $wpdb->last_error, 'Lock wait timeout' ) ) {
				break;
			}
		}
		return -1;
	}
}
