<?php
/**
 * Deleting the plugin: settings go, donation records stay unless the admin asked otherwise.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Database;

use DonationWidget\Database\Installer;
use DonationWidget\Database\Schema;
use DonationWidget\Database\Uninstaller;
use DonationWidget\Protection\RateLimiter;
use DonationWidget\Settings\Settings;
use DonationWidget\Tests\Integration\IntegrationTestCase;

final class UninstallTest extends IntegrationTestCase {

	/**
	 * Settings before the test (uninstalling deletes them, and DROP TABLE commits).
	 *
	 * @var mixed
	 */
	private mixed $saved_settings;

	protected function setUp(): void {
		parent::setUp();
		$this->saved_settings = get_option( Settings::OPTION );
	}

	protected function tearDown(): void {
		Installer::install();
		// Uninstalling clears the plugin's WP-Cron events; a site's next request schedules them
		// again (init), so the tests that run after this one find them scheduled too.
		\DonationWidget\Scheduling\RecurringEvents::ensure_scheduled();
		update_option( Settings::OPTION, $this->saved_settings );
		parent::tearDown();
	}

	private function insert_donation(): int {
		global $wpdb;
		$now = current_time( 'mysql', true );
		$wpdb->insert( // phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery
			Schema::table( 'donations' ),
			array(
				'attempt_id'  => wp_generate_uuid4(),
				'status'      => 'succeeded',
				'frequency'   => 'Oneoff',
				'total_cents' => 5000,
				'email'       => 'donor@example.org.au',
				'created_at'  => $now,
				'updated_at'  => $now,
			)
		);
		return (int) $wpdb->insert_id;
	}

	private function donation_exists( int $id ): bool {
		global $wpdb;
		$table = Schema::table( 'donations' );
		return '1' === $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$table} WHERE id = %d", $id ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.DirectDatabaseQuery
	}

	public function test_deleting_the_plugin_keeps_donation_records_by_default(): void {
		$id = $this->insert_donation();
		set_transient( 'donation_widget_test_cache', 'cached', 60 );
		update_option( 'donation_widget_stripe_product_test', 'prod_remembered' );
		\DonationWidget\Scheduling\RecurringEvents::ensure_scheduled();
		$this->assertIsInt( wp_next_scheduled( \DonationWidget\Emails\MailSchedule::SAFETY_NET_HOOK ) );

		// WordPress's own uninstall path: it defines WP_UNINSTALL_PLUGIN and runs uninstall.php.
		$this->assertTrue( uninstall_plugin( 'donation-widget/donation-widget.php' ) );

		$this->assertFalse( get_option( Settings::OPTION ) );
		$this->assertFalse( get_transient( 'donation_widget_test_cache' ) );
		$this->assertFalse( get_option( 'donation_widget_stripe_product_test' ) );
		$this->assertTrue( $this->donation_exists( $id ), 'A donation record was deleted although the admin did not ask for it.' );
		$this->assertFalse( wp_next_scheduled( \DonationWidget\Emails\MailSchedule::SAFETY_NET_HOOK ), 'the mail worker\'s WP-Cron events go with the plugin' );
	}

	public function test_deleting_the_plugin_forgets_rate_limit_counters_and_stops_their_pruning(): void {
		global $wpdb;
		$this->service( RateLimiter::class )->hit( 'payment', '203.0.113.7', 20, HOUR_IN_SECONDS );
		$this->assertNotFalse( wp_next_scheduled( RateLimiter::PRUNE_HOOK ) );

		Uninstaller::uninstall();

		$this->assertSame( '0', $wpdb->get_var( 'SELECT COUNT(*) FROM ' . Schema::table( 'rate_counters' ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.DirectDatabaseQuery
		$this->assertFalse( wp_next_scheduled( RateLimiter::PRUNE_HOOK ) );
	}

	public function test_deleting_the_plugin_empties_background_exports_and_stops_their_events(): void {
		global $wpdb;
		$now = current_time( 'mysql', true );
		$wpdb->insert(
			Schema::table( 'exports' ),
			array(
				'user_id'    => 1,
				'filters'    => '{}',
				'status'     => 'complete',
				'created_at' => $now,
				'updated_at' => $now,
				'expires_at' => $now,
			)
		);
		$wpdb->insert(
			Schema::table( 'export_chunks' ),
			array(
				'export_id' => (int) $wpdb->insert_id,
				'seq'       => 0,
				'body'      => (string) gzdeflate( 'Donor details' ),
			)
		);
		\DonationWidget\Scheduling\RecurringEvents::ensure_scheduled();
		$this->assertIsInt( wp_next_scheduled( \DonationWidget\Exports\ExportSchedule::PRUNE_HOOK ) );

		Uninstaller::uninstall();

		foreach ( array( 'exports', 'export_chunks' ) as $short_name ) {
			$this->assertSame( '0', $wpdb->get_var( 'SELECT COUNT(*) FROM ' . Schema::table( $short_name ) ), "{$short_name}: copies of donor details must not outlive the plugin" ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.DirectDatabaseQuery
		}
		$this->assertFalse( wp_next_scheduled( \DonationWidget\Exports\ExportSchedule::PRUNE_HOOK ) );
		$this->assertFalse( wp_next_scheduled( \DonationWidget\Exports\ExportSchedule::SAFETY_NET_HOOK ) );
	}

	public function test_ticking_delete_all_data_removes_the_tables_too(): void {
		global $wpdb;
		$this->insert_donation();
		update_option( Settings::OPTION, array( 'delete_data_on_uninstall' => true ) );

		Uninstaller::uninstall();

		foreach ( array( 'donations', 'mail_queue', 'exports', 'export_chunks' ) as $short_name ) {
			$this->assertNull( $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', Schema::table( $short_name ) ) ) );
		}
		$this->assertFalse( get_option( Schema::VERSION_OPTION ) );
	}
}
