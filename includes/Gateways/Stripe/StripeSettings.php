<?php
/**
 * Stripe's settings: its modes, its keys and the shapes Stripe gives them.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Settings\InvalidSetting;
use DonationWidget\Settings\SettingField;
use DonationWidget\Settings\Settings;
use DonationWidget\Settings\SettingsSection;

/**
 * Reads the keys of the current mode, and describes Stripe's section of the settings screen with
 * the rules each key must meet, so the settings domain checks them without knowing Stripe.
 */
final class StripeSettings {

	public const SECTION = 'stripe';

	/**
	 * Builds the reader.
	 *
	 * @param Settings $settings Where every setting comes from.
	 */
	public function __construct( private readonly Settings $settings ) {
	}

	/**
	 * Whether Stripe is in live mode.
	 */
	public function is_live(): bool {
		return 'live' === $this->settings->string( 'stripe_mode' );
	}

	/**
	 * The stored mode: test or live.
	 */
	public function mode(): string {
		return $this->settings->string( 'stripe_mode' );
	}

	/**
	 * The publishable key for the current mode.
	 */
	public function publishable_key(): string {
		return $this->settings->string( $this->is_live() ? 'stripe_live_publishable_key' : 'stripe_test_publishable_key' );
	}

	/**
	 * The secret key for the current mode.
	 */
	public function secret_key(): string {
		return $this->settings->string( $this->is_live() ? 'stripe_live_secret_key' : 'stripe_test_secret_key' );
	}

	/**
	 * The webhook signing secret for the current mode.
	 */
	public function webhook_secret(): string {
		return $this->settings->string( $this->is_live() ? 'stripe_live_webhook_secret' : 'stripe_test_webhook_secret' );
	}

	/**
	 * Stripe's section of the settings screen: its fields, each with the shape Stripe gives it.
	 *
	 * @param string $webhook_route The site's REST route for Stripe's events.
	 * @param string $webhook_help  What to set up at Stripe for it.
	 */
	public static function section( string $webhook_route, string $webhook_help ): SettingsSection {
		$shape          = static fn ( string $pattern, string $problem ): \Closure => static function ( string $text ) use ( $pattern, $problem ): void {
			if ( ! preg_match( $pattern, $text ) ) {
				throw new InvalidSetting( esc_html( $problem ) );
			}
		};
		$webhook_secret = $shape( '/^whsec_[A-Za-z0-9]+$/', __( 'a webhook signing secret starts with whsec_.', 'donation-widget' ) );
		return new SettingsSection(
			self::SECTION,
			__( 'Stripe (card and express checkout)', 'donation-widget' ),
			array(
				new SettingField(
					'stripe_mode',
					__( 'Stripe mode', 'donation-widget' ),
					SettingField::CHOICE,
					self::SECTION,
					'test',
					__( 'Test mode takes no real money; use it until the charity is ready to go live.', 'donation-widget' ),
					array(
						'test' => __( 'Test', 'donation-widget' ),
						'live' => __( 'Live', 'donation-widget' ),
					)
				),
				new SettingField( 'stripe_test_publishable_key', __( 'Test publishable key', 'donation-widget' ), SettingField::TEXT, self::SECTION, '', __( 'Starts with pk_test_.', 'donation-widget' ), check: $shape( '/^pk_test_[A-Za-z0-9]+$/', __( 'a test publishable key starts with pk_test_.', 'donation-widget' ) ) ),
				new SettingField( 'stripe_test_secret_key', __( 'Test secret key', 'donation-widget' ), SettingField::SECRET, self::SECTION, check: $shape( '/^(sk|rk)_test_[A-Za-z0-9]+$/', __( 'a test secret key starts with sk_test_ (or rk_test_ for a restricted key).', 'donation-widget' ) ) ),
				new SettingField( 'stripe_test_webhook_secret', __( 'Test webhook signing secret', 'donation-widget' ), SettingField::SECRET, self::SECTION, check: $webhook_secret ),
				new SettingField( 'stripe_live_publishable_key', __( 'Live publishable key', 'donation-widget' ), SettingField::TEXT, self::SECTION, '', __( 'Starts with pk_live_.', 'donation-widget' ), check: $shape( '/^pk_live_[A-Za-z0-9]+$/', __( 'a live publishable key starts with pk_live_.', 'donation-widget' ) ) ),
				new SettingField( 'stripe_live_secret_key', __( 'Live secret key', 'donation-widget' ), SettingField::SECRET, self::SECTION, check: $shape( '/^(sk|rk)_live_[A-Za-z0-9]+$/', __( 'a live secret key starts with sk_live_ (or rk_live_ for a restricted key).', 'donation-widget' ) ) ),
				new SettingField( 'stripe_live_webhook_secret', __( 'Live webhook signing secret', 'donation-widget' ), SettingField::SECRET, self::SECTION, check: $webhook_secret ),
				new SettingField( 'stripe_becs_enabled', __( 'BECS Direct Debit', 'donation-widget' ), SettingField::CHECKBOX, self::SECTION, false, __( 'Also take donations from Australian bank accounts (BSB and account number). Debits clear in up to three business days; the receipt is sent then. Needs the Stripe webhook.', 'donation-widget' ) ),
			),
			$webhook_route,
			$webhook_help,
			self::mode_problems( ... )
		);
	}

	/**
	 * The active mode needs its publishable key, or the widget cannot take cards.
	 *
	 * @param array<string, mixed> $values   Values about to be stored.
	 * @param Settings             $settings Where values come from.
	 * @return list<string>
	 */
	public static function mode_problems( array $values, Settings $settings ): array {
		if ( $settings->is_from_constant( 'stripe_mode' ) ) {
			return array();
		}
		$key = 'live' === ( $values['stripe_mode'] ?? '' ) ? 'stripe_live_publishable_key' : 'stripe_test_publishable_key';
		if ( $settings->is_from_constant( $key ) || '' !== ( $values[ $key ] ?? '' ) ) {
			return array();
		}
		return array(
			sprintf(
				/* translators: %s: the missing field's label. */
				__( 'Stripe mode: the chosen mode needs its %s; card donations stay off until it is set.', 'donation-widget' ),
				$settings->fields()[ $key ]->label
			),
		);
	}
}
