<?php
/**
 * Wires the accounting export's domain.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books\Export;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Container;
use DonationWidget\ServiceProvider;
use DonationWidget\Settings\Settings;

/**
 * Shares the account codes, the deposit lines and the two file layouts.
 */
final class BooksExportServiceProvider implements ServiceProvider {

	/**
	 * Shares the export's objects.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		$container->set( AccountCodes::class, static fn ( Container $c ): AccountCodes => new AccountCodes( $c->get( Settings::class ) ) );
		$container->set( PayoutLines::class, static fn ( Container $c ): PayoutLines => new PayoutLines( $c->get( AccountCodes::class ) ) );
		$container->set( XeroStatement::class, static fn (): XeroStatement => new XeroStatement() );
		$container->set( MyobReceiveMoney::class, static fn ( Container $c ): MyobReceiveMoney => new MyobReceiveMoney( $c->get( AccountCodes::class ) ) );
	}

	/**
	 * Nothing to hook: the admin's download (Admin\BooksExport) asks for the lines.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
	}
}
