<?php
/**
 * Wires the books' parts of the admin screens.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Books;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Container;
use DonationWidget\ServiceProvider;

/**
 * The fee and disputes sections of a donation's screen.
 */
final class BooksAdminServiceProvider implements ServiceProvider {

	/**
	 * Nothing to share by hand: the sections are built from their constructor.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
	}

	/**
	 * Adds the sections to the donation detail view.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action( 'donation_widget_donation_detail', $container->lazy( DonationBooksSections::class, 'render' ) );
	}
}
