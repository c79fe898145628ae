<?php
/**
 * The plugin folder's size on Tools → Site Health → Info, measured without following links.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\SiteHealth;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Site Health's directory sizes (the wp-site-health/v1/directory-sizes route) walk the WordPress,
 * plugins and other folders with recurse_dirsize(), which follows symbolic links. A development
 * checkout keeps its local site inside the plugin folder (.wp-local/core) with the plugin linked
 * into that site's plugins folder, so the walk went round that loop until the request died: a
 * huge debug log, a directory cache too large to store ("MySQL server has gone away") and a
 * spinner that never ended. This answers the pre_recurse_dirsize filter for the plugin's own
 * folder, however it is reached, by a walk that counts each file once and follows no link.
 */
final class PluginFolderSize {

	/**
	 * Builds the measure.
	 *
	 * @param string $plugin_dir The plugin's folder.
	 */
	public function __construct( private readonly string $plugin_dir ) {
	}

	/**
	 * The pre_recurse_dirsize filter.
	 *
	 * @param mixed $size               What an earlier filter answered (false: nothing yet).
	 * @param mixed $directory          The folder WordPress is about to walk.
	 * @param mixed $max_execution_time Seconds, since the request started, to give up after (0: none).
	 * @return mixed Bytes, null when out of time (Site Health then says so), or $size untouched.
	 */
	public function filter( mixed $size, mixed $directory, mixed $max_execution_time = 0 ): mixed {
		if ( false !== $size || ! is_string( $directory ) || ! $this->is_plugin_folder( $directory ) ) {
			return $size;
		}
		return $this->measure( $directory, is_numeric( $max_execution_time ) ? (float) $max_execution_time : 0.0 );
	}

	/**
	 * Whether a path is the plugin's folder, directly or through a link.
	 *
	 * @param string $directory A folder.
	 */
	private function is_plugin_folder( string $directory ): bool {
		$real = realpath( $directory );
		$own  = realpath( $this->plugin_dir );
		return false !== $real && false !== $own && $real === $own;
	}

	/**
	 * Bytes under a folder, links neither followed nor counted.
	 *
	 * @param string $directory          The folder.
	 * @param float  $max_execution_time As recurse_dirsize() takes it.
	 * @return int|null Null when out of time.
	 */
	public function measure( string $directory, float $max_execution_time ): ?int {
		$start = defined( 'WP_START_TIMESTAMP' ) ? (float) WP_START_TIMESTAMP : microtime( true );
		$size  = 0;
		try {
			// Without FOLLOW_SYMLINKS, a linked folder is listed but not entered.
			$files = new \RecursiveIteratorIterator(
				new \RecursiveDirectoryIterator( $directory, \FilesystemIterator::SKIP_DOTS ),
				\RecursiveIteratorIterator::LEAVES_ONLY,
				\RecursiveIteratorIterator::CATCH_GET_CHILD
			);
			foreach ( $files as $file ) {
				if ( $file instanceof \SplFileInfo && ! $file->isLink() && $file->isFile() ) {
					$size += (int) $file->getSize();
				}
				if ( $max_execution_time > 0 && microtime( true ) - $start > $max_execution_time ) {
					return null;
				}
			}
		} catch ( \UnexpectedValueException | \RuntimeException ) {
			// The folder itself could not be read: as recurse_dirsize() does, count nothing.
			return 0;
		}
		return $size;
	}
}
