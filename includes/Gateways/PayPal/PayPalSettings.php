<?php
/**
 * PayPal's settings: its modes, its credentials and its webhook id.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\PayPal;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Settings\InvalidSetting;
use DonationWidget\Settings\SettingField;
use DonationWidget\Settings\Settings;
use DonationWidget\Settings\SettingsSection;

/**
 * Reads the credentials of the current mode, and describes PayPal's section of the settings
 * screen with the rules its fields must meet.
 */
final class PayPalSettings {

	public const SECTION = 'paypal';

	/**
	 * Builds the reader.
	 *
	 * @param Settings $settings Where every setting comes from.
	 */
	public function __construct( private readonly Settings $settings ) {
	}

	/**
	 * Whether PayPal is in live mode.
	 */
	public function is_live(): bool {
		return 'live' === $this->settings->string( 'paypal_mode' );
	}

	/**
	 * The stored mode: sandbox or live.
	 */
	public function mode(): string {
		return $this->settings->string( 'paypal_mode' );
	}

	/**
	 * The client id for the current mode.
	 */
	public function client_id(): string {
		return $this->settings->string( $this->is_live() ? 'paypal_live_client_id' : 'paypal_sandbox_client_id' );
	}

	/**
	 * The secret for the current mode.
	 */
	public function secret(): string {
		return $this->settings->string( $this->is_live() ? 'paypal_live_secret' : 'paypal_sandbox_secret' );
	}

	/**
	 * The id PayPal gave the site's webhook (in PayPal's developer dashboard), used to verify
	 * each delivery.
	 */
	public function webhook_id(): string {
		return $this->settings->string( 'paypal_webhook_id' );
	}

	/**
	 * PayPal's section of the settings screen.
	 *
	 * @param string $webhook_route The site's REST route for PayPal's events.
	 * @param string $webhook_help  What to set up at PayPal for it.
	 */
	public static function section( string $webhook_route, string $webhook_help ): SettingsSection {
		return new SettingsSection(
			self::SECTION,
			__( 'PayPal', 'donation-widget' ),
			array(
				new SettingField(
					'paypal_mode',
					__( 'PayPal mode', 'donation-widget' ),
					SettingField::CHOICE,
					self::SECTION,
					'sandbox',
					'',
					array(
						'sandbox' => __( 'Sandbox', 'donation-widget' ),
						'live'    => __( 'Live', 'donation-widget' ),
					)
				),
				new SettingField( 'paypal_sandbox_client_id', __( 'Sandbox client ID', 'donation-widget' ), SettingField::TEXT, self::SECTION ),
				new SettingField( 'paypal_sandbox_secret', __( 'Sandbox secret', 'donation-widget' ), SettingField::SECRET, self::SECTION ),
				new SettingField( 'paypal_live_client_id', __( 'Live client ID', 'donation-widget' ), SettingField::TEXT, self::SECTION ),
				new SettingField( 'paypal_live_secret', __( 'Live secret', 'donation-widget' ), SettingField::SECRET, self::SECTION ),
				new SettingField(
					'paypal_webhook_id',
					__( 'Webhook ID', 'donation-widget' ),
					SettingField::TEXT,
					self::SECTION,
					'',
					__( 'Connect webhooks saves it. By hand: the ID PayPal shows for the webhook you added to the app of the current mode, such as 8PT597110X687430LKGECATA. PayPal is asked to confirm every delivery with it.', 'donation-widget' ),
					check: static function ( string $text ): void {
						// What PayPal's verify-webhook-signature accepts as webhook_id: letters and digits, at most 50.
						if ( ! preg_match( '/^[A-Za-z0-9]{1,50}$/D', $text ) ) {
							throw new InvalidSetting( esc_html__( 'paste the Webhook ID exactly as PayPal shows it: letters and digits only, at most 50, such as 8PT597110X687430LKGECATA.', 'donation-widget' ) );
						}
					}
				),
			),
			$webhook_route,
			$webhook_help
		);
	}
}
