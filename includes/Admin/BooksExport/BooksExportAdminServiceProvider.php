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

use DonationWidget\Books\Export\MyobReceiveMoney;
use DonationWidget\Books\Export\PayoutLines;
use DonationWidget\Books\Export\XeroStatement;
use DonationWidget\Container;
use DonationWidget\ServiceProvider;

/**
 * The admin-post.php action the Payouts screen links to (Xero and MYOB files).
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
			static fn ( Container $c ): BooksExportDownload => new BooksExportDownload( $c->get( PayoutLines::class ), $c->get( XeroStatement::class ), $c->get( MyobReceiveMoney::class ) )
		);
	}

	/**
	 * Answers the action.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action( 'admin_post_' . BooksExportDownload::ACTION, $container->lazy( BooksExportDownload::class, 'handle' ) );
	}
}
