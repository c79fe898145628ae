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
 * Base URLs of the provider APIs (server side) and of their browser scripts. The address lookup
 * and the captcha are known here; the payment gateways add their own hosts and scripts through
 * the donation_widget_provider_api_hosts and donation_widget_provider_scripts filters.
 *
 * Production uses the real hosts. Only the local demo site and the tests point these at the
 * provider stand-ins, through wp-config.php constants or the filters below; every code path
 * is otherwise the same.
 */
final class ProviderEndpoints {

	public const EXPERIAN  = 'experian';
	public const RECAPTCHA = 'recaptcha';

	private const API_DEFAULTS = array(
		self::EXPERIAN  => 'https://api.experianaperture.io',
		self::RECAPTCHA => 'https://www.google.com',
	);

	private const SCRIPT_DEFAULTS = array(
		'recaptcha' => 'https://www.google.com/recaptcha/api.js',
	);

	/**
	 * Every API host by key, the gateways' included.
	 *
	 * @return array<string, string>
	 */
	private static function api_defaults(): array {
		/**
		 * Adds the hosts of the payment gateways' APIs: key => default base URL.
		 *
		 * @param array<string, string> $hosts The hosts known so far.
		 */
		$hosts = apply_filters( 'donation_widget_provider_api_hosts', self::API_DEFAULTS );
		return is_array( $hosts ) ? $hosts : self::API_DEFAULTS;
	}

	/**
	 * The API base URL of a provider, without a trailing slash.
	 *
	 * Constants: DONATION_WIDGET_<PROVIDER>_API_URL, named after the key's first word (so one
	 * constant covers a provider's live and sandbox hosts), such as
	 * DONATION_WIDGET_EXPERIAN_API_URL or DONATION_WIDGET_RECAPTCHA_API_URL.
	 *
	 * @param string $provider A key of the hosts: experian, recaptcha, or a gateway's.
	 */
	public static function api_base( string $provider ): string {
		$url      = self::api_defaults()[ $provider ] ?? '';
		$constant = 'DONATION_WIDGET_' . strtoupper( explode( '_', $provider )[0] ) . '_API_URL';
		if ( defined( $constant ) ) {
			$url = (string) constant( $constant );
		}

		/**
		 * Filters the base URL the plugin uses to reach a provider's API.
		 *
		 * @param string $url      Base URL, no trailing slash.
		 * @param string $provider The key: experian, recaptcha, or a gateway's host key.
		 */
		$url = apply_filters( 'donation_widget_provider_api_url', $url, $provider );
		return untrailingslashit( is_string( $url ) ? $url : '' );
	}

	/**
	 * The URL of a provider's browser script.
	 *
	 * Constants: DONATION_WIDGET_<SCRIPT>_SCRIPT_URL, such as DONATION_WIDGET_RECAPTCHA_SCRIPT_URL.
	 *
	 * @param string $script  recaptcha, or a gateway's script key.
	 * @param string $default Where it lives when no constant or filter says otherwise.
	 */
	public static function script_url( string $script, string $default = '' ): string {
		$url      = self::SCRIPT_DEFAULTS[ $script ] ?? $default;
		$constant = 'DONATION_WIDGET_' . strtoupper( $script ) . '_SCRIPT_URL';
		if ( defined( $constant ) ) {
			$url = (string) constant( $constant );
		}

		/**
		 * Filters where the browser loads a provider's script from.
		 *
		 * @param string $url    Script URL.
		 * @param string $script recaptcha, or a gateway's script key.
		 */
		$url = apply_filters( 'donation_widget_provider_script_url', $url, $script );
		return is_string( $url ) ? $url : '';
	}

	/**
	 * Every browser script URL, for the widget: the gateways' (added through the
	 * donation_widget_provider_scripts filter) and the captcha's.
	 *
	 * @return array<string, string>
	 */
	public static function script_urls(): array {
		/**
		 * Adds the payment gateways' browser scripts: key => default URL.
		 *
		 * @param array<string, string> $scripts The scripts known so far.
		 */
		$scripts = apply_filters( 'donation_widget_provider_scripts', array() );
		$urls    = array();
		foreach ( ( is_array( $scripts ) ? $scripts : array() ) + self::SCRIPT_DEFAULTS as $script => $default ) {
			$urls[ (string) $script ] = self::script_url( (string) $script, is_string( $default ) ? $default : '' );
		}
		return $urls;
	}
}
