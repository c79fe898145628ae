<?php
/**
 * One opened "Manage my donation" session.
 *
 * @package DonationWidget
 */

namespace DonationWidget\SelfService;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Whose donations a browser may see and change, until when (UTC).
 */
final class ManageSession {

	/**
	 * Holds the session.
	 *
	 * @param int    $id         Row id.
	 * @param string $token_hash SHA-256 of the cookie's token.
	 * @param string $email      The donor's address.
	 * @param string $expires_at When it ends (UTC, MySQL DATETIME).
	 */
	public function __construct(
		public readonly int $id,
		public readonly string $token_hash,
		public readonly string $email,
		public readonly string $expires_at
	) {
	}
}
