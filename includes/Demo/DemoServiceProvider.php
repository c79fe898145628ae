<?php
/**
 * Makes demo mode impossible to miss.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Demo;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Container;
use DonationWidget\ServiceProvider;
use DonationWidget\Settings\Settings;

/**
 * When DONATION_WIDGET_DEMO_MODE is on (the local demo site only), every admin screen says so.
 * The widget shows the same words itself, from the public settings. The update-card page also
 * says how to get a card-update link (UpdateCardHelp).
 */
final class DemoServiceProvider implements ServiceProvider {

	/**
	 * Shares the update-card page's help.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		$container->set( UpdateCardHelp::class, static fn (): UpdateCardHelp => new UpdateCardHelp() );
	}

	/**
	 * Adds the admin notice in demo mode.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		if ( ! $container->get( Settings::class )->is_demo_mode() ) {
			return;
		}
		add_filter( 'render_block_donation-widget/donation-widget', static fn ( string $html, array $block ): string => $container->get( UpdateCardHelp::class )->add_to( $html, $block ), 10, 2 );
		add_action(
			'admin_notices',
			static function (): void {
				printf(
					'<div class="notice notice-warning"><p><strong>%s</strong> %s</p></div>',
					esc_html__( 'Demo mode: no real payments', 'donation-widget' ),
					esc_html__( 'Donation Widget is talking to local provider stand-ins. Turn DONATION_WIDGET_DEMO_MODE off before taking real donations.', 'donation-widget' )
				);
			}
		);
	}
}
