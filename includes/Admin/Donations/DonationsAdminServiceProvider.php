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
	 * Nothing to share by hand: every class here is built from its constructor.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
	}

	/**
	 * Maps the capability, adds the menu item (after Settings, which AdminServiceProvider adds at
	 * the default priority), the admin-post.php actions, the export's route and WP-Cron work.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_filter( 'map_meta_cap', array( DonationsCapability::class, 'map_meta_cap' ), 10, 2 );
		add_action( 'admin_menu', $container->lazy( DonationsPage::class, 'add_menu' ), 11 );
		add_action( 'admin_post_' . ExportPanel::START_ACTION, $container->lazy( ExportPanel::class, 'handle_start' ) );
		add_action( 'admin_post_' . ExportDownload::ACTION, $container->lazy( ExportDownload::class, 'handle' ) );
		add_action( 'rest_api_init', $container->lazy( ExportRestController::class, 'register_routes' ) );
		// The background export: a pass when one starts, a safety net, and the daily cleanup (the
		// pass takes no argument from the hook: it has its own time budget).
		add_action( ExportSchedule::HOOK, $container->lazy( ExportWorker::class, 'run' ), 10, 0 );
		add_action( ExportSchedule::SAFETY_NET_HOOK, $container->lazy( ExportWorker::class, 'run' ), 10, 0 );
		add_action( ExportSchedule::PRUNE_HOOK, $container->lazy( ExportJobs::class, 'prune' ) );
		add_action( 'admin_post_' . DonationsPage::RESEND_ACTION, $container->lazy( DonationsPage::class, 'handle_resend' ) );
		add_action( 'admin_post_' . RefundPanel::ACTION, $container->lazy( RefundPanel::class, 'handle' ) );
	}
}
