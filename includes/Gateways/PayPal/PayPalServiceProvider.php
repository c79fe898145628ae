<?php
/**
 * Wires the PayPal gateway.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\PayPal;

use DonationWidget\Checkout\DonationLedger;
use DonationWidget\Checkout\Gateway;
use DonationWidget\Checkout\GatewayProvider;
use DonationWidget\Container;
use DonationWidget\Http\HttpClient;
use DonationWidget\Settings\Settings;

/**
 * The PayPal client and its way to pay.
 */
final class PayPalServiceProvider implements GatewayProvider {

	/**
	 * Shares the client, the payment and the gateway.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		$container->set( PayPalClient::class, static fn ( Container $c ): PayPalClient => new PayPalClient( $c->get( HttpClient::class ), $c->get( Settings::class ) ) );
		$container->set( PayPalPayment::class, static fn ( Container $c ): PayPalPayment => new PayPalPayment( $c->get( PayPalClient::class ), $c->get( DonationLedger::class ) ) );
		$container->set(
			PayPalGateway::class,
			static fn ( Container $c ): PayPalGateway => new PayPalGateway( $c->get( PayPalClient::class ), $c->get( Settings::class ), $c->get( PayPalPayment::class ) )
		);
	}

	/**
	 * PayPal adds no hooks of its own.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
	}

	/**
	 * The gateway, built from the container.
	 *
	 * @param Container $container Shared objects.
	 */
	public function gateway( Container $container ): Gateway {
		return $container->get( PayPalGateway::class );
	}
}
