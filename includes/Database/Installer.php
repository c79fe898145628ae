<?php
/**
 * Creates and upgrades the plugin's tables.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Database;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donations\DonationStatus;
use DonationWidget\Donations\DonationTotals;

/**
 * Runs dbDelta() on activation, and again whenever the stored schema version is behind.
 */
final class Installer {

	/**
	 * The schema version that brought the donation_totals table.
	 */
	private const TOTALS_SINCE = 8;

	/**
	 * Activation hook.
	 */
	public static function activate(): void {
		self::install();
	}

	/**
	 * Upgrades when the stored version differs: a plugin updated by uploading a new zip, or by
	 * another server, is not activated again, yet its first request must find its tables.
	 */
	public static function maybe_upgrade(): void {
		if ( get_option( Schema::VERSION_OPTION ) !== Schema::VERSION ) {
			self::install();
		}
	}

	/**
	 * Creates or alters every table, then stores the schema version.
	 */
	public static function install(): void {
		require_once ABSPATH . 'wp-admin/includes/upgrade.php';
		foreach ( Schema::statements() as $statement ) {
			dbDelta( $statement );
		}
		self::number_paid_donations();
		if ( (int) get_option( Schema::VERSION_OPTION, '0' ) < self::TOTALS_SINCE ) {
			// The totals table is new (or this is a fresh install): count the donations already there.
			( new DonationTotals() )->rebuild();
		}
		// Autoloaded, so the check on every request costs no query.
		update_option( Schema::VERSION_OPTION, Schema::VERSION, true );
	}

	/**
	 * Schema 7 gives receipt numbers (receipt_seq) to money received only. Donations paid before
	 * it keep the number they already carried, their row id: it is on the receipts sent, the
	 * admin screens and past exports, so giving it to another donation would make two receipts
	 * share a number. New numbers continue after the highest, with no gaps from then on. Runs
	 * only while no donation is numbered yet, so running it twice (two servers upgrading at
	 * once, or a re-activation) changes nothing.
	 */
	public static function number_paid_donations(): void {
		global $wpdb;
		$table = Schema::table( 'donations' );
		// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- a one-off migration of the plugin's own table (name from Schema::table()); values are prepared.
		$numbered = $wpdb->get_var( "SELECT id FROM {$table} WHERE receipt_seq IS NOT NULL LIMIT 1" );
		if ( null !== $numbered ) {
			return;
		}
		$wpdb->query(
			$wpdb->prepare(
				"UPDATE {$table} SET receipt_seq = id WHERE receipt_seq IS NULL AND status IN (%s, %s, %s)",
				DonationStatus::SUCCEEDED,
				DonationStatus::PARTIALLY_REFUNDED,
				DonationStatus::REFUNDED
			)
		);
		// phpcs:enable
	}
}
