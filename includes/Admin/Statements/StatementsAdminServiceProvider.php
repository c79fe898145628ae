<?php
/**
 * Wires the Tax statements screen.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Statements;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Container;
use DonationWidget\ServiceProvider;

/**
 * The screen under Donation Widget, its admin-post.php actions and its progress route.
 */
final class StatementsAdminServiceProvider implements ServiceProvider {

	/**
	 * The screen and its REST controller are built from their constructors.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
	}

	/**
	 * The screen (after Emails in the menu), its form actions and its REST route.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action( 'admin_menu', $container->lazy( StatementsPage::class, 'add_menu' ), 14 );
		add_action( 'admin_post_' . StatementsPage::ACTION, $container->lazy( StatementsPage::class, 'handle_action' ) );
		add_action( 'admin_post_' . StatementsPage::START_ACTION, $container->lazy( StatementsPage::class, 'handle_start' ) );
		add_action( 'admin_post_' . StatementsPage::AMENDED_ACTION, $container->lazy( StatementsPage::class, 'handle_send_amended' ) );
		add_action( 'admin_post_' . StatementsPage::CSV_ACTION, $container->lazy( StatementsPage::class, 'handle_csv' ) );
		add_action( 'rest_api_init', $container->lazy( StatementsRestController::class, 'register_routes' ) );
	}
}
