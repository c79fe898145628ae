<?php
/**
 * Wires the block and the shortcode.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Blocks;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Container;
use DonationWidget\ServiceProvider;

/**
 * The "Donation Widget" block (dynamic), the [donation_widget] shortcode and their scripts.
 */
final class BlocksServiceProvider implements ServiceProvider {

	public const SHORTCODE = 'donation_widget';

	/**
	 * Shares the renderer.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		$container->set( Assets::class, static fn (): Assets => new Assets() );
		// WidgetRenderer is built from its constructor.
	}

	/**
	 * Registers scripts, block, shortcode and the editor's page data.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action(
			'init',
			static function () use ( $container ): void {
				$container->get( Assets::class )->register();
				register_block_type_from_metadata( DONATION_WIDGET_DIR . '/blocks/donation-widget' );
				add_shortcode( self::SHORTCODE, static fn ( $atts ): string => $container->get( WidgetRenderer::class )->shortcode( $atts ) );
			}
		);
		// The editor's live preview runs the real widget, so it needs the same page data.
		add_action(
			'enqueue_block_editor_assets',
			static function () use ( $container ): void {
				wp_add_inline_script( Assets::EDITOR_HANDLE, $container->get( WidgetRenderer::class )->page_data_script(), 'before' );
			}
		);
		add_action(
			'admin_notices',
			static function (): void {
				if ( ! Assets::is_built() && current_user_can( 'activate_plugins' ) ) {
					printf(
						'<div class="notice notice-error"><p>%s</p></div>',
						esc_html__( 'Donation Widget has not been built: run "npm ci && npm run build" in its folder, or install it from its release zip.', 'donation-widget' )
					);
				}
			}
		);
	}
}
