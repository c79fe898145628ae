<?php
/**
 * Issuing card-update links: the requestID, where it is stored (only as a hash), the page it
 * opens, its lifetime, revocation of older links, and the refusals.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\CardUpdate;

use DonationWidget\CardUpdate\AuditEntry;
use DonationWidget\CardUpdate\CardUpdateLink;
use DonationWidget\CardUpdate\CardUpdateLinkRefused;
use DonationWidget\CardUpdate\CardUpdateToken;
use DonationWidget\Donations\SubscriptionRepository;

final class IssuingLinksTest extends CardUpdateTestCase {

	public function test_a_link_opens_the_card_update_page_with_a_url_safe_256_bit_request_id(): void {
		$donor = $this->recurring_donor();

		$issued = $this->links()->issue( $donor['subscription_id'], self::ADMIN );

		$token = $this->token_of( $issued );
		$this->assertStringStartsWith( get_permalink( $this->page_id ) . '?requestID=', $issued->url );
		$this->assertMatchesRegularExpression( '/^[A-Za-z0-9_-]{43}$/', $token );
		$this->assertSame( 32, strlen( (string) base64_decode( strtr( $token, '-_', '+/' ), true ) ) );
		$this->assertSame( $donor['subscription_id'], $issued->link->subscription_id );
		$this->assertSame( $donor['customer_id'], $issued->link->customer_id );
		$this->assertSame( 'jane.citizen@example.org.au', $issued->link->email );
		$this->assertSame( self::ADMIN, $issued->link->issued_by );
	}

	public function test_only_the_hash_of_the_request_id_is_stored(): void {
		$donor  = $this->recurring_donor();
		$issued = $this->links()->issue( $donor['subscription_id'], self::ADMIN );
		$token  = $this->token_of( $issued );

		$row = $this->link_row( $issued->link->id );

		$this->assertSame( hash( 'sha256', $token ), $row['token_hash'] );
		$this->assertSame( 64, strlen( (string) $row['token_hash'] ) );
		foreach ( $row as $column => $value ) {
			$this->assertStringNotContainsString( $token, (string) $value, "column {$column}" );
		}
		global $wpdb;
		$options = $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->options} WHERE option_value LIKE %s", '%' . $wpdb->esc_like( $token ) . '%' ) );
		$this->assertSame( '0', $options, 'the requestID must not be kept in options either' );
	}

	public function test_every_request_id_is_new(): void {
		$donor  = $this->recurring_donor();
		$tokens = array();
		for ( $i = 0; $i < 5; $i++ ) {
			$tokens[] = $this->issue_token( $donor['subscription_id'] );
		}
		$this->assertCount( 5, array_unique( $tokens ) );
	}

	public function test_a_link_expires_after_the_configured_lifetime(): void {
		$donor = $this->recurring_donor();

		$default = $this->links()->issue( $donor['subscription_id'], self::ADMIN );
		$this->set_settings( array( 'card_update_link_hours' => 5 ) );
		$short = $this->links()->issue( $donor['subscription_id'], self::ADMIN );

		$this->assertEqualsWithDelta( time() + 72 * HOUR_IN_SECONDS, $default->link->expires_timestamp(), 5 );
		$this->assertEqualsWithDelta( time() + 5 * HOUR_IN_SECONDS, $short->link->expires_timestamp(), 5 );
		$this->assertSame( CardUpdateLink::ACTIVE, $short->link->status() );
		$this->assertSame( CardUpdateLink::EXPIRED, $short->link->status( time() + 5 * HOUR_IN_SECONDS + 1 ) );
	}

	public function test_issuing_a_new_link_revokes_the_older_unused_ones(): void {
		$donor = $this->recurring_donor();
		$old   = $this->links()->issue( $donor['subscription_id'], self::ADMIN );
		$new   = $this->links()->issue( $donor['subscription_id'], 'wp-cli' );

		$this->assertFalse( $this->check( $this->token_of( $old ) )->is_success() );
		$this->assertTrue( $this->check( $this->token_of( $new ) )->is_success() );
		$this->assertNotNull( $this->link_row( $old->link->id )['revoked_at'] );
		$this->assertNull( $this->link_row( $new->link->id )['revoked_at'] );

		$links = $this->links()->for_subscription( $donor['subscription_id'] );
		$this->assertSame( array( $new->link->id, $old->link->id ), array_map( static fn ( CardUpdateLink $link ): int => $link->id, $links ) );
		$this->assertSame( array( CardUpdateLink::ACTIVE, CardUpdateLink::REVOKED ), array_map( static fn ( CardUpdateLink $link ): string => $link->status(), $links ) );
		$this->assertSame(
			array( AuditEntry::ISSUED, AuditEntry::ISSUED, AuditEntry::REVOKED, AuditEntry::REJECTED, AuditEntry::VALIDATED ),
			$this->audit_events( $donor['subscription_id'] )
		);
	}

	public function test_a_used_link_stays_used_when_a_new_one_is_issued(): void {
		$donor = $this->recurring_donor();
		$token = $this->issue_token( $donor['subscription_id'] );
		$this->assertTrue( $this->update( $token )->is_success() );
		$used = $this->links()->for_subscription( $donor['subscription_id'] )[0];

		$this->links()->issue( $donor['subscription_id'], self::ADMIN );

		$this->assertSame( CardUpdateLink::USED, $this->links()->for_subscription( $donor['subscription_id'] )[1]->status() );
		$this->assertNull( $this->link_row( $used->id )['revoked_at'] );
	}

	public function test_without_a_card_update_page_no_link_is_issued(): void {
		$donor = $this->recurring_donor();
		$this->set_settings( array( 'card_update_page_id' => 0 ) );

		try {
			$this->links()->issue( $donor['subscription_id'], self::ADMIN );
			$this->fail( 'A link was issued without a page to open.' );
		} catch ( CardUpdateLinkRefused $refused ) {
			$this->assertSame( CardUpdateLinkRefused::NO_PAGE, $refused->reason );
			$this->assertStringContainsString( 'No card-update page is set', $refused->getMessage() );
		}
		$this->assertSame( array(), $this->links()->for_subscription( $donor['subscription_id'] ) );
	}

	public function test_a_page_that_is_not_published_does_not_count(): void {
		$donor = $this->recurring_donor();
		wp_update_post(
			array(
				'ID'          => $this->page_id,
				'post_status' => 'draft',
			)
		);

		$this->expectException( CardUpdateLinkRefused::class );
		$this->links()->issue( $donor['subscription_id'], self::ADMIN );
	}

	public function test_no_link_for_a_subscription_this_site_did_not_start(): void {
		try {
			$this->links()->issue( 'sub_notOurs123', self::ADMIN );
			$this->fail( 'A link was issued for an unknown subscription.' );
		} catch ( CardUpdateLinkRefused $refused ) {
			$this->assertSame( CardUpdateLinkRefused::UNKNOWN_SUBSCRIPTION, $refused->reason );
		}
	}

	public function test_no_link_for_a_subscription_that_ended(): void {
		$donor = $this->recurring_donor();
		$this->service( SubscriptionRepository::class )->cancel( $donor['subscription_id'] );

		try {
			$this->links()->issue( $donor['subscription_id'], self::ADMIN );
			$this->fail( 'A link was issued for an ended subscription.' );
		} catch ( CardUpdateLinkRefused $refused ) {
			$this->assertSame( CardUpdateLinkRefused::SUBSCRIPTION_ENDED, $refused->reason );
		}
	}

	public function test_an_admin_can_email_the_link_to_the_donor(): void {
		$donor = $this->recurring_donor();

		$this->assertTrue( $this->links()->email_link( $donor['subscription_id'], self::ADMIN ) );

		$mail = $this->mailbox();
		$this->assertCount( 1, $mail );
		$this->assertSame( array( 'jane.citizen@example.org.au' ), $mail[0]['to'] );
		$this->assertSame( 'Update the card for your regular gift to Helping Hands Australia', $mail[0]['subject'] );
		$this->assertStringContainsString( 'Dear Jane,', $mail[0]['text'] );
		$this->assertMatchesRegularExpression( '#\?requestID=([A-Za-z0-9_-]{43})#', $mail[0]['text'] );
		preg_match( '#\?requestID=([A-Za-z0-9_-]{43})#', $mail[0]['text'], $match );
		$this->assertTrue( $this->check( $match[1] )->is_success() );
		$this->assertStringContainsString( '72 hours', $mail[0]['text'] );
		$this->assertSame( array( AuditEntry::ISSUED, AuditEntry::EMAILED, AuditEntry::VALIDATED ), $this->audit_events( $donor['subscription_id'] ) );
	}

	public function test_the_request_id_helpers_hash_and_compare_in_constant_time(): void {
		$token = CardUpdateToken::generate();
		$this->assertTrue( CardUpdateToken::is_well_formed( $token ) );
		$this->assertTrue( CardUpdateToken::matches( $token, hash( 'sha256', $token ) ) );
		$this->assertFalse( CardUpdateToken::matches( $token, hash( 'sha256', $token . 'x' ) ) );
	}
}
