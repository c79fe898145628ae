<?php
/**
 * Wires the Donations screen.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Donations;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Admin\Donations\Export\ExportDownload;
use DonationWidget\Admin\Donations\Export\ExportPanel;
use DonationWidget\Admin\Donations\Export\ExportRestController;
use DonationWidget\Admin\Donations\Export\ExportWorker;
use DonationWidget\Books\Refunds\Refunds;
use DonationWidget\Container;
use DonationWidget\Exports\ExportJobs;
use DonationWidget\Exports\ExportSchedule;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Receipts\ReceiptLog;
use DonationWidget\Receipts\ReceiptSender;
use DonationWidget\ServiceProvider;
use DonationWidget\Settings\Settings;

/**
 * The capability, the Donations screen, its background CSV export, "Resend receipt" and "Refund".
 */
final class DonationsAdminServiceProvider implements ServiceProvider {

	/**
	 * Shares the query, the screen and the export.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		$container->set( DonationQuery::class, static fn (): DonationQuery => new DonationQuery() );
		$container->set( DonationExport::class, static fn ( Container $c ): DonationExport => new DonationExport( $c->get( Settings::class ) ) );
		$container->set( ExportJobs::class, static fn (): ExportJobs => new ExportJobs() );
		$container->set( ExportSchedule::class, static fn (): ExportSchedule => new ExportSchedule() );
		$container->set(
			ExportWorker::class,
			static fn ( Container $c ): ExportWorker => new ExportWorker( $c->get( DonationQuery::class ), $c->get( DonationExport::class ), $c->get( ExportJobs::class ), $c->get( ExportSchedule::class ) )
		);
		$container->set( ExportPanel::class, static fn ( Container $c ): ExportPanel => new ExportPanel( $c->get( ExportWorker::class ), $c->get( ExportJobs::class ) ) );
		$container->set( ExportRestController::class, static fn ( Container $c ): ExportRestController => new ExportRestController( $c->get( ExportWorker::class ), $c->get( ExportJobs::class ) ) );
		$container->set( ExportDownload::class, static fn ( Container $c ): ExportDownload => new ExportDownload( $c->get( ExportJobs::class ) ) );
		$container->set( RefundPanel::class, static fn ( Container $c ): RefundPanel => new RefundPanel( $c->get( Refunds::class ) ) );
		$container->set(
			DonationDetail::class,
			static fn ( Container $c ): DonationDetail => new DonationDetail( $c->get( DonationRepository::class ), $c->get( ReceiptSender::class ), $c->get( ReceiptLog::class ), $c->get( RefundPanel::class ) )
		);
		$container->set(
			DonationsPage::class,
			static fn ( Container $c ): DonationsPage => new DonationsPage( $c->get( DonationQuery::class ), $c->get( DonationDetail::class ), $c->get( ReceiptSender::class ), $c->get( ExportPanel::class ) )
		);
	}

	/**
	 * Maps the capability, adds the menu item (after Settings, which AdminServiceProvider adds at
	 * the default priority), the admin-post.php actions, the export's route and WP-Cron work.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_filter( 'map_meta_cap', array( DonationsCapability::class, 'map_meta_cap' ), 10, 2 );
		add_action( 'admin_menu', static fn () => $container->get( DonationsPage::class )->add_menu(), 11 );
		add_action( 'admin_post_' . ExportPanel::START_ACTION, static fn () => $container->get( ExportPanel::class )->handle_start() );
		add_action( 'admin_post_' . ExportDownload::ACTION, static fn () => $container->get( ExportDownload::class )->handle() );
		add_action( 'rest_api_init', static fn () => $container->get( ExportRestController::class )->register_routes() );
		// The background export: a pass when one starts, a safety net, and the daily cleanup.
		add_action( ExportSchedule::HOOK, static fn () => $container->get( ExportWorker::class )->run() );
		add_action( ExportSchedule::SAFETY_NET_HOOK, static fn () => $container->get( ExportWorker::class )->run() );
		add_action( ExportSchedule::PRUNE_HOOK, static fn () => $container->get( ExportJobs::class )->prune() );
		add_action( 'admin_post_' . DonationsPage::RESEND_ACTION, static fn () => $container->get( DonationsPage::class )->handle_resend() );
		add_action( 'admin_post_' . RefundPanel::ACTION, static fn () => $container->get( RefundPanel::class )->handle() );
	}
}
