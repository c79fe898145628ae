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
	 * Shares the transport and router.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		$container->set( HttpClient::class, static fn (): HttpClient => new HttpClient() );
		$container->set( AjaxRouter::class, static fn (): AjaxRouter => new AjaxRouter() );
	}

	/**
	 * No hooks of its own: domains register their actions through the router.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
	}
}
