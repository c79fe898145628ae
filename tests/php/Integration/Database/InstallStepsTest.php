<?php
/**
 * The installer runs the steps the domains added, told what the site had before.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Database;

use DonationWidget\Database\Installer;
use DonationWidget\Database\Schema;
use DonationWidget\Tests\Integration\IntegrationTestCase;

final class InstallStepsTest extends IntegrationTestCase {

	/**
	 * What the step below saw while a test listened: the version before and the tables created.
	 *
	 * @var list<array{0: int, 1: list<string>}>|null
	 */
	private static ?array $seen = null;

	/**
	 * Whether the listening step is in the installer's list (it stays for the whole run).
	 *
	 * @var bool
	 */
	private static bool $added = false;

	protected function setUp(): void {
		parent::setUp();
		if ( ! self::$added ) {
			self::$added = true;
			Installer::add_step(
				static function ( int $before, array $created ): void {
					if ( null !== self::$seen ) {
						self::$seen[] = array( $before, $created );
					}
				}
			);
		}
		self::$seen = array();
	}

	protected function tearDown(): void {
		self::$seen = null;
		parent::tearDown();
	}

	public function test_an_upgrade_tells_each_step_the_version_it_came_from_and_creates_nothing_that_exists(): void {
		update_option( Schema::VERSION_OPTION, '11' );

		Installer::maybe_upgrade();

		$this->assertSame( array( array( 11, array() ) ), self::$seen );
		$this->assertSame( Schema::version(), get_option( Schema::VERSION_OPTION ) );
	}

	public function test_a_step_learns_which_tables_this_run_created(): void {
		global $wpdb;
		$wpdb->query( 'DROP TABLE ' . Schema::table( 'report_days' ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.DirectDatabaseQuery

		Installer::install();

		$this->assertSame( array( array( (int) Schema::VERSION, array( 'report_days' ) ) ), self::$seen );
	}
}
