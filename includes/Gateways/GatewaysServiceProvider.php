<?php
/**
 * The one list of payment gateways.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Checkout\Gateway;
use DonationWidget\Checkout\GatewayFilters;
use DonationWidget\Checkout\GatewayProvider;
use DonationWidget\Checkout\GatewayRegistry;
use DonationWidget\Container;
use DonationWidget\ServiceProvider;

/**
 * Registers every gateway with the checkout. A new gateway is one line in gateways().
 */
final class GatewaysServiceProvider implements ServiceProvider {

	/**
	 * Every gateway, in the order the widget and the settings screen show them.
	 *
	 * @return list<GatewayProvider>
	 */
	private function gateways(): array {
		return array(
			new Stripe\StripeServiceProvider(),
			new PayPal\PayPalServiceProvider(),
		);
	}

	/**
	 * Registers each gateway's objects, and the registry the checkout reads.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		$gateways = $this->gateways();
		foreach ( $gateways as $gateway ) {
			$gateway->register( $container );
		}
		$container->set(
			GatewayRegistry::class,
			static fn ( Container $c ): GatewayRegistry => GatewayRegistry::with_added(
				array_map( static fn ( GatewayProvider $gateway ): Gateway => $gateway->gateway( $c ), $gateways )
			)
		);
	}

	/**
	 * Adds each gateway's hooks, and lets the platform registries and the checkout ask the
	 * gateways for their settings sections, hosts, scripts, public settings and method names.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		foreach ( $this->gateways() as $gateway ) {
			$gateway->boot( $container );
		}
		add_filter( 'donation_widget_settings_sections', $container->lazy( GatewayFilters::class, 'settings_sections' ) );
		add_filter( 'donation_widget_public_settings', $container->lazy( GatewayFilters::class, 'public_settings' ) );
		add_filter( 'donation_widget_payment_method_name', $container->lazy( GatewayFilters::class, 'payment_method_name' ), 10, 2 );
		add_filter( 'donation_widget_provider_api_hosts', $container->lazy( GatewayFilters::class, 'add_api_hosts' ) );
		add_filter( 'donation_widget_provider_scripts', $container->lazy( GatewayFilters::class, 'add_script_urls' ) );
	}
}
