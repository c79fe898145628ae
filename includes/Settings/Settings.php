<?php
/**
 * Reads the plugin's settings.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Settings;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * One place that knows where a setting comes from: a wp-config.php constant first, then the
 * stored option, then the field's default. Secrets are only ever read here, on the server.
 */
final class Settings {

	public const OPTION = 'donation_widget_settings';

	/**
	 * Who may change the settings (the screen, its REST route and its buttons).
	 */
	public const CAPABILITY = 'manage_options';

	/**
	 * Every field, by key.
	 *
	 * @var array<string, SettingField>|null
	 */
	private ?array $fields = null;

	/**
	 * The field definitions (built on first use, after translations load).
	 *
	 * @return array<string, SettingField>
	 */
	public function fields(): array {
		if ( null === $this->fields ) {
			$this->fields = SettingsSchema::fields();
		}
		return $this->fields;
	}

	/**
	 * The value of one setting.
	 *
	 * @param string $key Field key.
	 * @return mixed
	 * @throws \InvalidArgumentException For an unknown key: a typo should fail loudly in tests.
	 */
	public function get( string $key ): mixed {
		$fields = $this->fields();
		if ( ! isset( $fields[ $key ] ) ) {
			throw new \InvalidArgumentException( esc_html( "Unknown setting {$key}." ) );
		}
		$field = $fields[ $key ];
		if ( $this->is_from_constant( $key ) ) {
			return constant( $field->constant_name() );
		}
		$stored = $this->stored();
		return array_key_exists( $key, $stored ) ? $stored[ $key ] : $field->default;
	}

	/**
	 * A setting as a string (empty when unset).
	 *
	 * @param string $key Field key.
	 */
	public function string( string $key ): string {
		$value = $this->get( $key );
		return is_scalar( $value ) ? (string) $value : '';
	}

	/**
	 * A setting as an integer.
	 *
	 * @param string $key Field key.
	 */
	public function int( string $key ): int {
		$value = $this->get( $key );
		return is_numeric( $value ) ? (int) $value : 0;
	}

	/**
	 * Whether wp-config.php sets this value, so the screen must not offer it.
	 *
	 * @param string $key Field key.
	 */
	public function is_from_constant( string $key ): bool {
		$fields = $this->fields();
		return isset( $fields[ $key ] ) && defined( $fields[ $key ]->constant_name() );
	}

	/**
	 * What is stored in the option.
	 *
	 * @return array<string, mixed>
	 */
	public function stored(): array {
		$stored = get_option( self::OPTION, array() );
		return is_array( $stored ) ? $stored : array();
	}

	/**
	 * Stores already sanitised values.
	 *
	 * @param array<string, mixed> $values Field key => value.
	 */
	public function save( array $values ): void {
		update_option( self::OPTION, array_merge( $this->stored(), $values ) );
	}

	/**
	 * Whether the site runs against the provider stand-ins (local demo and tests only).
	 */
	public function is_demo_mode(): bool {
		return defined( 'DONATION_WIDGET_DEMO_MODE' ) && DONATION_WIDGET_DEMO_MODE;
	}

	/**
	 * The preset amounts, as strings of dollars.
	 *
	 * @return list<string>
	 */
	public function amount_values(): array {
		$values = $this->get( 'amount_values' );
		return is_array( $values ) ? array_values( array_map( 'strval', $values ) ) : array();
	}

	/**
	 * What the widgets may know: docs/widget-contract.md#32-settings-from-the-server plus what they show. Never a secret.
	 *
	 * @return array<string, mixed>
	 */
	public function public_settings(): array {
		$settings = array(
			'amount_values'            => $this->amount_values(),
			'default_amount'           => (float) $this->string( 'default_amount' ),
			'default_iteration_id'     => $this->string( 'default_iteration_id' ),
			'experian_min_search_char' => $this->int( 'experian_min_search_char' ),
			'google_captcha_key'       => $this->string( 'recaptcha_site_key' ),
			'organisation_name'        => $this->string( 'organisation_name' ),
			'privacy_url'              => $this->string( 'privacy_url' ),
			'contact_url'              => $this->string( 'contact_url' ),
			'get_involved_url'         => $this->string( 'get_involved_url' ),
			'supporter_phone'          => $this->string( 'supporter_phone' ),
			'supporter_email'          => $this->string( 'supporter_email' ),
			'demo_mode'                => $this->is_demo_mode(),
			// The thank-you screen says a receipt is on its way only when one is.
			'receipts_emailed'         => true === (bool) $this->get( 'receipt_send_automatically' ),
		);
		/**
		 * Adds what other domains tell the widgets, such as each payment gateway's public keys
		 * and the ways to pay on offer (payment_methods). Never a secret.
		 *
		 * @param array<string, mixed> $settings The public settings.
		 */
		$settings = apply_filters( 'donation_widget_public_settings', $settings );
		return is_array( $settings ) ? $settings : array();
	}
}
