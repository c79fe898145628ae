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
use DonationWidget\Http\HttpClient;
use DonationWidget\Protection\RateLimiter;
use DonationWidget\ServiceProvider;
use DonationWidget\Settings\Settings;

/**
 * The Experian client and the two public address calls.
 */
final class AddressLookupServiceProvider implements ServiceProvider {

	/**
	 * Shares the client and controller.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		$container->set(
			ExperianClient::class,
			static fn ( Container $c ): ExperianClient => new ExperianClient( $c->get( HttpClient::class ), $c->get( Settings::class ) )
		);
		$container->set(
			AddressLookupController::class,
			static fn ( Container $c ): AddressLookupController => new AddressLookupController(
				$c->get( ExperianClient::class ),
				$c->get( Settings::class ),
				$c->get( RateLimiter::class )
			)
		);
	}

	/**
	 * Registers process_address_search and process_validate_address.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		$router = $container->get( AjaxRouter::class );
		$router->public_action( 'process_address_search', static fn ( array $request ) => $container->get( AddressLookupController::class )->search( $request ) );
		$router->public_action( 'process_validate_address', static fn ( array $request ) => $container->get( AddressLookupController::class )->validate( $request ) );
	}
}
