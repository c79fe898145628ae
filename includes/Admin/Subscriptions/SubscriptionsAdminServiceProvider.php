<?php
/**
 * Wires the 4-weekly donations screen.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Subscriptions;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Container;
use DonationWidget\Admin\Donations\DonationDetail;
use DonationWidget\Admin\Donations\DonationsCapability;
use DonationWidget\CardUpdate\IssueLinkController;
use DonationWidget\CardUpdate\CardUpdateLinks;
use DonationWidget\Http\AjaxRouter;
use DonationWidget\ServiceProvider;

/**
 * The 4-weekly donations screen and its "Cancel" action. Every class here builds from its
 * constructor, so there is nothing to register.
 */
final class SubscriptionsAdminServiceProvider implements ServiceProvider {

	/**
	 * Nothing to share beyond what the container builds itself.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
	}

	/**
	 * Adds the menu item (after Donations), the cancel action, the card-update link buttons and
	 * the link from a donation's page.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		$container->get( AjaxRouter::class )->admin_action( CardUpdateLinks::ISSUE_ACTION, DonationsCapability::CAPABILITY, $container->lazy( IssueLinkController::class, 'issue' ) );
		add_action( 'admin_menu', $container->lazy( SubscriptionsPage::class, 'add_menu' ), 12 );
		add_action( 'admin_enqueue_scripts', $container->lazy( SubscriptionsPage::class, 'enqueue_style' ) );
		add_action( 'admin_post_' . SubscriptionsPage::CANCEL_ACTION, $container->lazy( SubscriptionsPage::class, 'handle_cancel' ) );
		// A donation's page links to its 4-weekly donation here.
		add_filter( DonationDetail::SUBSCRIPTION_URL_FILTER, array( SubscriptionsPage::class, 'answer_detail_url' ), 10, 2 );
	}
}
