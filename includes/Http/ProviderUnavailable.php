<?php
/**
 * A provider could not be reached, or answered something unreadable.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Http;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Carries which provider failed and how (timeout, unreachable, bad_answer, server_error).
 */
final class ProviderUnavailable extends \RuntimeException {

	/**
	 * Describes the failure.
	 *
	 * @param string $provider Provider name.
	 * @param string $reason   timeout, unreachable, bad_answer or server_error.
	 * @param string $detail   What went wrong, for logs and admins (never secrets).
	 */
	public function __construct( public readonly string $provider, public readonly string $reason, string $detail ) {
		parent::__construct( "{$provider}: {$reason}: {$detail}" );
	}
}
