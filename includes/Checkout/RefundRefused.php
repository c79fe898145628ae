<?php
/**
 * A provider said no to a refund.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Checkout;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Thrown by RefundsPayments::refund() when the provider refused the refund (already refunded,
 * more than what is left, a payment it cannot refund): nothing was refunded. The message is the
 * provider's own words, escaped here (the only text PHP would print if it went uncaught).
 */
final class RefundRefused extends \RuntimeException {

	/**
	 * Builds the refusal.
	 *
	 * @param string $said The provider's message.
	 */
	public function __construct( public readonly string $said ) {
		parent::__construct( esc_html( $said ) );
	}
}
