<?php
/**
 * Cents written as dollars in the CSV files (donations, reports, accounting export): money going
 * out keeps its sign, whatever its size.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Unit\Donations;

use DonationWidget\Donations\Money;
use PHPUnit\Framework\TestCase;

final class MoneyTest extends TestCase {

	/**
	 * @dataProvider amounts
	 */
	public function test_cents_are_written_as_signed_dollars_with_two_decimals( int $cents, string $dollars ): void {
		$this->assertSame( $dollars, Money::dollars( $cents ) );
	}

	/**
	 * @return array<string, array{int, string}>
	 */
	public static function amounts(): array {
		return array(
			'a gift'                 => array( 5250, '52.50' ),
			'nothing'                => array( 0, '0.00' ),
			'a few cents'            => array( 5, '0.05' ),
			'a refund'               => array( -1230, '-12.30' ),
			'less than a dollar out' => array( -50, '-0.50' ),
			'a cent out'             => array( -1, '-0.01' ),
			'a large deposit'        => array( 123456789, '1234567.89' ),
		);
	}

	/**
	 * @dataProvider typed_dollars
	 */
	public function test_typed_dollars_are_read_only_when_plain_and_positive( mixed $typed, ?int $cents ): void {
		$this->assertSame( $cents, Money::parse_dollars( $typed ) );
	}

	/**
	 * What staff may type in a money field, and what it is worth (null: refused, never coerced).
	 *
	 * @return array<string, array{mixed, ?int}>
	 */
	public static function typed_dollars(): array {
		return array(
			'whole dollars'            => array( '12', 1200 ),
			'one decimal'              => array( '12.5', 1250 ),
			'two decimals'             => array( '12.50', 1250 ),
			'a cent'                   => array( '0.01', 1 ),
			'under a dollar'           => array( '0.5', 50 ),
			'the most'                 => array( '999999999.99', 99999999999 ),
			'a minus sign'             => array( '-1', null ),
			'a plus sign'              => array( '+1', null ),
			'three decimals'           => array( '12.505', null ),
			'an exponent'              => array( '1e3', null ),
			'a leading space'          => array( ' 12', null ),
			'a trailing newline'       => array( "12\n", null ),
			'a trailing space'         => array( '12 ', null ),
			'zero'                     => array( '0', null ),
			'zero with cents'          => array( '0.00', null ),
			'empty'                    => array( '', null ),
			'a dollar sign'            => array( '$12.50', null ),
			'a thousands comma'        => array( '1,234.50', null ),
			'a leading zero'           => array( '012', null ),
			'a point and nothing'      => array( '12.', null ),
			'a point first'            => array( '.5', null ),
			'a decimal comma'          => array( '12,50', null ),
			'a letter'                 => array( '12a', null ),
			'a billion dollars'        => array( '1000000000', null ),
			'an array'                 => array( array( '12' ), null ),
			'an integer, not the form' => array( 12, null ),
			'null'                     => array( null, null ),
		);
	}

	/**
	 * @dataProvider hidden_cents
	 */
	public function test_cents_from_a_hidden_field_are_digits_only( mixed $value, ?int $cents ): void {
		$this->assertSame( $cents, Money::parse_cents( $value ) );
	}

	/**
	 * @return array<string, array{mixed, ?int}>
	 */
	public static function hidden_cents(): array {
		return array(
			'a cent'               => array( '1', 1 ),
			'twelve fifty'         => array( '1250', 1250 ),
			'the most'             => array( '99999999999', 99999999999 ),
			'a minus sign'         => array( '-1', null ),
			'dollars with a point' => array( '12.50', null ),
			'an exponent'          => array( '1e3', null ),
			'a leading space'      => array( ' 12', null ),
			'a trailing newline'   => array( "12\n", null ),
			'zero'                 => array( '0', null ),
			'a leading zero'       => array( '012', null ),
			'empty'                => array( '', null ),
			'more than the most'   => array( '100000000000', null ),
			'an array'             => array( array( '1250' ), null ),
			'a PHP integer'        => array( 1250, null ),
		);
	}
}
