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

	/**
	 * The assets, the renderer and the block are built from their constructors.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
	}

	/**
	 * Registers scripts, block, shortcode and the editor's page data.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action( 'init', $container->lazy( WidgetBlock::class, 'register' ) );
		add_action( 'enqueue_block_editor_assets', $container->lazy( WidgetBlock::class, 'add_editor_page_data' ) );
		add_action( 'admin_notices', $container->lazy( WidgetBlock::class, 'notice_when_not_built' ) );
	}
}
