<?php
/**
 * Stripe's fee on a payment: the charge's balance transaction.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe\Books;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Books\Fees\ProviderFee;
use DonationWidget\Donations\Donation;
use DonationWidget\Gateways\Stripe\StripeClient;
use DonationWidget\Gateways\Stripe\StripeError;
use DonationWidget\Gateways\Stripe\StripeRequestError;
use DonationWidget\Http\ProviderUnavailable;

/**
 * Reads the charge with its balance transaction expanded. A BECS debit's charge has none until
 * the bank clears it.
 */
final class StripeFees {

	/**
	 * Builds the reader.
	 *
	 * @param StripeClient $stripe Stripe.
	 */
	public function __construct( private readonly StripeClient $stripe ) {
	}

	/**
	 * The fee of the donation's charge.
	 *
	 * @param Donation $donation A paid donation.
	 * @throws ProviderUnavailable When Stripe cannot be reached or refuses the read.
	 */
	public function payment_fee( Donation $donation ): ?ProviderFee {
		if ( ! str_starts_with( $donation->provider_reference(), 'ch_' ) && ! str_starts_with( $donation->provider_reference(), 'py_' ) ) {
			return null;
		}
		try {
			$charge = $this->stripe->get( '/v1/charges/' . rawurlencode( $donation->provider_reference() ), array( 'expand' => array( 'balance_transaction' ) ) );
		} catch ( StripeRequestError $error ) {
			if ( $error->is_missing_resource() ) {
				return null;
			}
			throw new ProviderUnavailable( 'stripe', 'server_error', esc_html( $error->getMessage() ) );
		} catch ( StripeError $error ) {
			throw new ProviderUnavailable( 'stripe', 'server_error', esc_html( $error->getMessage() ) );
		}
		return self::of_charge( $charge );
	}

	/**
	 * From a Stripe charge whose balance_transaction is expanded.
	 *
	 * @param array<mixed> $charge The charge.
	 */
	public static function of_charge( array $charge ): ?ProviderFee {
		$transaction = $charge['balance_transaction'] ?? null;
		if ( ! is_array( $transaction ) || ! is_int( $transaction['fee'] ?? null ) || ! is_int( $transaction['net'] ?? null ) ) {
			// Not settled yet: a BECS debit's charge has none until the bank clears it.
			return null;
		}
		return new ProviderFee(
			$transaction['fee'],
			$transaction['net'],
			strtoupper( is_string( $transaction['currency'] ?? null ) ? $transaction['currency'] : '' ),
			is_string( $transaction['id'] ?? null ) ? $transaction['id'] : ''
		);
	}
}
