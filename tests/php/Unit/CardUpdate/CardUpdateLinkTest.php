<?php
/**
 * A link's status over its life: active, expired, used, revoked.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Unit\CardUpdate;

use DonationWidget\CardUpdate\CardUpdateLink;
use DonationWidget\Subscriptions\CardDetails;
use PHPUnit\Framework\TestCase;

final class CardUpdateLinkTest extends TestCase {

	private function link( array $row = array() ): CardUpdateLink {
		return CardUpdateLink::from_row(
			$row + array(
				'id'                 => '7',
				'token_hash'         => str_repeat( 'a', 64 ),
				'subscription_id'    => 'sub_1',
				'customer_id'        => 'cus_1',
				'email'              => 'jane@example.org.au',
				'issued_by'          => 'wp-cli',
				'renewal_invoice_id' => null,
				'created_at'         => '2026-03-01 00:00:00',
				'expires_at'         => '2026-03-04 00:00:00',
				'used_at'            => null,
				'revoked_at'         => null,
			)
		);
	}

	public function test_a_link_is_active_until_it_expires(): void {
		$expiry = (int) strtotime( '2026-03-04 00:00:00 UTC' );
		$link   = $this->link();

		$this->assertSame( 7, $link->id );
		$this->assertSame( '', $link->renewal_invoice_id );
		$this->assertSame( $expiry, $link->expires_timestamp() );
		$this->assertSame( CardUpdateLink::ACTIVE, $link->status( $expiry - 1 ) );
		$this->assertTrue( $link->is_active( $expiry - 1 ) );
		$this->assertSame( CardUpdateLink::EXPIRED, $link->status( $expiry ) );
		$this->assertFalse( $link->is_active( $expiry ) );
	}

	public function test_used_and_revoked_win_over_time(): void {
		$before = (int) strtotime( '2026-03-02 00:00:00 UTC' );
		$after  = (int) strtotime( '2026-03-05 00:00:00 UTC' );

		$this->assertSame( CardUpdateLink::USED, $this->link( array( 'used_at' => '2026-03-01 01:00:00' ) )->status( $before ) );
		$this->assertSame( CardUpdateLink::USED, $this->link( array( 'used_at' => '2026-03-01 01:00:00' ) )->status( $after ) );
		$this->assertSame( CardUpdateLink::REVOKED, $this->link( array( 'revoked_at' => '2026-03-01 01:00:00' ) )->status( $before ) );
	}

	public function test_only_brand_and_last_four_are_read_from_a_payment_method(): void {
		$card = CardDetails::from_payment_method(
			array(
				'id'   => 'pm_1',
				'card' => array(
					'brand'       => 'Visa',
					'last4'       => '4242',
					'exp_month'   => 12,
					'exp_year'    => 2030,
					'fingerprint' => 'abc',
				),
			)
		);

		$this->assertNotNull( $card );
		$this->assertSame( array( 'brand' => 'visa', 'last4' => '4242' ), $card->to_array() ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound
		$this->assertSame( 'visa ending 4242', $card->describe() );
		$this->assertNull( CardDetails::from_payment_method( 'pm_1' ) );
		$this->assertNull( CardDetails::from_payment_method( array( 'card' => array( 'brand' => 'visa', 'last4' => '42' ) ) ) ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound
	}
}
