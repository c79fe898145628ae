<?php
/**
 * Australian Business Number and amount checks used by the settings screen.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Unit\Settings;

use DonationWidget\Settings\SettingsSanitizer;
use PHPUnit\Framework\TestCase;

final class AbnTest extends TestCase {

	/**
	 * @return array<string, array{string, bool}>
	 */
	public static function abns(): array {
		return array(
			'ATO example'       => array( '51 824 753 556', true ),
			'no spaces'         => array( '51824753556', true ),
			'another valid ABN' => array( '53 004 085 616', true ),
			'wrong check'       => array( '51 824 753 557', false ),
			'ten digits'        => array( '5182475355', false ),
			'letters'           => array( '51 824 753 55A', false ),
			'empty'             => array( '', false ),
		);
	}

	/**
	 * @dataProvider abns
	 */
	public function test_abn_checksum( string $abn, bool $valid ): void {
		$this->assertSame( $valid, SettingsSanitizer::is_abn( $abn ) );
	}

	/**
	 * @return array<string, array{string, bool}>
	 */
	public static function amounts(): array {
		return array(
			'minimum'        => array( '5', true ),
			'below minimum'  => array( '4.99', false ),
			'maximum'        => array( '999999.99', true ),
			'above maximum'  => array( '1000000', false ),
			'two decimals'   => array( '12.34', true ),
			'three decimals' => array( '12.345', false ),
			'negative'       => array( '-10', false ),
			'words'          => array( 'ten', false ),
			'trailing dot'   => array( '10.', false ),
		);
	}

	/**
	 * @dataProvider amounts
	 */
	public function test_donation_amounts( string $amount, bool $valid ): void {
		$this->assertSame( $valid, SettingsSanitizer::is_amount( $amount ) );
	}
}
