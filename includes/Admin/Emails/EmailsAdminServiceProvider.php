<?php
/**
 * Wires the Emails screen.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Emails;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Container;
use DonationWidget\ServiceProvider;

/**
 * The Emails screen (queued, sent and failing donor emails) and its "Resend" action.
 */
final class EmailsAdminServiceProvider implements ServiceProvider {

	/**
	 * Shares the screen.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
	}

	/**
	 * Adds the menu item (after 4-weekly donations) and the resend action.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action( 'admin_menu', $container->lazy( EmailsPage::class, 'add_menu' ), 13 );
		add_action( 'admin_post_' . EmailsPage::RESEND_ACTION, $container->lazy( EmailsPage::class, 'handle_resend' ) );
	}
}
