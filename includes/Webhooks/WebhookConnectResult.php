<?php
/**
 * What "Connect webhooks" did.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Webhooks;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * The outcome in plain words for the admin notice, and its kind (a settings notice type).
 */
final class WebhookConnectResult {

	/**
	 * Builds a result; use the named constructors.
	 *
	 * @param string $type    success, warning or error.
	 * @param string $message For the admin.
	 */
	private function __construct( public readonly string $type, public readonly string $message ) {
	}

	/**
	 * The webhook is set up as the plugin needs.
	 *
	 * @param string $message For the admin.
	 */
	public static function connected( string $message ): self {
		return new self( 'success', $message );
	}

	/**
	 * Something was done or found, but the admin must still act.
	 *
	 * @param string $message For the admin.
	 */
	public static function needs_attention( string $message ): self {
		return new self( 'warning', $message );
	}

	/**
	 * Nothing could be done.
	 *
	 * @param string $message For the admin, with the provider's own words where there are some.
	 */
	public static function failed( string $message ): self {
		return new self( 'error', $message );
	}
}
