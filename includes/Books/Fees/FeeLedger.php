<?php
/**
 * Writes the provider's fee and net on a paid donation, once.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books\Fees;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donations\Donation;
use DonationWidget\Donations\DonationRepository;

/**
 * Through DonationRepository::record_amounts() (compare-and-set), so a webhook and the catch-up
 * pass writing the same payment's fee never write it twice. Apart from FeeRecorder, which reads
 * through the gateways, so a gateway's own listeners can write a fee they read.
 */
final class FeeLedger {

	/**
	 * Builds the ledger.
	 *
	 * @param DonationRepository $donations Donation records.
	 */
	public function __construct( private readonly DonationRepository $donations ) {
	}

	/**
	 * Records a fee the gateway read already (from a payment it had in hand).
	 *
	 * @param Donation         $donation The donation the payment paid.
	 * @param ProviderFee|null $fee      The figures, null when the payment had none yet.
	 * @return bool Whether this call wrote it.
	 */
	public function record_fee( Donation $donation, ?ProviderFee $fee ): bool {
		return null !== $donation->fee_cents() || null === $fee ? false : $this->write( $donation, $fee );
	}

	/**
	 * Writes fee, net and the balance transaction on the donation.
	 *
	 * @param Donation    $donation The donation.
	 * @param ProviderFee $fee      The provider's figures.
	 * @return bool Whether this call changed the row.
	 */
	private function write( Donation $donation, ProviderFee $fee ): bool {
		if ( '' !== $fee->currency && strtoupper( $donation->currency() ) !== $fee->currency ) {
			// Settled in another currency: a net in it would not add up with the gift.
			return false;
		}
		$amounts = array(
			'fee_cents' => $fee->fee_cents,
			'net_cents' => $fee->net_cents,
		);
		if ( '' !== $fee->reference ) {
			$amounts['balance_transaction_id'] = $fee->reference;
		}
		return null !== $this->donations->record_amounts( $donation->id(), $amounts );
	}
}
