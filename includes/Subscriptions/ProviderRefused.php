<?php
/**
 * The provider answered a subscription call with an error.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Subscriptions;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Nothing was changed at the provider; the message keeps the provider's own words for the log.
 */
final class ProviderRefused extends \RuntimeException {

	/**
	 * Missing at the provider: it has no such subscription (any more).
	 */
	public const MISSING = 'resource_missing';

	/**
	 * Holds the refusal.
	 *
	 * @param string $error_code The provider's error code.
	 * @param string $message    The whole reason, for the log.
	 */
	public function __construct( public readonly string $error_code, string $message ) {
		parent::__construct( $message );
	}
}
