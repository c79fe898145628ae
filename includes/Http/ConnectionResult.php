<?php
/**
 * What a "Test connection" found.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Http;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Whether a provider accepted the saved keys, in words for the admin.
 */
final class ConnectionResult {

	/**
	 * Builds a result; use the named constructors.
	 *
	 * @param bool   $worked  Whether the provider accepted the keys.
	 * @param string $message For the admin.
	 */
	private function __construct( public readonly bool $worked, public readonly string $message ) {
	}

	/**
	 * The provider accepted the keys.
	 *
	 * @param string $message For the admin.
	 */
	public static function worked( string $message ): self {
		return new self( true, $message );
	}

	/**
	 * The keys are missing or refused.
	 *
	 * @param string $message For the admin, with the provider's own words where there are some.
	 */
	public static function failed( string $message ): self {
		return new self( false, $message );
	}

	/**
	 * The provider could not be reached.
	 *
	 * @param string              $name  The provider's name.
	 * @param ProviderUnavailable $error What failed.
	 */
	public static function unreachable( string $name, ProviderUnavailable $error ): self {
		if ( 'timeout' === $error->reason ) {
			/* translators: %s: provider name. */
			return self::failed( sprintf( __( '%s did not answer in time. Try again in a minute.', 'donation-widget' ), $name ) );
		}
		/* translators: 1: provider name, 2: what went wrong. */
		return self::failed( sprintf( __( 'Could not reach %1$s (%2$s).', 'donation-widget' ), $name, self::detail( $error ) ) );
	}

	/**
	 * The provider's own words in a ProviderUnavailable, without our prefix.
	 *
	 * @param ProviderUnavailable $error What failed.
	 */
	public static function detail( ProviderUnavailable $error ): string {
		$parts = explode( ': ', $error->getMessage(), 3 );
		return html_entity_decode( $parts[2] ?? $error->getMessage(), ENT_QUOTES );
	}

	/**
	 * The admin-ajax answer of the settings screen's button.
	 */
	public function answer(): AjaxResult {
		return $this->worked
			? AjaxResult::success( array( 'message' => $this->message ) )
			: AjaxResult::error( 'connection_failed', $this->message, 200 );
	}
}
