<?php
/**
 * Wires the accounting export's download.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\BooksExport;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Admin\Payouts\PayoutsPage;
use DonationWidget\Admin\SettingsPage;
use DonationWidget\Books\Export\AccountCodes;
use DonationWidget\Books\Export\MyobReceiveMoney;
use DonationWidget\Books\Export\PayoutLines;
use DonationWidget\Books\Export\XeroStatement;
use DonationWidget\Container;
use DonationWidget\OfflineGifts\OfflineGiftLines;
use DonationWidget\ServiceProvider;

/**
 * The admin-post.php action the Payouts screen links to (Xero and MYOB files), those links,
 * and the setup at the top of the Accounting export tab.
 */
final class BooksExportAdminServiceProvider implements ServiceProvider {

	/**
	 * Shares the download with both file layouts (a list the constructor cannot name).
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		$container->set(
			BooksExportDownload::class,
			static fn ( Container $c ): BooksExportDownload => new BooksExportDownload( $c->get( PayoutLines::class ), $c->get( AccountCodes::class ), $c->get( OfflineGiftLines::class ), $c->get( XeroStatement::class ), $c->get( MyobReceiveMoney::class ) )
		);
	}

	/**
	 * Answers the action.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action( 'admin_post_' . BooksExportDownload::ACTION, $container->lazy( BooksExportDownload::class, 'handle' ) );
		add_action( PayoutsPage::EXPORT_HOOK, $container->lazy( BooksExportSetup::class, 'render_links' ) );
		add_action( SettingsPage::SECTION_INTRO_HOOK, $container->lazy( BooksExportSetup::class, 'render_intro' ) );
		add_filter( 'donation_widget_settings_field_value', $container->lazy( BooksExportSetup::class, 'suggest_value' ), 10, 2 );
	}
}
