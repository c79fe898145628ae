<?php
/**
 * GET /wp-json/my-plugin/v1/settings (docs/widget-contract.md#7-the-calls-it-makes call 1).
 *
 * @package DonationWidget
 */

namespace DonationWidget\Settings;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Answers the widgets' public settings: never a secret, cacheable by browsers and proxies.
 */
final class SettingsRestController {

	public const NAMESPACE = 'my-plugin/v1';

	public const ROUTE = '/settings';

	/**
	 * Builds the controller.
	 *
	 * @param Settings $settings Where values come from.
	 */
	public function __construct( private readonly Settings $settings ) {
	}

	/**
	 * Registers the route (rest_api_init).
	 */
	public function register_routes(): void {
		register_rest_route(
			self::NAMESPACE,
			self::ROUTE,
			array(
				'methods'             => \WP_REST_Server::READABLE,
				'callback'            => array( $this, 'get_settings' ),
				// Public by design: the donation form needs these values before anyone signs in.
				'permission_callback' => '__return_true',
			)
		);
	}

	/**
	 * The public settings.
	 */
	public function get_settings(): \WP_REST_Response {
		$response = new \WP_REST_Response( $this->settings->public_settings() );
		// Rarely changes and holds nothing personal: let browsers and CDNs keep it for 5 minutes.
		$response->header( 'Cache-Control', 'public, max-age=300, stale-while-revalidate=600' );
		return $response;
	}
}
