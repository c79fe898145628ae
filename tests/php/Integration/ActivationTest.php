<?php
/**
 * Activation, tables and schema upgrades on the real database.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration;

use DonationWidget\Database\Installer;
use DonationWidget\Database\Schema;
use DonationWidget\Emails\MailSchedule;
use DonationWidget\Scheduling\RecurringEvents;

final class ActivationTest extends IntegrationTestCase {

	private const PLUGIN = 'donation-widget/donation-widget.php';

	public function test_the_plugin_is_active_and_its_tables_exist(): void {
		global $wpdb;
		$this->assertTrue( is_plugin_active( self::PLUGIN ) );
		foreach ( Schema::TABLES as $short_name ) {
			$table = Schema::table( $short_name );
			$this->assertSame( $table, $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', $table ) ) );
		}
		$columns = $wpdb->get_col( 'DESCRIBE ' . Schema::table( 'donations' ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		foreach ( array( 'attempt_id', 'status', 'total_cents', 'cover_cents', 'frequency', 'provider_reference', 'utm_campaign', 'iteration_id', 'failure_reason' ) as $column ) {
			$this->assertContains( $column, $columns );
		}
		$this->assertSame( Schema::VERSION, get_option( Schema::VERSION_OPTION ) );
	}

	public function test_reactivating_prints_nothing_and_raises_no_php_notice(): void {
		deactivate_plugins( self::PLUGIN, true );
		$this->assertFalse( is_plugin_active( self::PLUGIN ) );

		ob_start();
		$result = activate_plugin( self::PLUGIN );
		$output = (string) ob_get_clean();

		$this->assertNull( $result );
		$this->assertSame( '', $output, 'Activation must print nothing (WordPress reports output as "unexpected output").' );
		$this->assertTrue( is_plugin_active( self::PLUGIN ) );
	}

	public function test_deactivating_removes_every_wp_cron_event_and_a_request_after_reactivation_brings_them_back(): void {
		RecurringEvents::ensure_scheduled();
		wp_schedule_single_event( time() + 5, MailSchedule::HOOK );
		$hooks = array_merge( array_keys( RecurringEvents::all() ), array( MailSchedule::HOOK ) );
		foreach ( $hooks as $hook ) {
			$this->assertIsInt( wp_next_scheduled( $hook ), $hook );
		}

		deactivate_plugins( self::PLUGIN );
		foreach ( $hooks as $hook ) {
			$this->assertFalse( wp_next_scheduled( $hook ), "{$hook} stays scheduled after deactivation" );
		}

		activate_plugin( self::PLUGIN );
		$this->assertNotFalse( has_action( 'init', array( RecurringEvents::class, 'ensure_scheduled' ) ), 'Every request checks them.' );
		RecurringEvents::ensure_scheduled();
		foreach ( array_keys( RecurringEvents::all() ) as $hook ) {
			$this->assertIsInt( wp_next_scheduled( $hook ), "{$hook} is not scheduled again" );
		}
	}

	public function test_an_administrator_sees_no_notice_from_the_plugin(): void {
		$this->log_in_as( 'administrator' );
		ob_start();
		do_action( 'admin_notices' ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own hook.
		$output = (string) ob_get_clean();
		$this->assertStringNotContainsString( 'Donation Widget', $output );
	}

	public function test_a_missing_table_is_created_again_when_the_schema_version_is_behind(): void {
		global $wpdb;
		$table = Schema::table( 'donations' );
		$wpdb->query( "DROP TABLE {$table}" ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.DirectDatabaseQuery.SchemaChange
		update_option( Schema::VERSION_OPTION, '0' );

		Installer::maybe_upgrade();

		$this->assertSame( $table, $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', $table ) ) );
		$this->assertSame( Schema::VERSION, get_option( Schema::VERSION_OPTION ) );
	}

	public function test_an_up_to_date_schema_is_left_alone(): void {
		$calls = 0;
		$count = static function ( $query ) use ( &$calls ) {
			if ( is_string( $query ) && str_contains( $query, 'CREATE TABLE' ) ) {
				++$calls;
			}
			return $query;
		};
		add_filter( 'query', $count );
		Installer::maybe_upgrade();
		remove_filter( 'query', $count );
		$this->assertSame( 0, $calls );
	}
}
