<?php
/**
 * What one payout is made of, to the cent.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books\Payouts;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donations\GiftFigures;

/**
 * A payout's balance transactions summed into the parts a treasurer reads (gifts, fees,
 * refunds, disputes, other), each signed as it adds to the deposit: gifts positive, fees,
 * refunds and disputes negative, other either way. The parts add up to the deposit when the
 * payout is balanced; anything else is a mismatch of difference_cents (deposit − parts).
 */
final class PayoutParts {

	public const BALANCED = 'balanced';

	public const MISMATCH = 'mismatch';

	/**
	 * Not read yet: the payout's transactions have not been fetched from the provider.
	 */
	public const UNEXPLAINED = 'unexplained';

	/**
	 * The provider's balance transaction types of a payment (charge; payment for some methods).
	 */
	private const PAYMENT_TYPES = array( 'charge', 'payment' );

	/**
	 * Types giving money back to the payer (and a failed refund returning it).
	 */
	private const REFUND_TYPES = array( 'refund', 'payment_refund', 'refund_failure', 'payment_failure_refund' );

	/**
	 * Reporting categories of a chargeback (withdrawn, and reinstated when won).
	 */
	private const DISPUTE_CATEGORIES = array( 'dispute', 'dispute_reversal' );

	/**
	 * The provider's own fees charged as separate transactions (not per payment): stored type
	 * values, as the card provider writes them.
	 */
	public const FEE_TYPES = array( 'stripe_fee', 'stripe_fx_fee', 'tax_fee', 'application_fee' );

	/**
	 * The deposit's own transaction (type payout): the money leaving the balance, not a part.
	 */
	public const DEPOSIT_TYPE = 'payout';

	/**
	 * Builds the parts.
	 *
	 * @param int $gross_cents   Gifts from this site (charge amounts).
	 * @param int $fee_cents     Fees (negative).
	 * @param int $refund_cents  Refunds of this site's gifts (negative).
	 * @param int $dispute_cents Disputes of this site's gifts, and their reversals.
	 * @param int $other_cents   Everything on the balance not from this site.
	 * @param int $transactions  How many transactions (the deposit's own left out).
	 */
	public function __construct(
		public readonly int $gross_cents = 0,
		public readonly int $fee_cents = 0,
		public readonly int $refund_cents = 0,
		public readonly int $dispute_cents = 0,
		public readonly int $other_cents = 0,
		public readonly int $transactions = 0
	) {
	}

	/**
	 * Sums stored transactions into parts.
	 *
	 * @param list<array<string, mixed>> $rows balance_transactions rows: type, reporting_category, amount_cents, fee_cents, net_cents, donation_id.
	 */
	public static function of( array $rows ): self {
		$parts = array(
			'gross'   => 0,
			'fee'     => 0,
			'refund'  => 0,
			'dispute' => 0,
			'other'   => 0,
		);
		$count = 0;
		foreach ( $rows as $row ) {
			$type = (string) ( $row['type'] ?? '' );
			if ( self::DEPOSIT_TYPE === $type ) {
				continue;
			}
			++$count;
			$amount = (int) ( $row['amount_cents'] ?? 0 );
			$fee    = (int) ( $row['fee_cents'] ?? 0 );
			$net    = (int) ( $row['net_cents'] ?? 0 );
			$part   = self::part_of( $type, (string) ( $row['reporting_category'] ?? '' ), (int) ( $row['donation_id'] ?? 0 ) > 0 );
			if ( 'fee' === $part ) {
				$parts['fee'] += $net;
			} elseif ( 'other' === $part ) {
				$parts['other'] += $net;
			} else {
				// A payment, refund or dispute of this site: its amount, and what the provider kept of it.
				$parts[ $part ] += $amount;
				$parts['fee']   -= $fee;
			}
		}
		return new self( $parts['gross'], $parts['fee'], $parts['refund'], $parts['dispute'], $parts['other'], $count );
	}

	/**
	 * Which part a transaction counts in.
	 *
	 * @param string $type               The provider's type.
	 * @param string $reporting_category The provider's reporting_category.
	 * @param bool   $from_this_site     Whether its source is a donation of this site.
	 * @return string gross, fee, refund, dispute or other.
	 */
	public static function part_of( string $type, string $reporting_category, bool $from_this_site ): string {
		if ( in_array( $type, self::FEE_TYPES, true ) ) {
			return 'fee';
		}
		if ( ! $from_this_site ) {
			return 'other';
		}
		if ( in_array( $type, self::PAYMENT_TYPES, true ) ) {
			return 'gross';
		}
		if ( in_array( $type, self::REFUND_TYPES, true ) ) {
			return 'refund';
		}
		if ( in_array( $reporting_category, self::DISPUTE_CATEGORIES, true ) || 'adjustment' === $type ) {
			return 'dispute';
		}
		return 'other';
	}

	/**
	 * This site's gifts in the deposit as every screen counts them (GiftFigures): gross, fees,
	 * refunds, disputes lost (a won dispute's reversal cancels its withdrawal), kept and net.
	 *
	 * @param array<string, mixed> $payout A payouts row (gross_cents, fee_cents, refund_cents, dispute_cents).
	 */
	public static function figures_of( array $payout ): GiftFigures {
		$cents = static fn ( string $part ): int => is_numeric( $payout[ $part ] ?? null ) ? (int) $payout[ $part ] : 0;
		return GiftFigures::of_deposit_parts( $cents( 'gross_cents' ), $cents( 'fee_cents' ), $cents( 'refund_cents' ), $cents( 'dispute_cents' ) );
	}

	/**
	 * The parts' sum: what the deposit should be.
	 */
	public function total_cents(): int {
		return $this->gross_cents + $this->fee_cents + $this->refund_cents + $this->dispute_cents + $this->other_cents;
	}

	/**
	 * Deposit − parts: 0 when every cent is explained.
	 *
	 * @param int $deposit_cents The payout's amount.
	 */
	public function difference_cents( int $deposit_cents ): int {
		return $deposit_cents - $this->total_cents();
	}

	/**
	 * Balanced when the parts come to the deposit exactly; a payout explained by nothing is
	 * never balanced (a deposit with no transactions has a piece missing, whatever its amount).
	 *
	 * @param int $deposit_cents The payout's amount.
	 */
	public function check_status( int $deposit_cents ): string {
		return $this->transactions > 0 && 0 === $this->difference_cents( $deposit_cents ) ? self::BALANCED : self::MISMATCH;
	}
}
