<?php
/**
 * The manage page's block and style.
 *
 * @package DonationWidget
 */

namespace DonationWidget\SelfService;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Registered on init: the block (server-rendered; its editor preview is src/manage/editor.tsx)
 * and the page's few style rules.
 */
final class SelfServiceAssets {

	public const STYLE_HANDLE = 'donation-widget-manage';

	/**
	 * The page's few rules: legible fields and notices in the theme's own colours.
	 */
	private const CSS = '.donation-widget-manage input[type=email],.donation-widget-manage input[type=text],.donation-widget-manage select,.donation-widget-manage textarea{box-sizing:border-box;width:100%;max-width:24em;padding:.5em;font:inherit;border:1px solid currentColor;border-radius:2px}'
		. '.donation-widget-manage input[type=text]{max-width:10em;margin-left:.25em}'
		. '.donation-widget-manage-notice{border-left:4px solid currentColor;padding:.25em 1em;margin:1em 0}'
		. '.donation-widget-manage-subscription{border:1px solid currentColor;border-radius:4px;padding:0 1em 1em;margin:1em 0}'
		. '.donation-widget-manage-facts{display:grid;grid-template-columns:max-content 1fr;gap:.25em 1em}.donation-widget-manage-facts dt{font-weight:600}.donation-widget-manage-facts dd{margin:0}'
		. '.donation-widget-manage-gifts{width:100%;border-collapse:collapse;font-size:.9em}.donation-widget-manage-gifts th,.donation-widget-manage-gifts td{text-align:left;padding:.25em .5em;border-bottom:1px solid currentColor}'
		// On a small phone each gift stacks as a list, each label above its value, so no word breaks.
		. '@media (max-width:30em){.donation-widget-manage-gifts thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}.donation-widget-manage-gifts tr,.donation-widget-manage-gifts td{display:block}.donation-widget-manage-gifts td{border:0;padding:.125em 0}.donation-widget-manage-gifts tr{border-bottom:1px solid currentColor;padding:.5em 0}.donation-widget-manage-gifts td::before{content:attr(data-label);display:block;font-weight:600}}'
		. '.donation-widget-manage-cancel summary{cursor:pointer;text-decoration:underline;margin:1em 0}';

	/**
	 * Takes the page the block shows.
	 *
	 * @param ManagePage $page Renders the block, as it renders the shortcode.
	 */
	public function __construct( private readonly ManagePage $page ) {
	}

	/**
	 * The init listener.
	 */
	public function register(): void {
		wp_register_style( self::STYLE_HANDLE, false, array(), DONATION_WIDGET_VERSION );
		wp_add_inline_style( self::STYLE_HANDLE, self::CSS );
		register_block_type_from_metadata(
			DONATION_WIDGET_DIR . '/blocks/manage-donation',
			array( 'render_callback' => fn (): string => $this->page->render( get_block_wrapper_attributes( array( 'class' => 'donation-widget-manage' ) ) ) )
		);
	}
}
