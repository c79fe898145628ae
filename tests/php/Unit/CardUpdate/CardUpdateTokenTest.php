<?php
/**
 * The requestID: entropy, URL-safe shape, hashing and constant-time comparison.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Unit\CardUpdate;

use DonationWidget\CardUpdate\CardUpdateToken;
use PHPUnit\Framework\TestCase;

final class CardUpdateTokenTest extends TestCase {

	public function test_a_request_id_is_256_random_bits_in_url_safe_base64(): void {
		$token = CardUpdateToken::generate();

		$this->assertSame( CardUpdateToken::LENGTH, strlen( $token ) );
		$this->assertMatchesRegularExpression( '/^[A-Za-z0-9_-]+$/', $token );
		$this->assertSame( rawurlencode( $token ), $token, 'nothing to escape in a URL' );
		$bytes = base64_decode( strtr( $token, '-_', '+/' ), true );
		$this->assertIsString( $bytes );
		$this->assertSame( CardUpdateToken::BYTES, strlen( $bytes ) );
		$this->assertGreaterThanOrEqual( 16, CardUpdateToken::BYTES, 'at least 128 bits' );
	}

	public function test_request_ids_do_not_repeat_and_use_the_whole_alphabet(): void {
		$tokens = array();
		for ( $i = 0; $i < 2000; $i++ ) {
			$tokens[] = CardUpdateToken::generate();
		}
		$this->assertCount( 2000, array_unique( $tokens ) );
		// 2000 × 43 characters from 64 symbols: every symbol shows up.
		$this->assertCount( 64, array_unique( str_split( implode( '', $tokens ) ) ) );
	}

	public function test_the_stored_form_is_the_sha256_hex_digest(): void {
		$this->assertSame( hash( 'sha256', 'abc' ), CardUpdateToken::hash( 'abc' ) );
		$this->assertMatchesRegularExpression( '/^[0-9a-f]{64}$/', CardUpdateToken::hash( CardUpdateToken::generate() ) );
	}

	public function test_a_request_id_matches_only_its_own_hash(): void {
		$token = CardUpdateToken::generate();
		$other = CardUpdateToken::generate();

		$this->assertTrue( CardUpdateToken::matches( $token, CardUpdateToken::hash( $token ) ) );
		$this->assertFalse( CardUpdateToken::matches( $other, CardUpdateToken::hash( $token ) ) );
		$this->assertFalse( CardUpdateToken::matches( $token, strtoupper( CardUpdateToken::hash( $token ) ) ) );
		$this->assertFalse( CardUpdateToken::matches( $token, '' ) );
	}

	public function test_only_well_formed_request_ids_are_looked_up(): void {
		$this->assertTrue( CardUpdateToken::is_well_formed( CardUpdateToken::generate() ) );
		foreach ( array( null, 42, array(), '', str_repeat( 'a', 42 ), str_repeat( 'a', 44 ), str_repeat( 'a', 42 ) . '=', str_repeat( 'a', 42 ) . '/', str_repeat( 'a', 42 ) . "\n" ) as $value ) {
			$this->assertFalse( CardUpdateToken::is_well_formed( $value ), (string) wp_json_encode( $value ) );
		}
	}
}
