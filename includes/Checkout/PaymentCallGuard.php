<?php
/**
 * The abuse checks every payment call passes first.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Checkout;

use DonationWidget\Captcha\RecaptchaClient;
use DonationWidget\Http\AjaxResult;
use DonationWidget\Http\ProviderUnavailable;
use DonationWidget\Protection\ClientIp;
use DonationWidget\Protection\RateLimiter;
use DonationWidget\Settings\Settings;

/**
 * The payment calls are public and carry no nonce (pages may come from a full-page cache), so
 * card testers would find them: each call counts against a per-address hourly limit, and each
 * call that may reach a payment provider must carry a reCAPTCHA token Google accepts.
 */
final class PaymentCallGuard {

	private const RATE_BUCKET = 'payment';

	private const RATE_WINDOW_SECONDS = 3600;

	/**
	 * Builds the guard.
	 *
	 * @param RateLimiter     $rate_limiter Per-address counters.
	 * @param RecaptchaClient $recaptcha    Google reCAPTCHA.
	 * @param Settings        $settings     The limit.
	 */
	public function __construct(
		private readonly RateLimiter $rate_limiter,
		private readonly RecaptchaClient $recaptcha,
		private readonly Settings $settings
	) {
	}

	/**
	 * What every payment call checks first. Counts this call, then refuses it when the address
	 * is over its hourly limit, or when the provider it needs has no keys; else null.
	 *
	 * @param bool $provider_configured Whether the provider's keys are set.
	 */
	public function refuse_before_provider( bool $provider_configured ): ?AjaxResult {
		$limit = max( 1, $this->settings->int( 'rate_limit_payments' ) );
		if ( ! $this->rate_limiter->hit( self::RATE_BUCKET, ClientIp::current(), $limit, self::RATE_WINDOW_SECONDS ) ) {
			return PaymentAnswers::rate_limited();
		}
		return $provider_configured ? null : PaymentAnswers::not_configured();
	}

	/**
	 * Verifies the captchaToken; the refusal when Google does not accept it, else null.
	 *
	 * A site without a reCAPTCHA secret key is not checked (the widget then has no site key to
	 * render the captcha with either): a warning is logged on every such call, so the admin sees
	 * that only the rate limit stands between card testers and the payment provider.
	 *
	 * @param mixed $token The captchaToken field.
	 */
	public function refuse_without_captcha( mixed $token ): ?AjaxResult {
		if ( ! $this->recaptcha->is_configured() ) {
			// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- admins must see that payments run unprotected.
			error_log( 'Donation Widget: no reCAPTCHA secret key is set, so payment calls are not checked for bots. Set one under Settings > Donation Widget.' );
			return null;
		}
		if ( ! is_string( $token ) || '' === $token || strlen( $token ) > 8192 ) {
			return PaymentAnswers::captcha_failed();
		}
		try {
			$result = $this->recaptcha->verify( $token, ClientIp::current() );
		} catch ( ProviderUnavailable $error ) {
			// Without Google's answer the call is refused: letting it through would open the
			// payment calls to bots whenever Google is slow.
			return PaymentAnswers::provider_failed( $error );
		}
		return $result['success'] ? null : PaymentAnswers::captcha_failed();
	}
}
