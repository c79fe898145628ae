<?php
/**
 * How a payment gateway plugs into the plugin.
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
 * A gateway's own service provider: it builds the gateway's objects and adds its hooks (its
 * webhook route), and hands the checkout its Gateway.
 */
interface GatewayProvider extends ServiceProvider {

	/**
	 * The gateway, built from the container.
	 *
	 * @param Container $container Shared objects.
	 */
	public function gateway( Container $container ): Gateway;
}
