<?php
/**
 * What became of a refund the admin asked for.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books\Refunds;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * The result of Refunds::request(), for the screen to say.
 */
final class RefundOutcome {

	/** The provider made it (or is making it). */
	public const REFUNDED = 'refunded';

	/** Another request (a double click, another admin) already claimed this refund. */
	public const ALREADY = 'already';

	/** The donation changed since the admin saw it (a refund made meanwhile). */
	public const STALE = 'stale';

	/** The provider said no. */
	public const REFUSED = 'refused';

	/** The provider did not answer: the refund may have been made; its webhook will say. */
	public const UNKNOWN = 'unknown';

	/** Not a valid amount (none, or more than what is left). */
	public const INVALID_AMOUNT = 'invalid_amount';

	/** The donation cannot be refunded here (not paid, or its provider cannot refund). */
	public const NOT_REFUNDABLE = 'not_refundable';

	/**
	 * Builds the outcome.
	 *
	 * @param string      $kind   One of the constants.
	 * @param Refund|null $refund The refund row it is about.
	 */
	public function __construct( public readonly string $kind, public readonly ?Refund $refund = null ) {
	}
}
