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

use DonationWidget\Admin\Donations\DonationDetail;
use DonationWidget\Container;
use DonationWidget\ServiceProvider;

/**
 * The screen under Donation Widget, the notice of a payout that does not add up, and the demo's
 * "Simulate a payout" button.
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
		// A donation's page links to the payout it arrived in here.
		add_filter( DonationDetail::PAYOUT_URL_FILTER, array( PayoutsPage::class, 'answer_detail_url' ), 10, 2 );
		// Demo mode only (DemoPayout checks): the "Simulate a payout" button, its handler and result.
		add_action( PayoutsPage::LIST_ACTION, $container->lazy( DemoPayout::class, 'render' ) );
		add_action( 'admin_post_' . DemoPayout::ACTION, $container->lazy( DemoPayout::class, 'handle' ) );
		add_action( 'admin_notices', $container->lazy( DemoPayout::class, 'notice' ) );
	}
}
