<?php
/**
 * Wires the plugin's part of Tools > Site Health.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\SiteHealth;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Container;
use DonationWidget\ServiceProvider;

/**
 * The plugin's Site Health tests, its section of the Info tab and the size of its folder.
 */
final class SiteHealthServiceProvider implements ServiceProvider {

	/**
	 * Shares the folder size, the one value that is not built from a constructor.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		$container->set( PluginFolderSize::class, static fn (): PluginFolderSize => new PluginFolderSize( DONATION_WIDGET_DIR ) );
	}

	/**
	 * Adds the tests, the Info section and the folder size.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_filter( 'site_status_tests', $container->lazy( SiteHealthTests::class, 'register' ) );
		add_filter( 'debug_information', $container->lazy( SiteHealthInfo::class, 'add_section' ) );
		// Site Health's folder sizes (also asked over REST, so not only in wp-admin).
		add_filter( 'pre_recurse_dirsize', static fn ( mixed $size, mixed $directory, mixed $exclude = null, mixed $max_execution_time = 0 ): mixed => $container->get( PluginFolderSize::class )->filter( $size, $directory, $max_execution_time ), 10, 4 );
	}
}
