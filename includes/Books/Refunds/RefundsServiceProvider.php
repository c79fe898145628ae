<?php
/**
 * Wires the refunds of the books.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books\Refunds;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Container;
use DonationWidget\ServiceProvider;

/**
 * Shares the refunds table, the ledger the gateways' webhooks record refunds through, and the
 * admin's refund.
 */
final class RefundsServiceProvider implements ServiceProvider {

	/**
	 * Nothing to share by hand: every class here is built from its constructor.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
	}

	/**
	 * Nothing runs on its own: refunds are asked for on the donation's screen and heard of
	 * through the gateways' webhooks.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
	}
}
