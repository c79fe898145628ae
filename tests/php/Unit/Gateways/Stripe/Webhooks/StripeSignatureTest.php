<?php
/**
 * The Stripe-Signature check of webhook deliveries.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Unit\Gateways\Stripe\Webhooks;

use DonationWidget\Gateways\Stripe\Webhooks\StripeSignature;
use PHPUnit\Framework\TestCase;

final class StripeSignatureTest extends TestCase {

	private const SECRET = 'whsec_unit';

	private const PAYLOAD = '{"id":"evt_1","type":"payment_intent.succeeded"}';

	private const NOW = 1790000000;

	public function test_stripes_own_example_signature_is_accepted(): void {
		// Computed as Stripe documents it: HMAC-SHA256 of "{t}.{payload}" with the secret, hex.
		$signature = hash_hmac( 'sha256', self::NOW . '.' . self::PAYLOAD, self::SECRET );
		$this->assertNull( StripeSignature::problem( self::PAYLOAD, 't=' . self::NOW . ',v1=' . $signature, self::SECRET, self::NOW ) );
		$this->assertSame( 't=' . self::NOW . ',v1=' . $signature, StripeSignature::sign( self::PAYLOAD, self::SECRET, self::NOW ) );
	}

	/**
	 * @return array<string, array{string, string, string}>
	 */
	public static function refused(): array {
		$valid = StripeSignature::sign( self::PAYLOAD, self::SECRET, self::NOW );
		return array(
			'empty header'         => array( self::PAYLOAD, '', 'missing' ),
			'no timestamp'         => array( self::PAYLOAD, 'v1=abc', 'malformed' ),
			'no v1 signature'      => array( self::PAYLOAD, 't=' . self::NOW . ',v0=abc', 'malformed' ),
			'other secret'         => array( self::PAYLOAD, StripeSignature::sign( self::PAYLOAD, 'whsec_other', self::NOW ), 'mismatch' ),
			'changed body'         => array( self::PAYLOAD . ' ', $valid, 'mismatch' ),
			'six minutes old'      => array( self::PAYLOAD, StripeSignature::sign( self::PAYLOAD, self::SECRET, self::NOW - 301 ), 'stale' ),
			'six minutes ahead'    => array( self::PAYLOAD, StripeSignature::sign( self::PAYLOAD, self::SECRET, self::NOW + 301 ), 'stale' ),
			'timestamp not digits' => array( self::PAYLOAD, 't=12a,v1=abc', 'malformed' ),
		);
	}

	/**
	 * @dataProvider refused
	 */
	public function test_bad_signatures_are_refused( string $payload, string $header, string $problem ): void {
		$this->assertSame( $problem, StripeSignature::problem( $payload, $header, self::SECRET, self::NOW ) );
	}

	public function test_one_matching_signature_among_several_is_enough(): void {
		$valid  = StripeSignature::sign( self::PAYLOAD, self::SECRET, self::NOW );
		$header = 't=' . self::NOW . ',v1=' . str_repeat( 'f', 64 ) . ',' . substr( $valid, strpos( $valid, 'v1=' ) ) . ',v0=old';
		$this->assertNull( StripeSignature::problem( self::PAYLOAD, $header, self::SECRET, self::NOW ) );
	}

	public function test_four_minutes_of_clock_skew_is_tolerated(): void {
		$this->assertNull( StripeSignature::problem( self::PAYLOAD, StripeSignature::sign( self::PAYLOAD, self::SECRET, self::NOW - 240 ), self::SECRET, self::NOW ) );
	}
}
