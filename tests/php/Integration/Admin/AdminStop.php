<?php
/**
 * How an admin request ended in a test.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Admin;

/**
 * Thrown by the test's wp_die() handler and wp_redirect filter.
 */
final class AdminStop extends \RuntimeException {

	/**
	 * @param string $kind   die or redirect.
	 * @param string $detail The message, or the redirect's location.
	 * @param int    $status HTTP status.
	 */
	public function __construct( public readonly string $kind, public readonly string $detail, public readonly int $status ) {
		parent::__construct( "{$kind} {$status}: {$detail}" );
	}
}
