<?php
/**
 * The fee of a card payment the site confirmed, from the charge it came with.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe\Books;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Books\Fees\FeeLedger;
use DonationWidget\Checkout\DonationLedger;

/**
 * On donation_widget_stripe_charge_settled: the charge came with its balance transaction, so
 * its fee is written at once, without another read.
 */
final class SettledChargeFee {

	/**
	 * Builds the handler.
	 *
	 * @param DonationLedger $donations Finds the donation.
	 * @param FeeLedger      $fees  Writes the fee.
	 */
	public function __construct( private readonly DonationLedger $donations, private readonly FeeLedger $fees ) {
	}

	/**
	 * Records the charge's fee on its donation.
	 *
	 * @param int          $donation_id The donation.
	 * @param array<mixed> $charge      The charge, balance_transaction expanded.
	 */
	public function record( int $donation_id, array $charge ): void {
		$donation = $this->donations->find( $donation_id );
		if ( null !== $donation ) {
			$this->fees->record_fee( $donation, StripeFees::of_charge( $charge ) );
		}
	}
}
