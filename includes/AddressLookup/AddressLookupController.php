<?php
/**
 * Per docs/widget-contract.md#7-the-calls-it-makes calls 2 and 3: process_address_search and process_validate_address.
 *
 * @package DonationWidget
 */

namespace DonationWidget\AddressLookup;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Http\AjaxResult;
use DonationWidget\Http\ProviderUnavailable;
use DonationWidget\Protection\ClientIp;
use DonationWidget\Protection\RateLimiter;
use DonationWidget\Settings\Settings;

/**
 * Proxies Experian for the widget: checks the input, limits the rate per visitor, caches
 * repeated searches, and turns every provider failure into a clear JSON error.
 */
final class AddressLookupController {

	public const MAX_SEARCH_LENGTH = 200;

	private const CACHE_SECONDS = 600;

	/**
	 * Builds the controller.
	 *
	 * @param ExperianClient $experian     Experian.
	 * @param Settings       $settings     Minimum length and rate limit.
	 * @param RateLimiter    $rate_limiter Per-visitor limits.
	 */
	public function __construct(
		private readonly ExperianClient $experian,
		private readonly Settings $settings,
		private readonly RateLimiter $rate_limiter
	) {
	}

	/**
	 * Call 2: suggestions for the text typed so far.
	 *
	 * @param array<string, mixed> $request POST fields.
	 */
	public function search( array $request ): AjaxResult {
		$text = $request['addressText'] ?? '';
		if ( ! is_string( $text ) || ! mb_check_encoding( $text, 'UTF-8' ) ) {
			return AjaxResult::error( 'validation', __( 'The address contains characters we cannot read. Please type it again.', 'donation-widget' ), 400 );
		}
		// Control characters never belong in an address; collapse runs of spaces.
		$text = trim( (string) preg_replace( '/\s+/u', ' ', (string) preg_replace( '/[\p{Cc}\p{Cf}]/u', ' ', $text ) ) );

		$minimum = max( 1, $this->settings->int( 'experian_min_search_char' ) );
		if ( mb_strlen( $text ) < $minimum ) {
			/* translators: %d: the minimum number of characters. */
			return AjaxResult::error( 'validation', sprintf( __( 'Type at least %d characters to search for an address.', 'donation-widget' ), $minimum ), 400 );
		}
		if ( mb_strlen( $text ) > self::MAX_SEARCH_LENGTH ) {
			/* translators: %d: the maximum number of characters. */
			return AjaxResult::error( 'validation', sprintf( __( 'An address search can be at most %d characters.', 'donation-widget' ), self::MAX_SEARCH_LENGTH ), 400 );
		}

		return $this->answer(
			'donation_widget_address_search_' . md5( mb_strtolower( $text ) ),
			fn (): array => $this->experian->search( $text )
		);
	}

	/**
	 * Call 3: the parts of a chosen suggestion, with Experian's confidence.
	 *
	 * @param array<string, mixed> $request POST fields.
	 */
	public function validate( array $request ): AjaxResult {
		$key = $request['global_address_key'] ?? '';
		// Experian's keys are URL-safe base64-like strings; anything else is not one of theirs.
		if ( ! is_string( $key ) || ! preg_match( '/^[A-Za-z0-9+\/=_\-.~%]{1,1024}$/D', $key ) ) {
			return AjaxResult::error( 'validation', __( 'Please choose an address from the list.', 'donation-widget' ), 400 );
		}

		return $this->answer( 'donation_widget_address_format_' . md5( $key ), fn (): array => $this->experian->format( $key ) );
	}

	/**
	 * Experian's result from the shared cache, or from Experian (rate-limited per visitor) and
	 * then cached: the same search from anyone within a few minutes costs no provider call.
	 *
	 * @param string   $cache_key Transient name.
	 * @param callable $ask       Calls Experian.
	 * @phpstan-param callable(): array<mixed> $ask
	 */
	private function answer( string $cache_key, callable $ask ): AjaxResult {
		$cached = get_transient( $cache_key );
		if ( is_array( $cached ) ) {
			return AjaxResult::success( array( 'result' => $cached ) );
		}
		$limited = $this->refuse_when_limited();
		if ( null !== $limited ) {
			return $limited;
		}
		if ( ! $this->experian->is_configured() ) {
			return $this->not_configured();
		}
		try {
			$result = $ask();
		} catch ( ProviderUnavailable $error ) {
			return $this->provider_failed( $error );
		}
		set_transient( $cache_key, $result, self::CACHE_SECONDS );
		return AjaxResult::success( array( 'result' => $result ) );
	}

	/**
	 * A rate-limited answer, or null when the visitor may go on.
	 */
	private function refuse_when_limited(): ?AjaxResult {
		if ( $this->rate_limiter->hit( 'address', ClientIp::current(), max( 1, $this->settings->int( 'rate_limit_address' ) ), MINUTE_IN_SECONDS ) ) {
			return null;
		}
		return AjaxResult::error( 'rate_limited', __( 'Too many address searches. Please wait a minute, or enter your address manually.', 'donation-widget' ), 429 );
	}

	/**
	 * The answer when no Experian token is set.
	 */
	private function not_configured(): AjaxResult {
		return AjaxResult::error( 'not_configured', __( 'Address lookup is not available. Please enter your address manually.', 'donation-widget' ), 503 );
	}

	/**
	 * The answer when Experian fails.
	 *
	 * @param ProviderUnavailable $error What failed.
	 */
	private function provider_failed( ProviderUnavailable $error ): AjaxResult {
		// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- admins need to see provider failures.
		error_log( 'Donation Widget address lookup: ' . $error->getMessage() );
		$status = 'timeout' === $error->reason ? 504 : 502;
		return AjaxResult::error( 'provider', __( 'The address service is not answering right now. Please enter your address manually.', 'donation-widget' ), $status );
	}
}
