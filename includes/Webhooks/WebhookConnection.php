<?php
/**
 * A provider's webhook that the plugin can set up itself.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Webhooks;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Finds the provider's webhook for this site's URL (in the current mode), creates or repairs it
 * to send exactly the events the plugin handles, keeps what the site needs to verify its
 * deliveries, and says how the provider's webhook differs from what the plugin needs.
 */
interface WebhookConnection {

	/**
	 * The gateway's id (as stored on its donations).
	 */
	public function id(): string;

	/**
	 * Whether the keys a call to the provider needs are saved.
	 */
	public function is_configured(): bool;

	/**
	 * What a check depends on (mode, URL, keys, what is stored): a cached check counts only
	 * while this stays the same. Never printed; may hold secrets, so callers hash it.
	 */
	public function fingerprint(): string;

	/**
	 * Creates or repairs the provider's webhook (admin's "Connect webhooks").
	 *
	 * @param bool $replace Whether to make a new webhook even when the present one fits (for a
	 *                      signing secret the provider shows only when it makes one).
	 */
	public function connect( bool $replace = false ): WebhookConnectResult;

	/**
	 * Asks the provider how its webhook for this site differs from what the plugin needs.
	 */
	public function check(): WebhookCheck;

	/**
	 * What the deliveries received say, without asking the provider (such as the last event
	 * written in another API version than the one the plugin reads).
	 *
	 * @return list<string>
	 */
	public function delivery_notes(): array;
}
