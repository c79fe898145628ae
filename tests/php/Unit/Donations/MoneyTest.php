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
}
