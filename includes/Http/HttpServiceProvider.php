<?php
/**
 * Wires what every provider client and ajax controller shares.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Http;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Container;
use DonationWidget\ServiceProvider;

/**
 * The HTTP transport and the admin-ajax router.
 */
final class HttpServiceProvider implements ServiceProvider {

	/**
	 * The transport and the router are built from their constructors.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
	}

	/**
	 * No hooks of its own: domains register their actions through the router.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
	}
}
