<?php
/**
 * Wires the settings domain.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Settings;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Container;
use DonationWidget\ServiceProvider;

/**
 * The stored option, its sanitiser and the public settings route.
 */
final class SettingsServiceProvider implements ServiceProvider {

	public const OPTION_GROUP = 'donation_widget';

	/**
	 * Shares the settings objects.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		$container->set( Settings::class, static fn (): Settings => new Settings() );
		$container->set( SettingsSanitizer::class, static fn ( Container $c ): SettingsSanitizer => new SettingsSanitizer( $c->get( Settings::class ) ) );
		$container->set( SettingsRestController::class, static fn ( Container $c ): SettingsRestController => new SettingsRestController( $c->get( Settings::class ) ) );
		$container->set( SettingsAdminRestController::class, static fn ( Container $c ): SettingsAdminRestController => new SettingsAdminRestController( $c->get( Settings::class ), $c->get( SettingsSanitizer::class ) ) );
	}

	/**
	 * Registers the option and the REST route.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action( 'rest_api_init', static fn () => $container->get( SettingsRestController::class )->register_routes() );
		add_action( 'rest_api_init', static fn () => $container->get( SettingsAdminRestController::class )->register_routes() );
		add_action( 'admin_init', static fn () => self::register_setting( $container ) );
	}

	/**
	 * Registers the option with the Settings API, so options.php checks the nonce and capability.
	 *
	 * @param Container $container Shared objects.
	 */
	public static function register_setting( Container $container ): void {
		register_setting(
			self::OPTION_GROUP,
			Settings::OPTION,
			array(
				'type'              => 'array',
				'show_in_rest'      => false,
				'sanitize_callback' => static function ( $input ) use ( $container ): array {
					$sanitizer = $container->get( SettingsSanitizer::class );
					$values    = $sanitizer->sanitise( $input );
					foreach ( $sanitizer->errors() as $index => $message ) {
						add_settings_error( Settings::OPTION, 'donation-widget-' . $index, $message, 'error' );
					}
					if ( $sanitizer->errors() ) {
						// options.php says "Settings saved." only when nothing failed; the valid changes were kept.
						add_settings_error( Settings::OPTION, 'donation-widget-partly-saved', __( 'Your other changes were saved.', 'donation-widget' ), 'info' );
					}
					return $values;
				},
			)
		);
	}
}
