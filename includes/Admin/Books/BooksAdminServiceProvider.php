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

use DonationWidget\Books\Disputes\DisputeRepository;
use DonationWidget\Container;
use DonationWidget\Donations\Donation;
use DonationWidget\ServiceProvider;

/**
 * The fee and disputes sections of a donation's screen.
 */
final class BooksAdminServiceProvider implements ServiceProvider {

	/**
	 * Shares the sections.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		$container->set( DonationBooksSections::class, static fn ( Container $c ): DonationBooksSections => new DonationBooksSections( $c->get( DisputeRepository::class ) ) );
	}

	/**
	 * Adds the sections to the donation detail view.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action( 'donation_widget_donation_detail', static fn ( Donation $donation ) => $container->get( DonationBooksSections::class )->render( $donation ) );
	}
}
