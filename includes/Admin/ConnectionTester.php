<?php
/**
 * "Test connection" on the settings screen.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\AddressLookup\ExperianClient;
use DonationWidget\Captcha\RecaptchaClient;
use DonationWidget\Checkout\GatewayRegistry;
use DonationWidget\Http\AjaxResult;
use DonationWidget\Http\ConnectionResult;
use DonationWidget\Http\ProviderUnavailable;
use DonationWidget\Protection\ClientIp;

/**
 * Makes one harmless call to a provider with the saved keys and says, in words, whether it
 * worked, or what the provider itself said was wrong. Nothing is charged or stored. Payment
 * gateways test themselves; address lookup and reCAPTCHA are tested here.
 */
final class ConnectionTester {

	public const ACTION = 'donation_widget_test_connection';

	/**
	 * Builds the tester.
	 *
	 * @param GatewayRegistry $gateways  The payment gateways.
	 * @param ExperianClient  $experian  Experian.
	 * @param RecaptchaClient $recaptcha reCAPTCHA.
	 */
	public function __construct(
		private readonly GatewayRegistry $gateways,
		private readonly ExperianClient $experian,
		private readonly RecaptchaClient $recaptcha
	) {
	}

	/**
	 * The providers with a "Test connection" button: each gateway, Experian and reCAPTCHA.
	 *
	 * @return list<string>
	 */
	public function providers(): array {
		$ids = array();
		foreach ( $this->gateways->gateways() as $gateway ) {
			$ids[] = $gateway->id();
		}
		return array_merge( $ids, array( 'experian', 'recaptcha' ) );
	}

	/**
	 * The admin-ajax handler: tests the provider named in the request.
	 *
	 * @param array<string, mixed> $request POST fields.
	 */
	public function handle( array $request ): AjaxResult {
		$provider = $request['provider'] ?? '';
		$gateway  = is_string( $provider ) ? $this->gateways->gateway( $provider ) : null;
		if ( null !== $gateway ) {
			return $gateway->test_connection()->answer();
		}
		return match ( $provider ) {
			'experian'  => $this->experian()->answer(),
			'recaptcha' => $this->recaptcha()->answer(),
			default     => AjaxResult::error( 'validation', __( 'Unknown provider.', 'donation-widget' ), 400 ),
		};
	}

	/**
	 * Experian: one address search.
	 */
	private function experian(): ConnectionResult {
		if ( ! $this->experian->is_configured() ) {
			return ConnectionResult::failed( __( 'Enter and save the Experian token first.', 'donation-widget' ) );
		}
		try {
			$this->experian->search( '1 George Street Sydney', 1 );
		} catch ( ProviderUnavailable $error ) {
			if ( 'rejected' === $error->reason ) {
				/* translators: %s: Experian's own message. */
				return ConnectionResult::failed( sprintf( __( 'Experian refused the token (%s).', 'donation-widget' ), ConnectionResult::detail( $error ) ) );
			}
			return ConnectionResult::unreachable( 'Experian', $error );
		}
		return ConnectionResult::worked( __( 'Connected to Experian: an address search answered.', 'donation-widget' ) );
	}

	/**
	 * Google reCAPTCHA: Google tells a bad secret apart from a bad token.
	 */
	private function recaptcha(): ConnectionResult {
		if ( ! $this->recaptcha->is_configured() ) {
			return ConnectionResult::failed( __( 'Enter and save the reCAPTCHA secret key first.', 'donation-widget' ) );
		}
		try {
			$answer = $this->recaptcha->verify( 'donation-widget-connection-test', ClientIp::current() );
		} catch ( ProviderUnavailable $error ) {
			return ConnectionResult::unreachable( 'Google reCAPTCHA', $error );
		}
		if ( in_array( 'invalid-input-secret', $answer['error_codes'], true ) || in_array( 'missing-input-secret', $answer['error_codes'], true ) ) {
			return ConnectionResult::failed( __( 'Google says the reCAPTCHA secret key is invalid.', 'donation-widget' ) );
		}
		return ConnectionResult::worked( __( 'Google accepted the reCAPTCHA secret key.', 'donation-widget' ) );
	}
}
