<?php
/**
 * Wires webhook delivery.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Webhooks;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Container;
use DonationWidget\ServiceProvider;

/**
 * The event log, webhook health and delivery are built by the container from their
 * constructors; each gateway adds its own webhook route and hands events to WebhookDelivery.
 */
final class WebhooksServiceProvider implements ServiceProvider {

	/**
	 * Nothing needs a factory.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
	}

	/**
	 * No hooks of its own: the gateways' providers add the routes.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
	}
}
