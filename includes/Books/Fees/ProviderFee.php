<?php
/**
 * The provider's fee on one payment, and what reached the provider balance.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books\Fees;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donations\Money;

/**
 * Read from a Stripe balance transaction or a PayPal capture's seller_receivable_breakdown,
 * in cents. Null when the answer does not say (not yet known, or another currency).
 */
final class ProviderFee {

	/**
	 * Holds the figures.
	 *
	 * @param int    $fee_cents  The provider's fee.
	 * @param int    $net_cents  What reached the balance (gross less fee).
	 * @param string $currency   Upper-case currency of both.
	 * @param string $reference  The balance transaction (txn_…), '' for PayPal.
	 */
	public function __construct(
		public readonly int $fee_cents,
		public readonly int $net_cents,
		public readonly string $currency,
		public readonly string $reference = ''
	) {
	}

	/**
	 * From a Stripe charge whose balance_transaction is expanded.
	 *
	 * @param array<mixed> $charge The charge.
	 */
	public static function of_stripe_charge( array $charge ): ?self {
		$transaction = $charge['balance_transaction'] ?? null;
		if ( ! is_array( $transaction ) || ! is_int( $transaction['fee'] ?? null ) || ! is_int( $transaction['net'] ?? null ) ) {
			// Not settled yet: a BECS debit's charge has none until the bank clears it.
			return null;
		}
		return new self(
			$transaction['fee'],
			$transaction['net'],
			strtoupper( is_string( $transaction['currency'] ?? null ) ? $transaction['currency'] : '' ),
			is_string( $transaction['id'] ?? null ) ? $transaction['id'] : ''
		);
	}

	/**
	 * From a PayPal capture's seller_receivable_breakdown (paypal_fee, net_amount).
	 *
	 * @param array<mixed> $breakdown The breakdown ([] when PayPal gave none).
	 */
	public static function of_paypal_breakdown( array $breakdown ): ?self {
		$fee = self::paypal_money( $breakdown['paypal_fee'] ?? null );
		$net = self::paypal_money( $breakdown['net_amount'] ?? null );
		if ( null === $fee || null === $net || $fee[1] !== $net[1] ) {
			return null;
		}
		return new self( $fee[0], $net[0], $fee[1] );
	}

	/**
	 * Cents and currency of a PayPal money object such as {currency_code: AUD, value: "1.23"}.
	 *
	 * @param mixed $money The object.
	 * @return array{0: int, 1: string}|null
	 */
	private static function paypal_money( mixed $money ): ?array {
		if ( ! is_array( $money ) || ! is_string( $money['value'] ?? null ) || ! is_string( $money['currency_code'] ?? null ) ) {
			return null;
		}
		if ( ! preg_match( '/^\d+(\.\d{1,2})?$/', $money['value'] ) ) {
			return null;
		}
		return array( Money::cents( $money['value'] ), strtoupper( $money['currency_code'] ) );
	}
}
