<?php
/**
 * Wires the Donations screen.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Donations;

use DonationWidget\Container;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Receipts\ReceiptLog;
use DonationWidget\Receipts\ReceiptSender;
use DonationWidget\ServiceProvider;
use DonationWidget\Settings\Settings;

/**
 * The capability, the Donations screen, its CSV export and "Resend receipt".
 */
final class DonationsAdminServiceProvider implements ServiceProvider {

	/**
	 * Shares the query, the screen and the export.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		$container->set( DonationQuery::class, static fn (): DonationQuery => new DonationQuery() );
		$container->set( DonationExport::class, static fn ( Container $c ): DonationExport => new DonationExport( $c->get( DonationQuery::class ), $c->get( Settings::class ) ) );
		$container->set(
			DonationDetail::class,
			static fn ( Container $c ): DonationDetail => new DonationDetail( $c->get( DonationRepository::class ), $c->get( ReceiptSender::class ), $c->get( ReceiptLog::class ) )
		);
		$container->set(
			DonationsPage::class,
			static fn ( Container $c ): DonationsPage => new DonationsPage( $c->get( DonationQuery::class ), $c->get( DonationDetail::class ), $c->get( ReceiptSender::class ) )
		);
	}

	/**
	 * Maps the capability, adds the menu item (after Settings, which AdminServiceProvider adds at
	 * the default priority) and the admin-post.php actions.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_filter( 'map_meta_cap', array( DonationsCapability::class, 'map_meta_cap' ), 10, 2 );
		add_action( 'admin_menu', static fn () => $container->get( DonationsPage::class )->add_menu(), 11 );
		add_action( 'admin_post_' . DonationExport::ACTION, static fn () => $container->get( DonationExport::class )->handle() );
		add_action( 'admin_post_' . DonationsPage::RESEND_ACTION, static fn () => $container->get( DonationsPage::class )->handle_resend() );
	}
}
