<?php
/**
 * Wires the Donors screens.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Donors;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Admin\Donations\DonationDetail;
use DonationWidget\Container;
use DonationWidget\ServiceProvider;

/**
 * Donation Widget → Donors, a donor's page, and its form actions (merge, sign-in link, privacy
 * requests). Every class here is built from its constructor, so there is nothing to register.
 */
final class DonorsAdminServiceProvider implements ServiceProvider {

	/**
	 * Nothing to share beyond what the container builds itself.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
	}

	/**
	 * The menu item (right after Donations), its style, and the admin-post.php actions.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action( 'admin_menu', $container->lazy( DonorsPage::class, 'add_menu' ), 11 );
		add_action( 'admin_enqueue_scripts', $container->lazy( DonorsPage::class, 'enqueue_style' ) );
		add_action( 'admin_post_' . DonorMergePanel::ACTION, $container->lazy( DonorMergePanel::class, 'handle' ) );
		add_action( 'admin_post_' . DonorActions::SIGN_IN_ACTION, $container->lazy( DonorActions::class, 'handle_sign_in_link' ) );
		add_action( 'admin_post_' . DonorActions::PRIVACY_ACTION, $container->lazy( DonorActions::class, 'handle_privacy_request' ) );
		add_filter( DonationDetail::DONOR_URL_FILTER, $container->lazy( DonorsPage::class, 'answer_donor_url' ), 10, 2 );
	}
}
