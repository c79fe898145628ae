<?php
/**
 * Where the plugin reaches each provider.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Http;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Base URLs of the provider APIs (server side) and of their browser scripts.
 *
 * Production uses the real hosts. Only the local demo site and the tests point these at the
 * provider stand-ins, through wp-config.php constants or the filters below; every code path
 * is otherwise the same.
 */
final class ProviderEndpoints {

	public const STRIPE         = 'stripe';
	public const PAYPAL_LIVE    = 'paypal_live';
	public const PAYPAL_SANDBOX = 'paypal_sandbox';
	public const EXPERIAN       = 'experian';
	public const RECAPTCHA      = 'recaptcha';

	private const API_DEFAULTS = array(
		self::STRIPE         => 'https://api.stripe.com',
		self::PAYPAL_LIVE    => 'https://api-m.paypal.com',
		self::PAYPAL_SANDBOX => 'https://api-m.sandbox.paypal.com',
		self::EXPERIAN       => 'https://api.experianaperture.io',
		self::RECAPTCHA      => 'https://www.google.com',
	);

	private const SCRIPT_DEFAULTS = array(
		// The Stripe.js release that @stripe/stripe-js (in package.json) is built against.
		'stripe'    => 'https://js.stripe.com/endive/stripe.js',
		'paypal'    => 'https://www.paypal.com/sdk/js',
		'recaptcha' => 'https://www.google.com/recaptcha/api.js',
	);

	/**
	 * The API base URL of a provider, without a trailing slash.
	 *
	 * Constants: DONATION_WIDGET_STRIPE_API_URL, DONATION_WIDGET_PAYPAL_API_URL (both PayPal
	 * modes), DONATION_WIDGET_EXPERIAN_API_URL, DONATION_WIDGET_RECAPTCHA_API_URL.
	 *
	 * @param string $provider One of the provider constants.
	 */
	public static function api_base( string $provider ): string {
		$url      = self::API_DEFAULTS[ $provider ] ?? '';
		$constant = 'DONATION_WIDGET_' . strtoupper( str_starts_with( $provider, 'paypal' ) ? 'paypal' : $provider ) . '_API_URL';
		if ( defined( $constant ) ) {
			$url = (string) constant( $constant );
		}

		/**
		 * Filters the base URL the plugin uses to reach a provider's API.
		 *
		 * @param string $url      Base URL, no trailing slash.
		 * @param string $provider stripe, paypal_live, paypal_sandbox, experian or recaptcha.
		 */
		$url = apply_filters( 'donation_widget_provider_api_url', $url, $provider );
		return untrailingslashit( is_string( $url ) ? $url : '' );
	}

	/**
	 * The URL of a provider's browser script: stripe, paypal or recaptcha.
	 *
	 * Constants: DONATION_WIDGET_STRIPE_SCRIPT_URL, DONATION_WIDGET_PAYPAL_SCRIPT_URL,
	 * DONATION_WIDGET_RECAPTCHA_SCRIPT_URL.
	 *
	 * @param string $script stripe, paypal or recaptcha.
	 */
	public static function script_url( string $script ): string {
		$url      = self::SCRIPT_DEFAULTS[ $script ] ?? '';
		$constant = 'DONATION_WIDGET_' . strtoupper( $script ) . '_SCRIPT_URL';
		if ( defined( $constant ) ) {
			$url = (string) constant( $constant );
		}

		/**
		 * Filters where the browser loads a provider's script from.
		 *
		 * @param string $url    Script URL.
		 * @param string $script stripe, paypal or recaptcha.
		 */
		$url = apply_filters( 'donation_widget_provider_script_url', $url, $script );
		return is_string( $url ) ? $url : '';
	}

	/**
	 * Every browser script URL, for the widget.
	 *
	 * @return array{stripe: string, paypal: string, recaptcha: string}
	 */
	public static function script_urls(): array {
		return array(
			'stripe'    => self::script_url( 'stripe' ),
			'paypal'    => self::script_url( 'paypal' ),
			'recaptcha' => self::script_url( 'recaptcha' ),
		);
	}
}
