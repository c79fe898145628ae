<?php
/**
 * Wires the Payouts screen.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Payouts;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Container;
use DonationWidget\ServiceProvider;

/**
 * The screen under Donation Widget and the notice of a payout that does not add up.
 */
final class PayoutsAdminServiceProvider implements ServiceProvider {

	/**
	 * Nothing to share by hand: every class here is built from its constructor.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
	}

	/**
	 * Adds the menu item (after Tax statements) and the notice.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action( 'admin_menu', $container->lazy( PayoutsPage::class, 'add_menu' ), 15 );
		add_action( 'admin_notices', $container->lazy( PayoutMismatchNotice::class, 'print_notice' ) );
	}
}
