<?php
/**
 * Wires the checkout.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Checkout;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Container;
use DonationWidget\ServiceProvider;

/**
 * The payment calls of docs/widget-contract.md#7-the-calls-it-makes (one per registered way to pay), and what the rest of the
 * plugin learns from the gateways: their settings sections, the ways to pay the widget may
 * offer, and the names of payment methods.
 */
final class CheckoutServiceProvider implements ServiceProvider {

	/**
	 * The checkout, the ledger and the guard are built from their constructors.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
	}

	/**
	 * The payment calls, and the gateways' filters.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		$container->get( PaymentCalls::class )->register();
		add_filter( 'donation_widget_settings_sections', $container->lazy( GatewayFilters::class, 'settings_sections' ) );
		add_filter( 'donation_widget_public_settings', $container->lazy( GatewayFilters::class, 'public_settings' ) );
		add_filter( 'donation_widget_payment_method_name', $container->lazy( GatewayFilters::class, 'payment_method_name' ), 10, 2 );
	}
}
