<?php
/**
 * "Test connection" on the settings screen.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin;

use DonationWidget\AddressLookup\ExperianClient;
use DonationWidget\Captcha\RecaptchaClient;
use DonationWidget\Http\AjaxResult;
use DonationWidget\Http\ProviderUnavailable;
use DonationWidget\Payments\PayPal\PayPalClient;
use DonationWidget\Payments\Stripe\StripeClient;
use DonationWidget\Payments\Stripe\StripeError;
use DonationWidget\Protection\ClientIp;
use DonationWidget\Settings\Settings;

/**
 * Makes one harmless call to a provider with the saved keys and says, in words, whether it
 * worked, or what the provider itself said was wrong. Nothing is charged or stored.
 */
final class ConnectionTester {

	public const ACTION = 'donation_widget_test_connection';

	public const PROVIDERS = array( 'stripe', 'paypal', 'experian', 'recaptcha' );

	/**
	 * Builds the tester.
	 *
	 * @param Settings        $settings  Modes.
	 * @param StripeClient    $stripe    Stripe.
	 * @param PayPalClient    $paypal    PayPal.
	 * @param ExperianClient  $experian  Experian.
	 * @param RecaptchaClient $recaptcha reCAPTCHA.
	 */
	public function __construct(
		private readonly Settings $settings,
		private readonly StripeClient $stripe,
		private readonly PayPalClient $paypal,
		private readonly ExperianClient $experian,
		private readonly RecaptchaClient $recaptcha
	) {
	}

	/**
	 * The admin-ajax handler: tests the provider named in the request.
	 *
	 * @param array<string, mixed> $request POST fields.
	 */
	public function handle( array $request ): AjaxResult {
		$provider = $request['provider'] ?? '';
		return match ( $provider ) {
			'stripe'    => $this->stripe(),
			'paypal'    => $this->paypal(),
			'experian'  => $this->experian(),
			'recaptcha' => $this->recaptcha(),
			default     => AjaxResult::error( 'validation', __( 'Unknown provider.', 'donation-widget' ), 400 ),
		};
	}

	/**
	 * Stripe: reads the account balance, which any valid secret key may do.
	 */
	private function stripe(): AjaxResult {
		$mode = $this->settings->is_stripe_live() ? __( 'live', 'donation-widget' ) : __( 'test', 'donation-widget' );
		if ( ! $this->stripe->is_configured() ) {
			/* translators: %s: test or live. */
			return $this->failed( sprintf( __( 'Enter and save the Stripe %s secret key first.', 'donation-widget' ), $mode ) );
		}
		try {
			$this->stripe->get( '/v1/balance' );
		} catch ( StripeError $error ) {
			/* translators: 1: test or live, 2: Stripe's own message. */
			return $this->failed( sprintf( __( 'Stripe refused the %1$s secret key: %2$s', 'donation-widget' ), $mode, $error->stripe_message ) );
		} catch ( ProviderUnavailable $error ) {
			if ( 'rejected' === $error->reason ) {
				/* translators: 1: test or live, 2: Stripe's own message. */
				return $this->failed( sprintf( __( 'Stripe refused the %1$s secret key: %2$s', 'donation-widget' ), $mode, preg_replace( '/^HTTP \d+: /', '', $this->detail( $error ) ) ) );
			}
			return $this->unreachable( 'Stripe', $error );
		}
		/* translators: %s: test or live. */
		return $this->worked( sprintf( __( 'Connected to Stripe in %s mode.', 'donation-widget' ), $mode ) );
	}

	/**
	 * PayPal: asks for an OAuth token with the saved client id and secret.
	 */
	private function paypal(): AjaxResult {
		$mode = $this->settings->is_paypal_live() ? __( 'live', 'donation-widget' ) : __( 'sandbox', 'donation-widget' );
		if ( ! $this->paypal->is_configured() ) {
			/* translators: %s: sandbox or live. */
			return $this->failed( sprintf( __( 'Enter and save the PayPal %s client ID and secret first.', 'donation-widget' ), $mode ) );
		}
		try {
			$this->paypal->check_credentials();
		} catch ( ProviderUnavailable $error ) {
			if ( 'rejected' === $error->reason ) {
				/* translators: 1: sandbox or live, 2: PayPal's own message. */
				return $this->failed( sprintf( __( 'PayPal refused the %1$s client ID or secret (%2$s).', 'donation-widget' ), $mode, $this->detail( $error ) ) );
			}
			return $this->unreachable( 'PayPal', $error );
		}
		/* translators: %s: sandbox or live. */
		return $this->worked( sprintf( __( 'Connected to PayPal (%s).', 'donation-widget' ), $mode ) );
	}

	/**
	 * Experian: one address search.
	 */
	private function experian(): AjaxResult {
		if ( ! $this->experian->is_configured() ) {
			return $this->failed( __( 'Enter and save the Experian token first.', 'donation-widget' ) );
		}
		try {
			$this->experian->search( '1 George Street Sydney', 1 );
		} catch ( ProviderUnavailable $error ) {
			if ( 'rejected' === $error->reason ) {
				/* translators: %s: Experian's own message. */
				return $this->failed( sprintf( __( 'Experian refused the token (%s).', 'donation-widget' ), $this->detail( $error ) ) );
			}
			return $this->unreachable( 'Experian', $error );
		}
		return $this->worked( __( 'Connected to Experian: an address search answered.', 'donation-widget' ) );
	}

	/**
	 * Google reCAPTCHA: verifies a made-up token. Google then says either that the token is bad
	 * (the secret works) or that the secret is bad.
	 */
	private function recaptcha(): AjaxResult {
		if ( ! $this->recaptcha->is_configured() ) {
			return $this->failed( __( 'Enter and save the reCAPTCHA secret key first.', 'donation-widget' ) );
		}
		try {
			$answer = $this->recaptcha->verify( 'donation-widget-connection-test', ClientIp::current() );
		} catch ( ProviderUnavailable $error ) {
			return $this->unreachable( 'Google reCAPTCHA', $error );
		}
		if ( in_array( 'invalid-input-secret', $answer['error_codes'], true ) || in_array( 'missing-input-secret', $answer['error_codes'], true ) ) {
			return $this->failed( __( 'Google says the reCAPTCHA secret key is invalid.', 'donation-widget' ) );
		}
		return $this->worked( __( 'Google accepted the reCAPTCHA secret key.', 'donation-widget' ) );
	}

	/**
	 * A success answer.
	 *
	 * @param string $message What worked.
	 */
	private function worked( string $message ): AjaxResult {
		return AjaxResult::success( array( 'message' => $message ) );
	}

	/**
	 * A refusal, answered with 200 so the screen shows the provider's words.
	 *
	 * @param string $message What went wrong.
	 */
	private function failed( string $message ): AjaxResult {
		return AjaxResult::error( 'connection_failed', $message, 200 );
	}

	/**
	 * A provider that could not be reached or failed on its side.
	 *
	 * @param string              $name  Provider name.
	 * @param ProviderUnavailable $error What happened.
	 */
	private function unreachable( string $name, ProviderUnavailable $error ): AjaxResult {
		if ( 'timeout' === $error->reason ) {
			/* translators: %s: provider name. */
			return $this->failed( sprintf( __( '%s did not answer in time. Try again in a minute.', 'donation-widget' ), $name ) );
		}
		/* translators: 1: provider name, 2: what went wrong. */
		return $this->failed( sprintf( __( 'Could not reach %1$s (%2$s).', 'donation-widget' ), $name, $this->detail( $error ) ) );
	}

	/**
	 * The provider's part of an error: what follows "provider: reason: ".
	 *
	 * @param ProviderUnavailable $error The error.
	 */
	private function detail( ProviderUnavailable $error ): string {
		$parts = explode( ': ', $error->getMessage(), 3 );
		return html_entity_decode( $parts[2] ?? $error->getMessage(), ENT_QUOTES );
	}
}
