<?php
/**
 * A payment provider, as the rest of the plugin sees it.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Checkout;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Http\ConnectionResult;
use DonationWidget\Settings\SettingsSection;

/**
 * Everything about one provider the rest of the plugin needs: the ways to pay it offers, its
 * settings section (with its own validation), what the browser may know of it, its scripts and
 * API hosts, its health and its connection test. Nothing outside the gateway's folder names it.
 * Its webhooks settle donations through DonationLedger, like the checkout does.
 */
interface Gateway {

	/**
	 * Its id, as stored in each donation's provider column.
	 */
	public function id(): string;

	/**
	 * Its name for people, in admin texts such as "Made at %s".
	 */
	public function label(): string;

	/**
	 * The ways to pay it offers, in the order the widget shows them.
	 *
	 * @return list<PaymentMethod>
	 */
	public function payment_methods(): array;

	/**
	 * Its section of the settings screen: its fields, each checked by its own rules.
	 */
	public function settings_section(): SettingsSection;

	/**
	 * What the widgets may know of it, merged flat into the public settings. Never a secret.
	 *
	 * @return array<string, mixed>
	 */
	public function public_settings(): array;

	/**
	 * The provider's own browser scripts the widget loads when needed: key => URL.
	 *
	 * @return array<string, string>
	 */
	public function script_urls(): array;

	/**
	 * The hosts its server calls go to: ProviderEndpoints key => default base URL.
	 *
	 * @return array<string, string>
	 */
	public function api_hosts(): array;

	/**
	 * Script handles the widget's view script must load after (a gateway whose browser code is
	 * outside the bundle registers its payment methods from them).
	 *
	 * @return list<string>
	 */
	public function browser_scripts(): array;

	/**
	 * Whether it takes real money now.
	 */
	public function is_live(): bool;

	/**
	 * What Site Health, the webhook notice and the dashboard say about it.
	 */
	public function health(): GatewayHealth;

	/**
	 * Checks the saved keys with the provider, for the settings screen's "Test connection".
	 */
	public function test_connection(): ConnectionResult;
}
