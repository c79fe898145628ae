<?php
/**
 * Registers the built scripts and styles.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Blocks;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Reads each entry's .asset.php (dependencies and version, written by wp-scripts) from build/.
 */
final class Assets {

	public const EDITOR_HANDLE = 'donation-widget-editor';

	public const ADMIN_SETTINGS_HANDLE = 'donation-widget-admin-settings';

	public const ADMIN_CARD_UPDATE_LINKS_HANDLE = 'donation-widget-card-update-links';

	public const ADMIN_DONATION_EXPORT_HANDLE = 'donation-widget-donation-export';

	public const ADMIN_STATEMENT_PROGRESS_HANDLE = 'donation-widget-statement-progress';

	public const MANAGE_HANDLE = 'donation-widget-manage-app';

	/**
	 * The "Manage my donation" block in the editor (its block.json names this handle).
	 */
	public const MANAGE_EDITOR_HANDLE = 'donation-widget-manage-editor';

	public const ADMIN_REPORTS_HANDLE = 'donation-widget-reports';

	/**
	 * The Import donations screen's progress bar (src/donors/import).
	 */
	public const ADMIN_HISTORY_IMPORT_HANDLE = 'donation-widget-history-import';

	/**
	 * Entry name in build/ => script handle.
	 */
	private const ENTRIES = array(
		'view'              => WidgetRenderer::SCRIPT_HANDLE,
		'editor'            => self::EDITOR_HANDLE,
		'admin-settings'    => self::ADMIN_SETTINGS_HANDLE,
		'card-update-links' => self::ADMIN_CARD_UPDATE_LINKS_HANDLE,
		'donation-export'   => self::ADMIN_DONATION_EXPORT_HANDLE,
		'statements'        => self::ADMIN_STATEMENT_PROGRESS_HANDLE,
		'manage'            => self::MANAGE_HANDLE,
		'manage-editor'     => self::MANAGE_EDITOR_HANDLE,
		'reports'           => self::ADMIN_REPORTS_HANDLE,
		'history-import'    => self::ADMIN_HISTORY_IMPORT_HANDLE,
	);

	/**
	 * Every entry's name in build/ (their files are not lazily loaded chunks).
	 *
	 * @return list<string>
	 */
	public static function entry_names(): array {
		return array_keys( self::ENTRIES );
	}

	/**
	 * Whether the front end has been built (a development checkout may not be).
	 */
	public static function is_built(): bool {
		return is_readable( DONATION_WIDGET_DIR . '/build/view.asset.php' );
	}

	/**
	 * Registers every built entry (init, before the block type).
	 */
	public function register(): void {
		foreach ( self::ENTRIES as $entry => $handle ) {
			$asset_file = DONATION_WIDGET_DIR . "/build/{$entry}.asset.php";
			if ( ! is_readable( $asset_file ) ) {
				continue;
			}
			$asset = require $asset_file;
			$deps  = is_array( $asset ) && isset( $asset['dependencies'] ) && is_array( $asset['dependencies'] ) ? $asset['dependencies'] : array();
			$ver   = is_array( $asset ) && isset( $asset['version'] ) && is_string( $asset['version'] ) ? $asset['version'] : DONATION_WIDGET_VERSION;
			wp_register_script(
				$handle,
				self::url( "build/{$entry}.js" ),
				$deps,
				$ver,
				array(
					'in_footer' => true,
					'strategy'  => 'defer',
				)
			);
			wp_set_script_translations( $handle, 'donation-widget', DONATION_WIDGET_DIR . '/languages' );
			// wp-scripts names CSS imported as style.(s)css "style-{entry}.css", other CSS "{entry}.css".
			foreach ( array( "style-{$entry}", $entry ) as $css ) {
				if ( is_readable( DONATION_WIDGET_DIR . "/build/{$css}.css" ) ) {
					wp_register_style( $handle, self::url( "build/{$css}.css" ), array(), $ver );
					wp_style_add_data( $handle, 'rtl', 'replace' );
					break;
				}
			}
		}//end foreach
	}

	/**
	 * The public URL of a file in the plugin.
	 *
	 * @param string $path Path inside the plugin folder.
	 * @return non-empty-string
	 */
	private static function url( string $path ): string {
		$url = plugins_url( $path, DONATION_WIDGET_FILE );
		return '' === $url ? '/' . $path : $url;
	}
}
