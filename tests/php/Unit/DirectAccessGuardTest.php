<?php
/**
 * Every PHP file of the plugin refuses a direct request (WordPress's Plugin Check asks it).
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Unit;

use PHPUnit\Framework\TestCase;

final class DirectAccessGuardTest extends TestCase {

	public function test_every_php_file_exits_when_wordpress_is_not_loaded(): void {
		$root    = dirname( __DIR__, 3 );
		$files   = array_merge( array( $root . '/donation-widget.php', $root . '/uninstall.php' ), (array) glob( $root . '/blocks/*/*.php' ) );
		$tree    = new \RecursiveIteratorIterator( new \RecursiveDirectoryIterator( $root . '/includes', \FilesystemIterator::SKIP_DOTS ) );
		$missing = array();
		foreach ( $tree as $file ) {
			if ( 'php' === $file->getExtension() ) {
				$files[] = $file->getPathname();
			}
		}
		foreach ( $files as $file ) {
			$code = (string) file_get_contents( $file ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local source file.
			// Before any code of its own: after the namespace (which must come first), nothing else.
			if ( ! preg_match( "/^<\\?php\\n(?:\\/\\*\\*.*?\\*\\/\\n\\n)?(?:namespace [^;]+;\\n\\n)?if \\( ! defined\\( '(ABSPATH|WP_UNINSTALL_PLUGIN)' \\) \\) \\{\\n\\texit;\\n\\}/s", $code ) ) {
				$missing[] = substr( $file, strlen( $root ) + 1 );
			}
		}
		$this->assertGreaterThan( 200, count( $files ) );
		$this->assertSame( array(), $missing, 'These files run when requested directly.' );
	}
}
