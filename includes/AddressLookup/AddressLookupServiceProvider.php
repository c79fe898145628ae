<?php
/**
 * Wires the address lookup domain.
 *
 * @package DonationWidget
 */

namespace DonationWidget\AddressLookup;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Container;
use DonationWidget\Http\AjaxRouter;
use DonationWidget\ServiceProvider;

/**
 * The Experian client and the two public address calls.
 */
final class AddressLookupServiceProvider implements ServiceProvider {

	/**
	 * The client and the controller are built from their constructors.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
	}

	/**
	 * The two public address calls.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		$router = $container->get( AjaxRouter::class );
		$router->public_action( 'process_address_search', $container->lazy( AddressLookupController::class, 'search' ) );
		$router->public_action( 'process_validate_address', $container->lazy( AddressLookupController::class, 'validate' ) );
	}
}
