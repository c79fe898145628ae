<?php
/**
 * What the demo site adds to the admin screens and the update-card page.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Demo;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Settings\Settings;

/**
 * Only while DONATION_WIDGET_DEMO_MODE is on: a notice on every admin screen, and the
 * update-card widget's help.
 */
final class DemoMode {

	/**
	 * Takes the settings (which know whether demo mode is on) and the help.
	 *
	 * @param Settings       $settings The plugin's settings.
	 * @param UpdateCardHelp $help     The update-card page's help.
	 */
	public function __construct( private readonly Settings $settings, private readonly UpdateCardHelp $help ) {
	}

	/**
	 * The widget block's render_block filter.
	 *
	 * @param string               $html  The block's markup.
	 * @param array<string, mixed> $block The parsed block.
	 */
	public function add_update_card_help( string $html, array $block ): string {
		return $this->settings->is_demo_mode() ? $this->help->add_to( $html, $block ) : $html;
	}

	/**
	 * The admin_notices action.
	 */
	public function notice(): void {
		if ( ! $this->settings->is_demo_mode() ) {
			return;
		}
		printf(
			'<div class="notice notice-warning"><p><strong>%s</strong> %s</p></div>',
			esc_html__( 'Demo mode: no real payments', 'donation-widget' ),
			esc_html__( 'Donation Widget is talking to local provider stand-ins. Turn DONATION_WIDGET_DEMO_MODE off before taking real donations.', 'donation-widget' )
		);
	}
}
