<?php
/**
 * PayPal's fee on a payment: the capture's seller_receivable_breakdown.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\PayPal\Books;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Books\Fees\ProviderFee;
use DonationWidget\Donations\Donation;
use DonationWidget\Donations\Money;
use DonationWidget\Gateways\PayPal\PayPalClient;
use DonationWidget\Http\ProviderUnavailable;

/**
 * Reads the capture again; its breakdown holds paypal_fee and net_amount.
 */
final class PayPalFees {

	/**
	 * Builds the reader.
	 *
	 * @param PayPalClient $paypal PayPal.
	 */
	public function __construct( private readonly PayPalClient $paypal ) {
	}

	/**
	 * The fee of the donation's capture.
	 *
	 * @param Donation $donation A paid donation.
	 * @throws ProviderUnavailable When PayPal cannot be reached.
	 */
	public function payment_fee( Donation $donation ): ?ProviderFee {
		$capture = $this->paypal->capture( $donation->provider_reference() );
		return null === $capture ? null : self::of_breakdown( $capture->seller_receivable_breakdown() );
	}

	/**
	 * From a PayPal capture's seller_receivable_breakdown (paypal_fee, net_amount).
	 *
	 * @param array<mixed> $breakdown The breakdown ([] when PayPal gave none).
	 */
	public static function of_breakdown( array $breakdown ): ?ProviderFee {
		$fee = self::money( $breakdown['paypal_fee'] ?? null );
		$net = self::money( $breakdown['net_amount'] ?? null );
		if ( null === $fee || null === $net || $fee[1] !== $net[1] ) {
			return null;
		}
		return new ProviderFee( $fee[0], $net[0], $fee[1] );
	}

	/**
	 * Cents and currency of a PayPal money object such as {currency_code: AUD, value: "1.23"}.
	 *
	 * @param mixed $money The object.
	 * @return array{0: int, 1: string}|null
	 */
	private static function money( mixed $money ): ?array {
		if ( ! is_array( $money ) || ! is_string( $money['value'] ?? null ) || ! is_string( $money['currency_code'] ?? null ) ) {
			return null;
		}
		if ( ! preg_match( '/^\d+(\.\d{1,2})?$/D', $money['value'] ) ) {
			return null;
		}
		return array( Money::cents( $money['value'] ), strtoupper( $money['currency_code'] ) );
	}
}
