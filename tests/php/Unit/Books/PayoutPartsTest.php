<?php
/**
 * A payout's transactions summed into the parts a treasurer reads, and the check that they
 * come to the deposit to the cent.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Unit\Books;

use DonationWidget\Books\Payouts\PayoutParts;
use PHPUnit\Framework\TestCase;

final class PayoutPartsTest extends TestCase {

	/**
	 * A stored transaction row.
	 *
	 * @param string $type     Stripe's type.
	 * @param int    $amount   Cents.
	 * @param int    $fee      Cents.
	 * @param int    $donation Donation id (0: not from this site).
	 * @param string $category Stripe's reporting_category.
	 * @return array<string, string>
	 */
	private static function row( string $type, int $amount, int $fee, int $donation, string $category = '' ): array {
		return array(
			'type'               => $type,
			'reporting_category' => '' !== $category ? $category : $type,
			'amount_cents'       => (string) $amount,
			'fee_cents'          => (string) $fee,
			'net_cents'          => (string) ( $amount - $fee ),
			'donation_id'        => (string) $donation,
		);
	}

	/**
	 * Gifts of $52.50 and $100, a $10 refund, a lost $30 dispute with its $25 fee, a charge made
	 * elsewhere on the account and a Stripe fee: the deposit is their nets' sum.
	 *
	 * @return list<array<string, string>>
	 */
	private static function payout_rows(): array {
		return array(
			self::row( 'charge', 5250, 119, 1 ),
			self::row( 'charge', 10000, 200, 2 ),
			self::row( 'charge', 3000, 81, 3 ),
			self::row( 'refund', -1000, 0, 2 ),
			self::row( 'adjustment', -3000, 2500, 3, 'dispute' ),
			self::row( 'charge', 7000, 149, 0 ),
			self::row( 'stripe_fee', -500, 0, 0, 'fee' ),
			self::row( 'payout', -17701, 0, 0 ),
		);
	}

	public function test_gifts_fees_a_refund_and_a_dispute_add_up_to_the_deposit_exactly(): void {
		$parts = PayoutParts::of( self::payout_rows() );

		$this->assertSame( 18250, $parts->gross_cents );
		$this->assertSame( -( 119 + 200 + 81 + 2500 + 500 ), $parts->fee_cents, 'Each payment\'s fee, the dispute fee and Stripe\'s own fee.' );
		$this->assertSame( -1000, $parts->refund_cents );
		$this->assertSame( -3000, $parts->dispute_cents );
		$this->assertSame( 7000 - 149, $parts->other_cents, 'A charge not from this site counts at its net.' );
		$this->assertSame( 7, $parts->transactions, 'The deposit\'s own transaction is not a part.' );
		$this->assertSame( 17701, $parts->total_cents() );
		$this->assertSame( PayoutParts::BALANCED, $parts->check_status( 17701 ) );
		$this->assertSame( 0, $parts->difference_cents( 17701 ) );
	}

	public function test_a_payout_with_a_missing_piece_is_a_mismatch_of_the_missing_cents(): void {
		$rows = self::payout_rows();
		unset( $rows[3] ); // The refund never reached the site's books.

		$parts = PayoutParts::of( array_values( $rows ) );

		$this->assertSame( PayoutParts::MISMATCH, $parts->check_status( 17701 ) );
		$this->assertSame( -1000, $parts->difference_cents( 17701 ) );
		$this->assertSame( PayoutParts::MISMATCH, $parts->check_status( 17702 ), 'One cent out is not balanced.' );
	}

	public function test_a_deposit_explained_by_nothing_is_never_balanced(): void {
		$this->assertSame( PayoutParts::MISMATCH, PayoutParts::of( array() )->check_status( 0 ) );
		$this->assertSame( PayoutParts::MISMATCH, PayoutParts::of( array( self::row( 'payout', -500, 0, 0 ) ) )->check_status( 500 ) );
	}
}
