<?php
/**
 * A refund as the provider reports it.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Checkout;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * One refund at the provider, whether the site asked for it or someone made it in the
 * provider's dashboard; the same provider id is always the same refund.
 */
final class ProviderRefund {

	/** The money is on its way back (or back). */
	public const SUCCEEDED = 'succeeded';

	/** Accepted, not yet final (pending, or waiting for an action at the provider). */
	public const PENDING = 'pending';

	/** The provider could not return the money (it stays with the charity). */
	public const FAILED = 'failed';

	/** Cancelled before it was made. */
	public const CANCELED = 'canceled';

	/**
	 * Builds the refund.
	 *
	 * @param string $provider               The stored provider id.
	 * @param string $id                     The provider's refund id.
	 * @param int    $amount_cents           How much.
	 * @param string $currency               ISO code, upper case.
	 * @param string $status                 One of the constants.
	 * @param int    $refund_id              The site's refunds row named in the refund ('0': made elsewhere).
	 * @param string $balance_transaction_id The provider's balance transaction, when it has one.
	 * @param string $failure                Why it failed, when it did.
	 */
	public function __construct(
		public readonly string $provider,
		public readonly string $id,
		public readonly int $amount_cents,
		public readonly string $currency,
		public readonly string $status,
		public readonly int $refund_id = 0,
		public readonly string $balance_transaction_id = '',
		public readonly string $failure = ''
	) {
	}

	/**
	 * Whether its money counts as given back (pending refunds included, as the providers count them).
	 */
	public function counts(): bool {
		return in_array( $this->status, array( self::SUCCEEDED, self::PENDING ), true );
	}
}
