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

use DonationWidget\Donations\Donation;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Gateways\PayPal\PayPalClient;
use DonationWidget\Gateways\Stripe\StripeClient;
use DonationWidget\Gateways\Stripe\StripeError;
use DonationWidget\Gateways\Stripe\StripeRequestError;
use DonationWidget\Http\ProviderUnavailable;

/**
 * Asks the provider what it took from a payment: Stripe's charge with its balance transaction
 * expanded, PayPal's capture with its seller_receivable_breakdown. Written once through
 * DonationRepository::record_amounts() (compare-and-set), so a webhook and the catch-up pass
 * reading the same payment never write it twice.
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
	 * @param DonationRepository $donations Donation records.
	 * @param StripeClient       $stripe    Stripe.
	 * @param PayPalClient       $paypal    PayPal.
	 */
	public function __construct(
		private readonly DonationRepository $donations,
		private readonly StripeClient $stripe,
		private readonly PayPalClient $paypal
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
		try {
			$fee = $this->read( $donation );
		} catch ( StripeRequestError $error ) {
			return $error->is_missing_resource() ? self::NOT_FOUND : self::FAILED;
		} catch ( ProviderUnavailable | StripeError $error ) {
			return self::FAILED;
		}
		if ( null === $fee ) {
			return self::NOT_FOUND;
		}
		return $this->write( $donation, $fee ) ? self::RECORDED : self::KNOWN;
	}

	/**
	 * Records a fee read from a Stripe charge already in hand (a webhook's charge).
	 *
	 * @param Donation     $donation The donation the charge paid.
	 * @param array<mixed> $charge   The charge, balance_transaction expanded.
	 * @return bool Whether this call wrote it.
	 */
	public function record_charge( Donation $donation, array $charge ): bool {
		$fee = ProviderFee::of_stripe_charge( $charge );
		return null !== $donation->fee_cents() || null === $fee ? false : $this->write( $donation, $fee );
	}

	/**
	 * The provider's figures for the donation's payment.
	 *
	 * @param Donation $donation The donation.
	 * @throws StripeError         When Stripe refuses the read (a missing charge too).
	 * @throws ProviderUnavailable When the provider cannot be reached.
	 */
	private function read( Donation $donation ): ?ProviderFee {
		if ( Donation::PROVIDER_PAYPAL === $donation->provider() ) {
			$capture = $this->paypal->capture( $donation->provider_reference() );
			return null === $capture ? null : ProviderFee::of_paypal_breakdown( $capture->seller_receivable_breakdown() );
		}
		if ( ! str_starts_with( $donation->provider_reference(), 'ch_' ) && ! str_starts_with( $donation->provider_reference(), 'py_' ) ) {
			return null;
		}
		$charge = $this->stripe->get( '/v1/charges/' . rawurlencode( $donation->provider_reference() ), array( 'expand' => array( 'balance_transaction' ) ) );
		return ProviderFee::of_stripe_charge( $charge );
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
