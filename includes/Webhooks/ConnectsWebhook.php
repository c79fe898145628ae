<?php
/**
 * A gateway that can set up its own webhook.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Webhooks;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Implemented by the gateways whose provider has an API for webhooks, so the settings screen and
 * Site Health can offer "Connect webhooks" and check the webhook without naming a gateway.
 */
interface ConnectsWebhook {

	/**
	 * Its webhook, as the plugin sets it up and checks it.
	 */
	public function webhook_connection(): WebhookConnection;
}
