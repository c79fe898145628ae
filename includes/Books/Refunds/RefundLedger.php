<?php
/**
 * Refunds, as payment gateways and the admin record them.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books\Refunds;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Checkout\DonationLedger;
use DonationWidget\Checkout\ProviderRefund;
use DonationWidget\Donations\Donation;
use DonationWidget\Donations\DonationRepository;

/**
 * One way in for every refund the site hears of (the provider's answer to the admin's request,
 * and each gateway's refund events): the refund is kept
 * on its one row (RefundRepository::record()), then the donation's refunded_cents is set to the
 * sum of its refund rows, never added to, so a refund heard of twice is counted once.
 */
final class RefundLedger {

	/** Times the sum is written again when another server wrote an older one meanwhile. */
	private const SETTLE_TRIES = 3;

	/**
	 * Builds the ledger.
	 *
	 * @param RefundRepository   $refunds   The refunds table.
	 * @param DonationRepository $donations The donations' amounts.
	 * @param DonationLedger     $ledger    The donations' status moves.
	 */
	public function __construct(
		private readonly RefundRepository $refunds,
		private readonly DonationRepository $donations,
		private readonly DonationLedger $ledger
	) {
	}

	/**
	 * Records one refund the provider reports, and what it leaves of the donation.
	 *
	 * @param Donation       $donation The donation refunded.
	 * @param ProviderRefund $refund   The provider's refund.
	 * @return Donation The donation as it now is.
	 */
	public function record( Donation $donation, ProviderRefund $refund ): Donation {
		$this->refunds->record( $donation->id(), $refund );
		return $this->settle( $donation->id() ) ?? $donation;
	}

	/**
	 * Sets the donation's refunded_cents to the sum of its refunds (record_amounts, compare-and-set)
	 * and moves it to refunded or partially_refunded. The sum is read again after the write: a
	 * server that wrote an older sum meanwhile is corrected.
	 *
	 * @param int $donation_id The donation.
	 * @return Donation|null The donation as it now is.
	 */
	public function settle( int $donation_id ): ?Donation {
		$donation = $this->donations->find( $donation_id );
		for ( $try = 0; null !== $donation && $try < self::SETTLE_TRIES; $try++ ) {
			$refunded = min( $donation->total_cents(), $this->refunds->counted_cents( $donation_id ) );
			if ( $refunded === $donation->refunded_cents() ) {
				break;
			}
			$this->donations->record_amounts( $donation_id, array( 'refunded_cents' => $refunded ) );
			$donation = $this->donations->find( $donation_id );
		}
		if ( null === $donation ) {
			return null;
		}
		if ( $donation->refunded_cents() > 0 ) {
			$this->ledger->refund( $donation, $donation->refunded_cents() >= $donation->total_cents() );
		}
		return $this->donations->find( $donation_id ) ?? $donation;
	}

	/**
	 * The refund row a provider refund names, to find its donation when the provider does not
	 * say (a wallet provider's refund whose capture link is missing).
	 *
	 * @param int $refund_id Row id.
	 */
	public function find( int $refund_id ): ?Refund {
		return $this->refunds->find( $refund_id );
	}
}
