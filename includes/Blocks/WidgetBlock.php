<?php
/**
 * The block, the shortcode and the editor's page data.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Blocks;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Registers the "Donation Widget" block (dynamic) and the [donation_widget] shortcode, both
 * rendered by the WidgetRenderer, and tells admins when the scripts were never built.
 */
final class WidgetBlock {

	public const SHORTCODE = 'donation_widget';

	/**
	 * Takes the scripts and the renderer.
	 *
	 * @param Assets         $assets   The plugin's scripts and styles.
	 * @param WidgetRenderer $renderer The host element and its page data.
	 */
	public function __construct( private readonly Assets $assets, private readonly WidgetRenderer $renderer ) {
	}

	/**
	 * The init action: scripts, block and shortcode.
	 */
	public function register(): void {
		$this->assets->register();
		register_block_type_from_metadata(
			DONATION_WIDGET_DIR . '/blocks/donation-widget',
			array( 'render_callback' => fn ( $attributes ): string => $this->renderer->render_block( $attributes ) )
		);
		add_shortcode( self::SHORTCODE, array( $this->renderer, 'shortcode' ) );
	}

	/**
	 * The enqueue_block_editor_assets action: the editor's live preview runs the real widget, so
	 * it needs the same page data.
	 */
	public function add_editor_page_data(): void {
		wp_add_inline_script( Assets::EDITOR_HANDLE, $this->renderer->page_data_script(), 'before' );
	}

	/**
	 * The admin_notices action: a plugin installed from source but never built says so.
	 */
	public function notice_when_not_built(): void {
		if ( ! Assets::is_built() && current_user_can( 'activate_plugins' ) ) {
			printf(
				'<div class="notice notice-error"><p>%s</p></div>',
				esc_html__( 'Donation Widget has not been built: run "npm ci && npm run build" in its folder, or install it from its release zip.', 'donation-widget' )
			);
		}
	}
}
