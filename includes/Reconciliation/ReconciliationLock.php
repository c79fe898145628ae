<?php
/**
 * One reconciliation pass at a time, across every web server of the site.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Reconciliation;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

// phpcs:disable WordPress.DB.DirectDatabaseQuery -- a named lock lives in the database server, never in a cache.

/**
 * A MariaDB/MySQL named lock (GET_LOCK with a timeout of 0: a second pass does not wait, it
 * skips). The lock belongs to the database connection, so a pass whose PHP process dies midway
 * releases it as its connection closes: no stale lock to expire. The name is per database and
 * table prefix, so two sites on one database server never keep each other out.
 */
final class ReconciliationLock {

	/**
	 * Whether this request holds the lock.
	 *
	 * @var bool
	 */
	private bool $held = false;

	/**
	 * Takes the lock if nobody holds it.
	 *
	 * @return bool Whether this request now holds it.
	 */
	public function acquire(): bool {
		global $wpdb;
		if ( $this->held ) {
			return true;
		}
		$this->held = '1' === (string) $wpdb->get_var( $wpdb->prepare( 'SELECT GET_LOCK(%s, 0)', self::name() ) );
		return $this->held;
	}

	/**
	 * Gives the lock back.
	 */
	public function release(): void {
		global $wpdb;
		if ( ! $this->held ) {
			return;
		}
		$wpdb->query( $wpdb->prepare( 'SELECT RELEASE_LOCK(%s)', self::name() ) );
		$this->held = false;
	}

	/**
	 * The lock's name: at most 64 characters, one per site.
	 */
	public static function name(): string {
		global $wpdb;
		return 'dw_reconcile_' . md5( ( defined( 'DB_NAME' ) ? (string) DB_NAME : '' ) . '|' . $wpdb->prefix );
	}
}
