<?php
/**
 * Site Health's folder sizes never walk round a symbolic-link loop through the plugin folder.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Unit\Admin\SiteHealth;

use DonationWidget\Admin\SiteHealth\PluginFolderSize;
use PHPUnit\Framework\TestCase;

final class PluginFolderSizeTest extends TestCase {

	private string $root = '';

	protected function setUp(): void {
		// The demo's layout in small: the plugin folder holds a site whose plugins folder links
		// back to the plugin folder.
		$this->root = sys_get_temp_dir() . '/dw-folder-size-' . uniqid();
		mkdir( $this->root . '/plugin/.wp-local/core/wp-content/plugins', 0777, true );
		file_put_contents( $this->root . '/plugin/plugin.php', str_repeat( 'a', 100 ) );
		file_put_contents( $this->root . '/plugin/.wp-local/core/index.php', str_repeat( 'b', 20 ) );
		symlink( $this->root . '/plugin', $this->root . '/plugin/.wp-local/core/wp-content/plugins/donation-widget' );
		symlink( $this->root . '/plugin', $this->root . '/linked-plugin' );
		mkdir( $this->root . '/other' );
	}

	protected function tearDown(): void {
		unlink( $this->root . '/plugin/.wp-local/core/wp-content/plugins/donation-widget' );
		unlink( $this->root . '/linked-plugin' );
		unlink( $this->root . '/plugin/plugin.php' );
		unlink( $this->root . '/plugin/.wp-local/core/index.php' );
		foreach ( array( 'plugin/.wp-local/core/wp-content/plugins', 'plugin/.wp-local/core/wp-content', 'plugin/.wp-local/core', 'plugin/.wp-local', 'plugin', 'other', '' ) as $dir ) {
			rmdir( $this->root . '/' . $dir );
		}
	}

	public function test_the_plugin_folder_is_measured_once_however_it_is_reached(): void {
		$size = new PluginFolderSize( $this->root . '/plugin' );
		$this->assertSame( 120, $size->filter( false, $this->root . '/plugin', 0 ) );
		$this->assertSame( 120, $size->filter( false, $this->root . '/linked-plugin', 0 ) );
		$this->assertSame( 120, $size->filter( false, $this->root . '/plugin/.wp-local/core/wp-content/plugins/donation-widget', 30 ) );
	}

	public function test_other_folders_and_earlier_answers_are_left_to_wordpress(): void {
		$size = new PluginFolderSize( $this->root . '/plugin' );
		$this->assertFalse( $size->filter( false, $this->root . '/other', 0 ) );
		$this->assertSame( 7, $size->filter( 7, $this->root . '/plugin', 0 ) );
		$this->assertFalse( $size->filter( false, array(), 0 ) );
	}

	public function test_out_of_time_is_null_as_wordpress_reports_it(): void {
		$size = new PluginFolderSize( $this->root . '/plugin' );
		$this->assertNull( $size->measure( $this->root . '/plugin', 0.000001 ) );
	}
}
