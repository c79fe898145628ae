<?php
/**
 * The abuse checks every payment call passes first.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Checkout;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Captcha\RecaptchaClient;
use DonationWidget\Http\AjaxResult;
use DonationWidget\Http\ProviderUnavailable;
use DonationWidget\Protection\ClientIp;
use DonationWidget\Protection\ForwardingCheck;
use DonationWidget\Protection\RateLimiter;
use DonationWidget\Settings\Settings;

/**
 * The payment calls are public and carry no nonce (pages may come from a full-page cache), so
 * card testers would find them: each call whose fields passed the checks counts against hourly
 * limits, and each call that may reach a payment provider must carry a reCAPTCHA token Google
 * accepts. Calls refused for their fields never count, so junk cannot use up anyone's allowance.
 *
 * Two limits, and a call must be within both: the donor's email (a hash of it, lower-cased,
 * without a +tag), then the visitor's address (ClientIp: REMOTE_ADDR, or the client a trusted
 * proxy names; IPv6 by /64). The email is counted first: a call it refuses does not count
 * against the address, so one donor retrying uses at most the email's allowance of a shared
 * office or mobile-carrier address, while a card tester changing email each time still meets
 * the address limit. A call that finishes a payment an earlier counted call started (3-D Secure,
 * the wallet's get_charge_id, the wallet capture of an opened order) counts against that
 * payment's own allowance instead: the donor was counted when the payment started, and money may
 * already have moved, so shared limits must not refuse it.
 */
final class PaymentCallGuard {

	private const RATE_BUCKET = 'payment';

	private const EMAIL_BUCKET = 'payment_email';

	private const PAYMENT_BUCKET = 'payment_finish';

	/**
	 * Finishing calls per payment per window: a browser makes one or two (3-D Secure, the
	 * redirect back from a bank); more is a script asking the provider again and again.
	 */
	public const FINISHING_CALLS_PER_PAYMENT = 10;

	private const RATE_WINDOW_SECONDS = 3600;

	/**
	 * Builds the guard.
	 *
	 * @param RateLimiter     $rate_limiter Counters shared by every server.
	 * @param RecaptchaClient $recaptcha    Google reCAPTCHA.
	 * @param Settings        $settings     The limits.
	 */
	public function __construct(
		private readonly RateLimiter $rate_limiter,
		private readonly RecaptchaClient $recaptcha,
		private readonly Settings $settings
	) {
	}

	/**
	 * What every payment call checks once its fields passed: the provider's keys, then the
	 * limits (see the class). The refusal, or null.
	 *
	 * @param bool   $provider_configured Whether the provider's keys are set.
	 * @param string $email               The donor's email (from formData, or the donation's record).
	 * @param string $finishes            The attempt whose payment this call finishes, when an
	 *                                    earlier counted call started it; '' for a call that starts one.
	 * @param bool   $money_moved         Whether the call reports money that moved before it (a capture).
	 */
	public function refuse_checked_call( bool $provider_configured, string $email, string $finishes = '', bool $money_moved = false ): ?AjaxResult {
		$money_may_have_moved = $money_moved || '' !== $finishes;
		if ( ! $provider_configured ) {
			return PaymentAnswers::not_configured( $money_may_have_moved );
		}
		if ( '' !== $finishes ) {
			return $this->within( self::PAYMENT_BUCKET, 'attempt:' . $finishes, self::FINISHING_CALLS_PER_PAYMENT ) ? null : PaymentAnswers::rate_limited( true );
		}
		if ( ! $this->within( self::EMAIL_BUCKET, 'email:' . self::email_key( $email ), max( 1, $this->settings->int( 'rate_limit_payments_email' ) ) ) ) {
			return $this->limited( $money_moved );
		}
		// Site Health tells the admin when donors arrive through a proxy the site does not trust.
		ForwardingCheck::note_current();
		if ( ! $this->within( self::RATE_BUCKET, ClientIp::limit_key( ClientIp::current() ), max( 1, $this->settings->int( 'rate_limit_payments' ) ) ) ) {
			return $this->limited( $money_moved );
		}
		return null;
	}

	/**
	 * The 429 answer, with the minutes until the hourly window starts again.
	 *
	 * @param bool $money_moved Whether the call reports money that moved before it.
	 */
	private function limited( bool $money_moved ): AjaxResult {
		$left = self::RATE_WINDOW_SECONDS - time() % self::RATE_WINDOW_SECONDS;
		return PaymentAnswers::rate_limited( $money_moved, (int) ceil( $left / MINUTE_IN_SECONDS ) );
	}

	/**
	 * The donor's email as the limit counts it: trimmed, lower-case, without a +tag (jane+1@
	 * and jane@ reach one mailbox), then hashed, so no counter holds an address.
	 *
	 * @param string $email The email from the form.
	 */
	public static function email_key( string $email ): string {
		$email = strtolower( trim( $email ) );
		$at    = strrpos( $email, '@' );
		if ( false !== $at ) {
			$local = substr( $email, 0, $at );
			$plus  = strpos( $local, '+' );
			$email = ( false === $plus || 0 === $plus ? $local : substr( $local, 0, $plus ) ) . substr( $email, $at );
		}
		return hash( 'sha256', $email );
	}

	/**
	 * Counts one call on a counter and says whether it is within the limit.
	 *
	 * @param string $bucket  What is limited.
	 * @param string $visitor Who is limited.
	 * @param int    $limit   Calls per window.
	 */
	private function within( string $bucket, string $visitor, int $limit ): bool {
		return $this->rate_limiter->hit( $bucket, $visitor, $limit, self::RATE_WINDOW_SECONDS );
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
			// payment calls to bots whenever Google is slow. No payment provider was asked.
			return PaymentAnswers::nothing_charged( PaymentAnswers::provider_failed( $error ) );
		}
		return $result['success'] ? null : PaymentAnswers::captcha_failed();
	}
}
