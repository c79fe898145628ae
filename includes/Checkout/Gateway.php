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
 * Stripe, PayPal …: the ways to pay it offers, its settings section and its connection test.
 * Its webhooks settle donations through DonationLedger, like the checkout does.
 */
interface Gateway {

	/**
	 * Its id: stripe, paypal.
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
	 * Its section of the settings screen.
	 */
	public function settings_section(): SettingsSection;

	/**
	 * Checks the saved keys with the provider, for the settings screen's "Test connection".
	 */
	public function test_connection(): ConnectionResult;
}
