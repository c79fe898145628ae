<?php
/**
 * A new card was turned down.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Subscriptions;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * By the bank, or by the provider (an unknown, used or foreign card token): a new card entry
 * makes a new one.
 */
final class CardDeclined extends \RuntimeException {

	/**
	 * Holds the decline.
	 *
	 * @param string $reason   The decline or error code, for the widget.
	 * @param string $detail   What the history keeps.
	 */
	public function __construct( public readonly string $reason, public readonly string $detail ) {
		parent::__construct( $detail );
	}
}
