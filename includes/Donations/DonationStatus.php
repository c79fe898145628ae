<?php
/**
 * Where a donation is in its life, and which moves are allowed.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Donations;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * A donation starts pending (written before any provider is called) and moves forward only.
 * Provider events can arrive late or out of order (a payment_failed after a success, a retried
 * webhook), so each target status lists the statuses it may be reached from; anything else is
 * ignored. A success is accepted even after a failure: the provider's word is the truth, and a
 * charge that went through must never stay recorded as failed.
 *
 * A donation nobody paid for within a day (3-D Secure never completed, a wallet never
 * confirmed, nothing reached the provider) becomes abandoned: the donor left. It counts in no
 * total, and a payment that completes later still moves it to succeeded.
 *
 * Money that reached the charity but does not match its donation (a wallet capture of another
 * amount) is held for review: settled, never receipted, counted in no donation total, until
 * staff refund it (refunded) at the provider.
 *
 * A gift recorded here by mistake (an offline gift: GiftOrigin::OFFLINE) is voided, never
 * deleted: it keeps its receipt number, marked void, and counts in no total. Only a succeeded
 * gift may be voided; OfflineGifts allows it for offline gifts only (a provider's payment is
 * refunded instead).
 */
final class DonationStatus {

	public const PENDING            = 'pending';
	public const REQUIRES_ACTION    = 'requires_action';
	public const SUCCEEDED          = 'succeeded';
	public const FAILED             = 'failed';
	public const PARTIALLY_REFUNDED = 'partially_refunded';
	public const REFUNDED           = 'refunded';
	public const ABANDONED          = 'abandoned';
	public const REVIEW             = 'review';
	public const VOID               = 'void';

	/**
	 * The statuses of a payment still under way: the reconciliation pass asks the provider.
	 */
	public const OPEN = array( self::PENDING, self::REQUIRES_ACTION );

	private const REACHABLE_FROM = array(
		self::PENDING            => array( self::PENDING ),
		self::REQUIRES_ACTION    => array( self::PENDING, self::REQUIRES_ACTION ),
		self::FAILED             => array( self::PENDING, self::REQUIRES_ACTION, self::FAILED ),
		self::SUCCEEDED          => array( self::PENDING, self::REQUIRES_ACTION, self::FAILED, self::ABANDONED, self::SUCCEEDED ),
		self::PARTIALLY_REFUNDED => array( self::SUCCEEDED, self::PARTIALLY_REFUNDED, self::REVIEW ),
		self::REFUNDED           => array( self::SUCCEEDED, self::PARTIALLY_REFUNDED, self::REFUNDED, self::REVIEW ),
		self::ABANDONED          => array( self::PENDING, self::REQUIRES_ACTION, self::ABANDONED ),
		self::REVIEW             => array( self::PENDING, self::REQUIRES_ACTION, self::FAILED, self::ABANDONED, self::REVIEW ),
		self::VOID               => array( self::SUCCEEDED, self::VOID ),
	);

	/**
	 * The statuses a donation may be in to move to $target.
	 *
	 * @param string $target One of the constants.
	 * @return list<string>
	 */
	public static function reachable_from( string $target ): array {
		return self::REACHABLE_FROM[ $target ] ?? array();
	}

	/**
	 * Whether a donation in $current may move to $target.
	 *
	 * @param string $current Status now.
	 * @param string $target  Status wanted.
	 */
	public static function may_move( string $current, string $target ): bool {
		return in_array( $current, self::reachable_from( $target ), true );
	}

	/**
	 * Whether the payment is still under way (pending or awaiting the donor's bank).
	 *
	 * @param string $status Status.
	 */
	public static function is_open( string $status ): bool {
		return in_array( $status, self::OPEN, true );
	}

	/**
	 * Whether nothing more will happen to the payment itself (refunds aside). An abandoned
	 * donation is not settled: a retry of its attempt asks the provider again.
	 *
	 * @param string $status Status.
	 */
	public static function is_settled( string $status ): bool {
		return in_array( $status, array( self::SUCCEEDED, self::FAILED, self::PARTIALLY_REFUNDED, self::REFUNDED, self::REVIEW, self::VOID ), true );
	}
}
