<?php
/**
 * The stored option, as the Settings API saves it.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Settings;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Registers the option with the Settings API, so options.php checks the nonce and capability,
 * and reports each value the sanitiser refused beside the "Settings saved." notice.
 */
final class SettingsOption {

	/**
	 * The Settings API group of the settings screen's form.
	 */
	public const GROUP = 'donation_widget';

	/**
	 * Builds the option.
	 *
	 * @param SettingsSanitizer $sanitizer Checks each submitted value.
	 */
	public function __construct( private readonly SettingsSanitizer $sanitizer ) {
	}

	/**
	 * Registers the option (admin_init).
	 */
	public function register(): void {
		register_setting(
			self::GROUP,
			Settings::OPTION,
			array(
				'type'              => 'array',
				'show_in_rest'      => false,
				'sanitize_callback' => array( $this, 'sanitise' ),
			)
		);
	}

	/**
	 * The option's sanitize callback: the values to store, with each problem as a settings error.
	 *
	 * @param mixed $input The submitted option.
	 * @return array<string, mixed>
	 */
	public function sanitise( mixed $input ): array {
		$values = $this->sanitizer->sanitise( $input );
		foreach ( $this->sanitizer->errors() as $index => $message ) {
			add_settings_error( Settings::OPTION, 'donation-widget-' . $index, $message, 'error' );
		}
		if ( $this->sanitizer->errors() ) {
			// options.php says "Settings saved." only when nothing failed; the valid changes were kept.
			add_settings_error( Settings::OPTION, 'donation-widget-partly-saved', __( 'Your other changes were saved.', 'donation-widget' ), 'info' );
		}
		return $values;
	}
}
