<?php
/**
 * How long a person's call may spend waiting for providers.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Http;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * A donor pressing Donate waits for every provider request the call makes (reCAPTCHA, then
 * the payment provider's, each retried while its answer is lost). Proxies and FastCGI commonly give
 * up on a request after 60 s, and a donor whose page never answers cannot be told the truth, so
 * the calls a person waits for (AjaxRouter) run within a budget: each provider request's timeout
 * is cut to what is left of it, no retry starts without time for it, and once it is spent no
 * request is sent (the call answers "not known yet", which the widget keeps for Try Again).
 *
 * Requests made outside such a call (cron, webhooks, CLI) have no budget; their clients' own
 * timeouts and retry limits apply. The budget lives for one PHP request only.
 */
final class ProviderTimeBudget {

	/**
	 * Seconds a call may spend on providers: well inside a 60 s proxy limit, leaving time for
	 * WordPress, the database and the answer.
	 */
	public const SECONDS = 45;

	/**
	 * Seconds one provider request gets, at most, when its client sets none itself.
	 */
	public const REQUEST_SECONDS = 30;

	/**
	 * When the running budget ends (microtime), or null when none runs.
	 *
	 * @var float|null
	 */
	private ?float $ends_at = null;

	/**
	 * Starts the budget of a call a person waits for; DONATION_WIDGET_PAYMENT_DEADLINE (seconds)
	 * overrides its length, for tests that cannot wait 45 s.
	 */
	public function start(): void {
		$seconds       = defined( 'DONATION_WIDGET_PAYMENT_DEADLINE' ) && is_numeric( DONATION_WIDGET_PAYMENT_DEADLINE ) ? (float) DONATION_WIDGET_PAYMENT_DEADLINE : self::SECONDS;
		$this->ends_at = microtime( true ) + max( 1.0, $seconds );
	}

	/**
	 * Ends it: later requests in this PHP process (a test run) are not cut short.
	 */
	public function end(): void {
		$this->ends_at = null;
	}

	/**
	 * Seconds left, or null when no budget runs.
	 */
	public function remaining(): ?float {
		return null === $this->ends_at ? null : max( 0.0, $this->ends_at - microtime( true ) );
	}

	/**
	 * The timeout for one provider request: what its client asks, cut to what is left.
	 * DONATION_WIDGET_PROVIDER_TIMEOUT (seconds) caps every request, for tests that make
	 * providers slower than the timeout without waiting 30 s.
	 *
	 * @param string $provider The provider asked, for the error.
	 * @param float  $wanted   The client's own timeout.
	 * @throws ProviderUnavailable When no time is left: nothing is sent.
	 */
	public function timeout_for( string $provider, float $wanted ): float {
		if ( defined( 'DONATION_WIDGET_PROVIDER_TIMEOUT' ) && is_numeric( DONATION_WIDGET_PROVIDER_TIMEOUT ) ) {
			$wanted = min( $wanted, max( 0.5, (float) DONATION_WIDGET_PROVIDER_TIMEOUT ) );
		}
		$left = $this->remaining();
		if ( null === $left ) {
			return $wanted;
		}
		if ( $left < 1.0 ) {
			throw new ProviderUnavailable( esc_html( $provider ), 'timeout', 'No time was left to ask the provider within this call.' );
		}
		return min( $wanted, $left );
	}

	/**
	 * Whether a retry that first waits $wait seconds still has time to be answered.
	 *
	 * @param float $wait Seconds before it is sent.
	 */
	public function allows_retry( float $wait ): bool {
		$left = $this->remaining();
		return null === $left || $left - $wait >= 2.0;
	}
}
