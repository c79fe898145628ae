<?php
/**
 * The audit the admin shows on a subscription: every issue and use, newest first.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\CardUpdate;

use DonationWidget\CardUpdate\AuditEntry;
use DonationWidget\CardUpdate\CardUpdateAudit;

final class CardUpdateAuditTest extends CardUpdateTestCase {

	public function test_a_subscriptions_history_lists_every_issue_and_use_newest_first(): void {
		$donor = $this->recurring_donor();
		$other = $this->recurring_donor( array( 'email' => 'sam@example.org.au' ) );
		$this->issue_token( $other['subscription_id'] );
		$this->fail_renewal( $donor['subscription_id'] );
		$token = $this->issue_token( $donor['subscription_id'] );
		$this->check( $token );
		$this->update( $token, array( 'token' => 'pm_card_chargeDeclined' ) );
		$this->update( $token );
		$this->check( $token );

		$entries = $this->service( CardUpdateAudit::class )->for_subscription( $donor['subscription_id'] );

		$this->assertSame(
			array(
				AuditEntry::REJECTED,
				AuditEntry::PAST_DUE_RECOVERED,
				AuditEntry::CARD_UPDATED,
				AuditEntry::CARD_DECLINED,
				AuditEntry::VALIDATED,
				AuditEntry::REVOKED,
				AuditEntry::ISSUED,
				AuditEntry::EMAILED,
				AuditEntry::ISSUED,
			),
			array_map( static fn ( AuditEntry $entry ): string => $entry->event, $entries )
		);
		foreach ( $entries as $entry ) {
			$this->assertSame( $donor['subscription_id'], $entry->subscription_id );
			$this->assertNotNull( $entry->link_id );
			$this->assertMatchesRegularExpression( '/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/', $entry->created_at );
			$this->assertNotSame( $entry->event, $entry->label() );
		}
		$this->assertSame( 'used (process_request_id)', $entries[0]->detail );
		$this->assertSame( 'Link refused', $entries[0]->label() );
		$this->assertSame( 'supporter', $entries[2]->actor );
		$this->assertSame( '0.0.0.0', $entries[2]->ip );
		$this->assertSame( self::ADMIN, $entries[6]->actor );
		$this->assertSame( '', $entries[6]->ip );
		$this->assertSame( 'generic_decline', $entries[3]->detail );

		$this->assertCount( 3, $this->service( CardUpdateAudit::class )->for_subscription( $donor['subscription_id'], 3 ) );
		$this->assertSame( array(), $this->service( CardUpdateAudit::class )->for_subscription( '' ) );
		$this->assertCount( 1, $this->service( CardUpdateAudit::class )->for_subscription( $other['subscription_id'] ) );
	}

	public function test_an_entry_reads_as_a_table_row(): void {
		$donor  = $this->recurring_donor();
		$issued = $this->links()->issue( $donor['subscription_id'], self::ADMIN );

		$row = $this->service( CardUpdateAudit::class )->for_subscription( $donor['subscription_id'] )[0]->to_array();

		$this->assertSame( array( 'created_at', 'event', 'label', 'actor', 'detail', 'ip', 'link_id' ), array_keys( $row ) );
		$this->assertSame( 'issued', $row['event'] );
		$this->assertSame( 'Link issued', $row['label'] );
		$this->assertSame( self::ADMIN, $row['actor'] );
		$this->assertSame( '', $row['detail'], 'the expiry is shown from the link, in site time, never stored as UTC text' );
		$this->assertSame( $issued->link->id, $row['link_id'] );
	}

	public function test_a_links_own_history(): void {
		$donor  = $this->recurring_donor();
		$issued = $this->links()->issue( $donor['subscription_id'], self::ADMIN );
		$this->check( $this->token_of( $issued ) );

		$entries = $this->service( CardUpdateAudit::class )->for_link( $issued->link->id );

		$this->assertSame( array( AuditEntry::VALIDATED, AuditEntry::ISSUED ), array_map( static fn ( AuditEntry $entry ): string => $entry->event, $entries ) );
	}
}
