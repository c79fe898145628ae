<?php
/**
 * GET and POST /wp-json/donation-widget/v1/settings: the settings, for administrators.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Settings;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * The settings screen's values over REST, for administrators only (manage_options; the REST
 * cookie nonce or an application password). Secrets are never answered, only whether one is
 * stored and its last four characters.
 *
 * POST takes `settings` (field key => value, checked exactly as the screen's are; an empty
 * secret keeps the stored one) and `remove_secrets` (the keys of stored secrets to delete: the
 * only way to remove one). Answers 200 with the problems found (valid changes are kept, as on
 * the screen), or 400 when remove_secrets names something that is not a secret setting
 * (nothing is saved then).
 */
final class SettingsAdminRestController {

	public const NAMESPACE = 'donation-widget/v1';

	public const ROUTE = '/settings';

	public const CAPABILITY = Settings::CAPABILITY;

	/**
	 * Builds the controller.
	 *
	 * @param Settings          $settings  Values and field definitions.
	 * @param SettingsSanitizer $sanitizer Checks what is sent.
	 */
	public function __construct( private readonly Settings $settings, private readonly SettingsSanitizer $sanitizer ) {
	}

	/**
	 * Registers the routes (rest_api_init).
	 */
	public function register_routes(): void {
		$permission = static fn (): bool => current_user_can( self::CAPABILITY );
		register_rest_route(
			self::NAMESPACE,
			self::ROUTE,
			array(
				array(
					'methods'             => \WP_REST_Server::READABLE,
					'callback'            => array( $this, 'read' ),
					'permission_callback' => $permission,
				),
				array(
					'methods'             => \WP_REST_Server::EDITABLE,
					'callback'            => array( $this, 'write' ),
					'permission_callback' => $permission,
					'args'                => array(
						'settings'       => array(
							'type'    => 'object',
							'default' => array(),
						),
						'remove_secrets' => array(
							'type'    => 'array',
							'items'   => array( 'type' => 'string' ),
							'default' => array(),
						),
					),
				),
			)
		);
	}

	/**
	 * The current values (secrets described, never given).
	 */
	public function read(): \WP_REST_Response {
		return $this->answer( 200, array() );
	}

	/**
	 * Saves what was sent.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 */
	public function write( \WP_REST_Request $request ): \WP_REST_Response {
		$values = $request->get_param( 'settings' );
		$values = is_array( $values ) ? $values : array();
		$remove = $request->get_param( 'remove_secrets' );
		$remove = is_array( $remove ) ? array_values( array_filter( $remove, 'is_string' ) ) : array();
		$wrong  = array_diff( $remove, $this->sanitizer->secret_keys() );
		if ( array() !== $wrong ) {
			return new \WP_REST_Response(
				array(
					'code'    => 'invalid_remove_secrets',
					/* translators: %s: the names sent, comma-separated. */
					'message' => sprintf( __( 'remove_secrets may name only secret settings; not: %s.', 'donation-widget' ), implode( ', ', $wrong ) ),
					'data'    => array( 'status' => 400 ),
				),
				400
			);
		}
		// Only the fields' own keys: remove_secrets is said apart, never inside settings.
		$input  = array_intersect_key( $values, $this->settings->fields() );
		$stored = $this->sanitizer->sanitise( array( SettingsSanitizer::REMOVE_SECRETS => $remove ) + wp_slash( $input ) );
		$errors = $this->sanitizer->errors();
		$this->settings->save( $stored );
		return $this->answer( 200, array( 'errors' => $errors ) );
	}

	/**
	 * The answer: every non-secret value, and what is known of each secret.
	 *
	 * @param int                  $status HTTP status.
	 * @param array<string, mixed> $extra  More members.
	 */
	private function answer( int $status, array $extra ): \WP_REST_Response {
		$settings = array();
		$secrets  = array();
		foreach ( $this->settings->fields() as $key => $field ) {
			if ( ! $field->is_secret() ) {
				$settings[ $key ] = $this->settings->get( $key );
				continue;
			}
			$value           = $this->settings->string( $key );
			$secrets[ $key ] = array(
				'stored'        => '' !== $value,
				'ends_in'       => '' !== $value ? substr( $value, -4 ) : '',
				'from_constant' => $this->settings->is_from_constant( $key ),
			);
		}
		$response = new \WP_REST_Response(
			array(
				'settings' => $settings,
				'secrets'  => $secrets,
			) + $extra,
			$status
		);
		$response->header( 'Cache-Control', 'no-store' );
		return $response;
	}
}
