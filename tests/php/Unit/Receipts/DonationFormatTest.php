<?php
/**
 * How amounts read for people on receipts, emails and the admin screens: en-AU thousands
 * separators, from integer cents.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Unit\Receipts;

use DonationWidget\Receipts\DonationFormat;
use PHPUnit\Framework\TestCase;

final class DonationFormatTest extends TestCase {

	/**
	 * @return array<string, array{int, string, string}>
	 */
	public static function amounts(): array {
		return array(
			'cents only'         => array( 5, '$0.05', '0.05' ),
			'whole dollars'      => array( 2500, '$25.00', '25' ),
			'dollars and cents'  => array( 5250, '$52.50', '52.50' ),
			'a thousand'         => array( 100000, '$1,000.00', '1,000' ),
			'the largest gift'   => array( 99999999, '$999,999.99', '999,999.99' ),
			'over a million'     => array( 100001999, '$1,000,019.99', '1,000,019.99' ),
			'a refund, negative' => array( -125050, '-$1,250.50', '1,250.50' ),
		);
	}

	/**
	 * @dataProvider amounts
	 */
	public function test_amounts_have_thousands_separators( int $cents, string $money, string $dollars ): void {
		$this->assertSame( $money, DonationFormat::money( $cents ) );
		$this->assertSame( $dollars, DonationFormat::dollars( $cents ) );
	}

	public function test_the_site_locale_does_not_change_the_separators(): void {
		$previous = setlocale( LC_NUMERIC, '0' );
		setlocale( LC_NUMERIC, 'de_DE.UTF-8', 'de_DE', 'C' );
		try {
			$this->assertSame( '$1,234,567.89', DonationFormat::money( 123456789 ) );
		} finally {
			setlocale( LC_NUMERIC, (string) $previous );
		}
	}
}
