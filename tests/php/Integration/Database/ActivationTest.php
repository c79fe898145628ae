<?php
/**
 * Activation, tables and schema upgrades on the real database.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Database;

use DonationWidget\Database\Installer;
use DonationWidget\Database\Schema;
use DonationWidget\Emails\MailSchedule;
use DonationWidget\Scheduling\RecurringEvents;
use DonationWidget\Tests\Integration\IntegrationTestCase;

final class ActivationTest extends IntegrationTestCase {

	private const PLUGIN = 'donation-widget/donation-widget.php';

	private const UPGRADE_CLAIM = 'donation_widget_db_upgrading';

	public function test_the_plugin_is_active_and_its_tables_exist(): void {
		global $wpdb;
		$this->assertTrue( is_plugin_active( self::PLUGIN ) );
		foreach ( Schema::all_tables() as $short_name ) {
			$table = Schema::table( $short_name );
			$this->assertSame( $table, $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', $table ) ) );
		}
		$columns = $wpdb->get_col( 'DESCRIBE ' . Schema::table( 'donations' ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		foreach ( array( 'attempt_id', 'status', 'total_cents', 'cover_cents', 'frequency', 'provider_reference', 'utm_campaign', 'iteration_id', 'failure_reason' ) as $column ) {
			$this->assertContains( $column, $columns );
		}
		$this->assertSame( Schema::version(), get_option( Schema::VERSION_OPTION ) );
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
		$this->assertSame( Schema::version(), get_option( Schema::VERSION_OPTION ) );
	}

	public function test_while_another_request_upgrades_the_schema_this_one_carries_on_without_altering_anything(): void {
		$this->leave_claim( time() - 60 );
		update_option( Schema::VERSION_OPTION, '11' );
		$schema_changes = $this->count_schema_changes();

		Installer::maybe_upgrade();

		$this->assertSame( 0, $schema_changes(), 'A second request ran the upgrade too.' );
		$this->assertSame( '11', get_option( Schema::VERSION_OPTION ) );
		$this->assertSame( 1, $this->claims(), 'The claim of the request that is upgrading is left alone.' );
	}

	public function test_a_claim_left_by_a_request_that_died_is_taken_over_and_released_once_upgraded(): void {
		$this->leave_claim( time() - 16 * MINUTE_IN_SECONDS );
		update_option( Schema::VERSION_OPTION, '11' );

		Installer::maybe_upgrade();

		$this->assertSame( Schema::version(), get_option( Schema::VERSION_OPTION ) );
		$this->assertSame( 0, $this->claims() );
	}

	public function test_an_upgrade_that_fails_releases_its_claim_for_the_next_request(): void {
		update_option( Schema::VERSION_OPTION, '11' );
		$fail = static function ( $query ) {
			if ( is_string( $query ) && str_contains( $query, 'SHOW INDEX FROM' ) ) {
				throw new \RuntimeException( 'The database went away.' );
			}
			return $query;
		};
		add_filter( 'query', $fail );
		try {
			Installer::maybe_upgrade();
			$this->fail( 'The failure was swallowed.' );
		} catch ( \RuntimeException $failure ) {
			$this->assertSame( 'The database went away.', $failure->getMessage() );
		} finally {
			remove_filter( 'query', $fail );
		}
		$this->assertSame( 0, $this->claims() );
		$this->assertSame( '11', get_option( Schema::VERSION_OPTION ) );

		Installer::maybe_upgrade();
		$this->assertSame( Schema::version(), get_option( Schema::VERSION_OPTION ) );
	}

	/**
	 * Counts the ALTER TABLE and CREATE TABLE statements sent from now on.
	 *
	 * @return callable(): int
	 */
	private function count_schema_changes(): callable {
		$count  = 0;
		$filter = static function ( $query ) use ( &$count ) {
			if ( is_string( $query ) && preg_match( '/^\s*(ALTER|CREATE) TABLE/i', $query ) ) {
				++$count;
			}
			return $query;
		};
		add_filter( 'query', $filter );
		return static function () use ( &$count, $filter ): int {
			remove_filter( 'query', $filter );
			return $count;
		};
	}

	/**
	 * An upgrade claim as a request that started upgrading at $since leaves it.
	 *
	 * @param int $since Unix time.
	 */
	private function leave_claim( int $since ): void {
		global $wpdb;
		$wpdb->insert( // phpcs:ignore WordPress.DB.DirectDatabaseQuery
			$wpdb->options,
			array(
				'option_name'  => self::UPGRADE_CLAIM,
				'option_value' => (string) $since,
				'autoload'     => 'off',
			)
		);
	}

	private function claims(): int {
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->options} WHERE option_name = %s", self::UPGRADE_CLAIM ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
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
