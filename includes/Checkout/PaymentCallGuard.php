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
 * card testers would find them: each call that may reach a payment provider must carry a
 * reCAPTCHA token Google accepts, and each call whose fields passed the checks counts against
 * hourly limits. Calls refused for their fields never count, so junk cannot use up anyone's
 * allowance.
 *
 * Order: the provider's keys; then reCAPTCHA; then, only for a call Google accepted, the two
 * allowances, and a call must be within both: the donor's email (a hash of it, lower-cased,
 * without a +tag), then the visitor's address (ClientIp: REMOTE_ADDR, or the client a trusted
 * proxy names; IPv6 by /64). So nobody who knows a donor's email can use up her allowance with
 * calls that fail the captcha. The email is counted first: a call it refuses does not count
 * against the address, so one donor retrying uses at most the email's allowance of a shared
 * office or mobile-carrier address, while a card tester changing email each time still meets
 * the address limit.
 *
 * Calls that fail reCAPTCHA count apart, per address only: once an address has failed as many
 * times as it may make calls, its calls are refused before Google is asked, for the rest of the
 * hour. Without that a bot could make the site call Google's verify endpoint without end (and
 * the site's quota there is every donor's), or reach the provider with made-up captures, which
 * go on without a passed captcha. Being per address, this never refuses a donor at another
 * address, and it never touches an email's allowance.
 *
 * A call that finishes a payment an earlier counted call started (3-D Secure, the wallet's
 * get_charge_id, the wallet capture of an opened order) counts against that payment's own
 * allowance instead, before its captcha if it carries one: the donor was counted when the
 * payment started, and money may already have moved, so shared limits must not refuse it.
 */
final class PaymentCallGuard {

	private const RATE_BUCKET = 'payment';

	private const EMAIL_BUCKET = 'payment_email';

	private const PAYMENT_BUCKET = 'payment_finish';

	private const FAILED_CAPTCHA_BUCKET = 'payment_captcha_failed';

	private const SAME_CALL_BUCKET = 'payment_call_seen';

	/** Seconds a call is remembered: far longer than a retransmission takes to arrive. */
	private const SAME_CALL_SECONDS = 600;

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
	 * The checks of a call that starts a payment (or reports money the browser moved for an
	 * attempt no earlier call counted), once its fields passed: the provider's keys, reCAPTCHA,
	 * then the donor's and the address's allowances (see the class).
	 *
	 * @param bool   $provider_configured Whether the provider's keys are set.
	 * @param string $email               The donor's email from formData.
	 * @param mixed  $captcha_token       The captchaToken field.
	 * @param bool   $money_moved         Whether the call reports money that moved before it (a capture).
	 * @param string $fingerprint         The call's fingerprint (PaymentRequest::fingerprint()), counted
	 *                                    before Google is asked (see calls_lately()); '' for none.
	 */
	public function check_starting_call( bool $provider_configured, string $email, mixed $captcha_token, bool $money_moved = false, string $fingerprint = '' ): PaymentCallCheck {
		if ( ! $provider_configured ) {
			return PaymentCallCheck::refused( PaymentAnswers::not_configured( $money_moved ) );
		}
		$captcha = $this->check_captcha( $captcha_token, $money_moved, $money_moved, $fingerprint );
		if ( null !== $captcha->refusal || '' !== $captcha->review_reason ) {
			// Not passed: refused, or money that moved, let through for review. Either way it
			// was counted among the address's failures only, never against a donor's allowance.
			return $captcha;
		}
		if ( ! $this->within( self::EMAIL_BUCKET, 'email:' . self::email_key( $email ), max( 1, $this->settings->int( 'rate_limit_payments_email' ) ) ) ) {
			return PaymentCallCheck::refused( $this->limited( $money_moved ) );
		}
		if ( ! $this->within( self::RATE_BUCKET, self::address_key(), $this->address_allowance() ) ) {
			return PaymentCallCheck::refused( $this->limited( $money_moved ) );
		}
		return PaymentCallCheck::passed();
	}

	/**
	 * The checks of a call that finishes a payment an earlier counted call started: the
	 * provider's keys, the payment's own allowance, then reCAPTCHA when the call carries one
	 * (a 3-D Secure return does; a call whose attempt passed it when it opened does not).
	 *
	 * @param bool   $provider_configured Whether the provider's keys are set.
	 * @param string $attempt_id          The attempt whose payment the call finishes.
	 * @param bool   $money_moved         Whether the call reports money that moved before it.
	 * @param bool   $carries_captcha     Whether the call must pass reCAPTCHA.
	 * @param mixed  $captcha_token       The captchaToken field, when it carries one.
	 * @param string $fingerprint         The call's fingerprint, as for check_starting_call().
	 */
	public function check_finishing_call( bool $provider_configured, string $attempt_id, bool $money_moved = false, bool $carries_captcha = false, mixed $captcha_token = null, string $fingerprint = '' ): PaymentCallCheck {
		if ( ! $provider_configured ) {
			return PaymentCallCheck::refused( PaymentAnswers::not_configured( true ) );
		}
		if ( ! $this->within( self::PAYMENT_BUCKET, 'attempt:' . $attempt_id, self::FINISHING_CALLS_PER_PAYMENT ) ) {
			return PaymentCallCheck::refused( PaymentAnswers::rate_limited( true ) );
		}
		return $carries_captcha ? $this->check_captcha( $captcha_token, $money_moved, true, $fingerprint ) : PaymentCallCheck::passed();
	}

	/**
	 * How many calls with this fingerprint (PaymentRequest::fingerprint(), its captcha token
	 * included) were about to ask Google lately: each is counted just before, so a call Google
	 * refuses as a spent token can tell at once whether the very same call came before it (a
	 * proxy's or a browser's retransmission, which spent the token) or the token was replayed for
	 * other cards. This window and the one before, so a window's end between them changes nothing.
	 *
	 * @param string $fingerprint The call's fingerprint.
	 */
	public function calls_lately( string $fingerprint ): int {
		$now = time();
		return $this->rate_limiter->count( self::SAME_CALL_BUCKET, $fingerprint, self::SAME_CALL_SECONDS, $now )
			+ $this->rate_limiter->count( self::SAME_CALL_BUCKET, $fingerprint, self::SAME_CALL_SECONDS, $now - self::SAME_CALL_SECONDS );
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
	 * Checks reCAPTCHA, with the address's allowance of failures (see the class): passed;
	 * refused; or, for money that moved, let through with the reason its record needs review.
	 *
	 * A site without a reCAPTCHA secret key is not checked (the widget then has no site key to
	 * render the captcha with either): a warning is logged on every such call, so the admin sees
	 * that only the rate limits stand between card testers and the payment provider.
	 *
	 * @param mixed  $token                The captchaToken field.
	 * @param bool   $money_moved          Whether the call reports money that moved before it.
	 * @param bool   $money_may_have_moved Whether a refusal must not say nothing was charged.
	 * @param string $fingerprint          The call's fingerprint, counted before Google is asked.
	 */
	private function check_captcha( mixed $token, bool $money_moved, bool $money_may_have_moved, string $fingerprint ): PaymentCallCheck {
		if ( ! $this->recaptcha->is_configured() ) {
			// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- admins must see that payments run unprotected.
			error_log( 'Donation Widget: no reCAPTCHA secret key is set, so payment calls are not checked for bots. Set one under Settings > Donation Widget.' );
			return PaymentCallCheck::passed();
		}
		$address = self::address_key();
		$allowed = $this->address_allowance();
		if ( $this->rate_limiter->count( self::FAILED_CAPTCHA_BUCKET, $address, self::RATE_WINDOW_SECONDS ) >= $allowed ) {
			return PaymentCallCheck::refused( $this->limited( $money_may_have_moved ) );
		}
		if ( '' !== $fingerprint ) {
			$this->rate_limiter->hit( self::SAME_CALL_BUCKET, $fingerprint, PHP_INT_MAX, self::SAME_CALL_SECONDS );
		}
		$spent   = false;
		$failure = $this->captcha_failure( $token, $spent );
		if ( null === $failure ) {
			return PaymentCallCheck::passed();
		}
		$refused_by_google = 'captcha' === $failure->type();
		// Google being down is nobody's failure; but money that moved goes on to the provider,
		// so it is counted whatever the reason.
		if ( $refused_by_google || $money_moved ) {
			$this->within( self::FAILED_CAPTCHA_BUCKET, $address, $allowed );
		}
		if ( $money_moved ) {
			return PaymentCallCheck::passed( $refused_by_google ? 'captcha_failed' : 'captcha_unavailable' );
		}
		return PaymentCallCheck::refused( $failure, $spent );
	}

	/**
	 * Verifies the captchaToken; the refusal when Google does not accept it, else null.
	 *
	 * @param mixed $token The captchaToken field.
	 * @param bool  $spent Set when Google refused it as used before or too old (timeout-or-duplicate).
	 */
	private function captcha_failure( mixed $token, bool &$spent ): ?AjaxResult {
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
		$spent = in_array( 'timeout-or-duplicate', $result['error_codes'], true );
		return $result['success'] ? null : PaymentAnswers::captcha_failed();
	}

	/**
	 * Payment calls per address per window (and failed captchas per address per window).
	 */
	private function address_allowance(): int {
		return max( 1, $this->settings->int( 'rate_limit_payments' ) );
	}

	/**
	 * The visitor's address as the limits count it. Site Health tells the admin when donors
	 * arrive through a proxy the site does not trust (they would all share one address).
	 */
	private static function address_key(): string {
		ForwardingCheck::note_current();
		return ClientIp::limit_key( ClientIp::current() );
	}
}
