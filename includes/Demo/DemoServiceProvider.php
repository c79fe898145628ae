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

/**
 * When DONATION_WIDGET_DEMO_MODE is on (the local demo site only), every admin screen says so.
 * The widget shows the same words itself, from the public settings. The update-card page also
 * says how to get a card-update link (UpdateCardHelp).
 */
final class DemoServiceProvider implements ServiceProvider {

	/**
	 * The help and the demo mode are built from their constructors.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
	}

	/**
	 * The admin notice and the update-card help, each shown in demo mode only.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_filter( 'render_block_donation-widget/donation-widget', $container->lazy( DemoMode::class, 'add_update_card_help' ), 10, 2 );
		add_action( 'admin_notices', $container->lazy( DemoMode::class, 'notice' ) );
	}
}
