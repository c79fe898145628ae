<?php
/**
 * Records a chargeback and what it does to its donation.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books\Disputes;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donations\Donation;
use DonationWidget\Donations\DonationRepository;

/**
 * Called by a gateway's listener with the dispute as its provider says it is now: its row is
 * written, and its donation gets the status and, once lost, the lost amount (which takes it out
 * of the totals). Reading the dispute again on every event makes the order of events not matter.
 */
final class Disputes {

	/**
	 * Builds the books' disputes.
	 *
	 * @param DisputeRepository  $disputes  The disputes table.
	 * @param DonationRepository $donations Writes the donation's dispute columns.
	 */
	public function __construct(
		private readonly DisputeRepository $disputes,
		private readonly DonationRepository $donations
	) {
	}

	/**
	 * Records the dispute.
	 *
	 * @param string        $provider The stored provider id.
	 * @param Dispute       $dispute  The dispute now.
	 * @param Donation|null $donation The disputed donation, null when not of this site.
	 * @return string What was done, for the webhook log.
	 */
	public function record( string $provider, Dispute $dispute, ?Donation $donation ): string {
		if ( '' === $dispute->provider_dispute_id ) {
			return 'ignored: the provider answered no dispute';
		}
		$this->disputes->save( $dispute, $provider );
		if ( null === $donation ) {
			return "dispute {$dispute->provider_dispute_id} recorded: not a donation of this site";
		}
		// Every dispute's fee of the payment (each read as the provider says it is now), so the
		// gift's fees in every figure (Donations\GiftFigures) count what the payout counts.
		$fees = 0;
		foreach ( $this->disputes->for_donation( $donation->id() ) as $recorded ) {
			$fees += $recorded->fee_cents;
		}
		$this->donations->record_amounts(
			$donation->id(),
			array(
				'dispute_status'     => $dispute->status,
				'dispute_lost_cents' => min( $dispute->lost_cents(), $donation->total_cents() ),
				'dispute_fee_cents'  => $fees,
			)
		);
		return "donation #{$donation->id()} dispute {$dispute->status}";
	}
}
