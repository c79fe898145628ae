<?php
/**
 * Records the provider's fee and net on a paid donation.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books\Fees;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Checkout\GatewayRegistry;
use DonationWidget\Donations\Donation;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Http\ProviderUnavailable;

/**
 * Asks the payment's gateway (ReadsFees) what its provider took from a payment, and writes it
 * through FeeLedger (compare-and-set), so a webhook and the catch-up pass reading the same
 * payment never write it twice.
 */
final class FeeRecorder {

	public const RECORDED  = 'recorded';
	public const KNOWN     = 'known';
	public const NOT_YET   = 'not_yet';
	public const NOT_FOUND = 'not_found';
	public const FAILED    = 'failed';

	/**
	 * Statuses of a payment whose money the provider received (and took its fee from).
	 */
	public const PAID = array( DonationStatus::SUCCEEDED, DonationStatus::PARTIALLY_REFUNDED, DonationStatus::REFUNDED );

	/**
	 * Builds the recorder.
	 *
	 * @param FeeLedger       $fees     Writes the fee.
	 * @param GatewayRegistry $gateways The gateways, which read the fees.
	 */
	public function __construct(
		private readonly FeeLedger $fees,
		private readonly GatewayRegistry $gateways
	) {
	}

	/**
	 * Records the fee of a donation's payment, when the provider knows it.
	 *
	 * @param Donation $donation A paid donation.
	 * @return string One of the constants: recorded, known (already there), not_yet (not
	 *                settled at the provider), not_found, failed (provider unreachable: try later).
	 */
	public function record( Donation $donation ): string {
		if ( null !== $donation->fee_cents() ) {
			return self::KNOWN;
		}
		if ( '' === $donation->provider_reference() || ! in_array( $donation->status(), self::PAID, true ) ) {
			return self::NOT_YET;
		}
		$gateway = $this->gateways->gateway( $donation->provider() );
		if ( ! $gateway instanceof ReadsFees ) {
			return self::NOT_FOUND;
		}
		try {
			$fee = $gateway->payment_fee( $donation );
		} catch ( ProviderUnavailable ) {
			return self::FAILED;
		}
		if ( null === $fee ) {
			return self::NOT_FOUND;
		}
		return $this->fees->record_fee( $donation, $fee ) ? self::RECORDED : self::KNOWN;
	}
}
