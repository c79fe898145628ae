<?php
/**
 * A third payment gateway that lives only in the test tree: it shows that a gateway is its own
 * folder plus one registration (here the donation_widget_gateways filter), with no edit to the
 * plugin. Switched on per test by the donation_widget_test_example_gateway option.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Site\Gateways\Example;

use DonationWidget\Checkout\Gateway;
use DonationWidget\Checkout\GatewayHealth;
use DonationWidget\Http\ConnectionResult;
use DonationWidget\Settings\InvalidSetting;
use DonationWidget\Settings\SettingField;
use DonationWidget\Settings\Settings;
use DonationWidget\Settings\SettingsSection;

/**
 * "Example Pay": one payment method, two settings with their own rules, a mode, public browser
 * data, a browser script that registers its method with the widget, and its own health lines.
 */
final class ExampleGateway implements Gateway {

	public const ID = 'example';

	/**
	 * The handle of its browser script (example-gateway.js).
	 */
	public const SCRIPT_HANDLE = 'donation-widget-example-gateway';

	/**
	 * Builds the gateway.
	 *
	 * @param Settings $settings Where its settings are stored.
	 */
	public function __construct( private readonly Settings $settings ) {
	}

	/**
	 * A stored value of one of its settings ('' when unset).
	 *
	 * @param string $key Field key.
	 */
	public function value( string $key ): string {
		$value = $this->settings->stored()[ $key ] ?? '';
		return is_scalar( $value ) ? (string) $value : '';
	}

	/**
	 * {@inheritDoc}
	 */
	public function id(): string {
		return self::ID;
	}

	/**
	 * {@inheritDoc}
	 */
	public function label(): string {
		return 'Example Pay';
	}

	/**
	 * {@inheritDoc}
	 */
	public function payment_methods(): array {
		return array( new ExamplePayment( $this ) );
	}

	/**
	 * {@inheritDoc}
	 */
	public function settings_section(): SettingsSection {
		return new SettingsSection(
			self::ID,
			'Example Pay',
			array(
				new SettingField(
					'example_mode',
					'Example Pay mode',
					SettingField::CHOICE,
					self::ID,
					'test',
					'',
					array(
						'test' => 'Test',
						'live' => 'Live',
					)
				),
				new SettingField(
					'example_account_id',
					'Example Pay account ID',
					SettingField::TEXT,
					self::ID,
					'',
					'Starts with acct_.',
					check: static function ( string $text ): void {
						if ( ! preg_match( '/^acct_[a-z0-9]+$/', $text ) ) {
							throw new InvalidSetting( 'an Example Pay account ID starts with acct_, then lower-case letters and digits.' );
						}
					}
				),
				new SettingField(
					'example_secret',
					'Example Pay secret',
					SettingField::SECRET,
					self::ID,
					check: static function ( string $text ): void {
						if ( ! str_starts_with( $text, 'exsk_' ) ) {
							throw new InvalidSetting( 'an Example Pay secret starts with exsk_.' );
						}
					}
				),
			),
			'',
			'',
			static fn ( array $values ): array => 'live' === ( $values['example_mode'] ?? '' ) && '' === ( $values['example_account_id'] ?? '' )
				? array( 'Example Pay mode: live mode needs the account ID.' )
				: array()
		);
	}

	/**
	 * {@inheritDoc}
	 */
	public function public_settings(): array {
		return array( 'example_account_id' => $this->value( 'example_account_id' ) );
	}

	/**
	 * {@inheritDoc}
	 */
	public function script_urls(): array {
		return array( 'example' => 'https://pay.example.test/sdk.js' );
	}

	/**
	 * {@inheritDoc}
	 */
	public function api_hosts(): array {
		return array( 'example' => 'https://api.pay.example.test' );
	}

	/**
	 * {@inheritDoc}
	 */
	public function browser_scripts(): array {
		return array( self::SCRIPT_HANDLE );
	}

	/**
	 * {@inheritDoc}
	 */
	public function is_live(): bool {
		return 'live' === $this->value( 'example_mode' );
	}

	/**
	 * {@inheritDoc}
	 */
	public function health(): GatewayHealth {
		$account = $this->value( 'example_account_id' );
		return new GatewayHealth(
			'' === $this->value( 'example_mode' ) ? 'test' : $this->value( 'example_mode' ),
			'' !== $account,
			'' !== $this->value( 'example_secret' ),
			false,
			array(),
			'' === $account ? array( 'Example Pay has no account ID: it offers no way to pay.' ) : array(),
			'Example Pay is in test mode: it moves no money.',
			'At Example Pay, check that its webhook sends to %s.'
		);
	}

	/**
	 * {@inheritDoc}
	 */
	public function test_connection(): ConnectionResult {
		return '' === $this->value( 'example_account_id' )
			? ConnectionResult::failed( 'Example Pay has no account ID.' )
			: ConnectionResult::worked( 'Connected to Example Pay.' );
	}
}
