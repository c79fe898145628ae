<?php
/**
 * Cleans up when the plugin is deleted.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Database;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Scheduling\RecurringEvents;
use DonationWidget\Settings\Settings;

/**
 * Donation records are the charity's financial history: they stay unless the admin ticked
 * "Delete all data on uninstall". Settings and caches always go.
 */
final class Uninstaller {

	/**
	 * Short names of the tables that hold no record, emptied on every uninstall, as the domains
	 * added them.
	 *
	 * @var array<string, true>
	 */
	private static array $emptied = array();

	/**
	 * Says a domain's table holds no record (counters, copies waiting to be downloaded): it is
	 * emptied on uninstall even when the admin keeps the data.
	 *
	 * @param string $short_name One of Schema::all_tables().
	 */
	public static function empty_always( string $short_name ): void {
		self::$emptied[ $short_name ] = true;
	}

	/**
	 * Removes options, transients and, on request, the tables.
	 */
	public static function uninstall(): void {
		global $wpdb;
		$stored      = get_option( Settings::OPTION, array() );
		$delete_data = is_array( $stored ) && ! empty( $stored['delete_data_on_uninstall'] );

		// Settings and everything else the plugin remembers (the provider's product id per mode, …);
		// the schema version goes only with the tables.
		$options = $wpdb->get_col( // phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- one-off cleanup.
			$wpdb->prepare( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( 'donation_widget_' ) . '%' )
		);
		foreach ( $options as $option ) {
			if ( Schema::VERSION_OPTION !== $option ) {
				delete_option( (string) $option );
			}
		}
		delete_option( Settings::OPTION );
		// WP-Cron events would otherwise stay in the cron option for ever.
		RecurringEvents::clear();
		// Caches (and rate limits counted by earlier versions) are transients named
		// donation_widget_*; delete_transient() also clears them from the object cache.
		$names = $wpdb->get_col( // phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- one-off cleanup.
			$wpdb->prepare(
				"SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s",
				$wpdb->esc_like( '_transient_donation_widget_' ) . '%'
			)
		);
		foreach ( $names as $name ) {
			delete_transient( substr( (string) $name, strlen( '_transient_' ) ) );
		}

		// Tables that hold no record go always (rate-limit counters hold hashed addresses,
		// background exports copies of donor details).
		foreach ( array_keys( self::$emptied ) as $short_name ) {
			$counters = Schema::table( $short_name );
			if ( $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', $counters ) ) === $counters ) { // phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- one-off cleanup.
				$wpdb->query( "DELETE FROM {$counters}" ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- the plugin's own table name, from a constant.
			}
		}

		if ( ! $delete_data ) {
			return;
		}
		foreach ( Schema::all_tables() as $short_name ) {
			$table = Schema::table( $short_name );
			$wpdb->query( "DROP TABLE IF EXISTS {$table}" ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching, WordPress.DB.DirectDatabaseQuery.SchemaChange -- table names cannot be placeholders; ours are built from constants.
		}
		delete_option( Schema::VERSION_OPTION );
	}
}
