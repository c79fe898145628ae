<?php
/**
 * Creates and upgrades the plugin's tables.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Database;

/**
 * Runs dbDelta() on activation, and again whenever the stored schema version is behind.
 */
final class Installer {

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
		// Autoloaded, so the check on every request costs no query.
		update_option( Schema::VERSION_OPTION, Schema::VERSION, true );
	}
}
