<?php
/**
 * Per docs/widget-contract.md#7-the-calls-it-makes call 8, process_request_id: which links open the form, what the widget is told, and
 * what the audit keeps.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\CardUpdate;

use DonationWidget\CardUpdate\AuditEntry;
use DonationWidget\CardUpdate\CardUpdateAudit;
use DonationWidget\CardUpdate\CardUpdateController;
use DonationWidget\CardUpdate\CardUpdateToken;
use DonationWidget\Database\Schema;
use DonationWidget\Donations\SubscriptionRepository;
use DonationWidget\Http\AjaxResult;

final class RequestIdTest extends CardUpdateTestCase {

	private function assertLinkExpired( AjaxResult $result ): void {
		$this->assertSame( 200, $result->status, (string) wp_json_encode( $result->body ) );
		$this->assertFalse( $result->body['success'] );
		$this->assertSame( 'link_expired', $result->type() );
	}

	public function test_a_fresh_link_opens_the_form_and_names_the_card_being_replaced(): void {
		$donor = $this->recurring_donor();
		$token = $this->issue_token( $donor['subscription_id'] );

		$result = $this->check( $token );

		$this->assertSame( 200, $result->status );
		$this->assertSame(
			array(
				'success' => true,
				'data'    => array(
					'card' => array(
						'brand' => 'visa',
						'last4' => '4242',
					),
				),
			),
			$result->body
		);
		$entry = $this->service( CardUpdateAudit::class )->for_subscription( $donor['subscription_id'] )[0];
		$this->assertSame( AuditEntry::VALIDATED, $entry->event );
		$this->assertSame( 'supporter', $entry->actor );
		$this->assertSame( '0.0.0.0', $entry->ip );
	}

	public function test_the_card_falls_back_to_the_customers_default(): void {
		$donor = $this->recurring_donor();
		$token = $this->issue_token( $donor['subscription_id'] );
		$this->stripe( 'POST', '/v1/subscriptions/' . $donor['subscription_id'], array( 'default_payment_method' => '' ), self::SECRET_KEY );

		$this->assertSame( array( 'card' => array( 'brand' => 'visa', 'last4' => '4242' ) ), $this->check( $token )->data() ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound
	}

	public function test_when_stripe_cannot_say_the_link_still_opens_without_a_card(): void {
		$donor = $this->recurring_donor();
		$token = $this->issue_token( $donor['subscription_id'] );
		$this->queue(
			'stripe',
			'server_error',
			array(
				'path'  => '/v1/subscriptions',
				'times' => 3,
			)
		);

		$result = $this->check( $token );

		$this->assertTrue( $result->is_success() );
		$this->assertSame( array( 'card' => null ), $result->data() );
	}

	public function test_a_malformed_id_is_refused_without_a_lookup_a_count_or_a_write(): void {
		foreach ( array( '', 'abc', str_repeat( 'A', 42 ), str_repeat( 'A', 44 ), str_repeat( '+', 43 ), "' OR 1=1 -- " . str_repeat( 'x', 31 ) ) as $id ) {
			$this->assertLinkExpired( $this->check( $id ) );
		}
		$this->assertLinkExpired( $this->controller()->request_id( array() ) );
		$this->assertLinkExpired( $this->controller()->request_id( array( 'id' => array( 'x' ) ) ) );

		// Unbounded junk must not grow the audit either: it names no link, so nothing is written.
		$this->assertSame( array(), $this->orphan_audit_rows() );
		global $wpdb;
		$this->assertSame( '0', $wpdb->get_var( 'SELECT COUNT(*) FROM ' . Schema::table( 'rate_counters' ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
	}

	public function test_an_unknown_id_is_refused(): void {
		$this->assertLinkExpired( $this->check( CardUpdateToken::generate() ) );
		$this->assertSame( 'unknown (process_request_id)', $this->orphan_audit_rows()[0]['detail'] );
	}

	public function test_an_expired_link_is_refused(): void {
		$donor  = $this->recurring_donor();
		$issued = $this->links()->issue( $donor['subscription_id'], self::ADMIN );
		$this->expire_at( $issued->link->id, time() - 1 );

		$this->assertLinkExpired( $this->check( $this->token_of( $issued ) ) );

		$entry = $this->service( CardUpdateAudit::class )->for_subscription( $donor['subscription_id'] )[0];
		$this->assertSame( AuditEntry::REJECTED, $entry->event );
		$this->assertSame( 'expired (process_request_id)', $entry->detail );
		$this->assertSame( $issued->link->id, $entry->link_id );
	}

	public function test_a_link_works_until_the_last_second_of_its_lifetime(): void {
		$donor  = $this->recurring_donor();
		$issued = $this->links()->issue( $donor['subscription_id'], self::ADMIN );
		$this->expire_at( $issued->link->id, time() + 30 );

		$this->assertTrue( $this->check( $this->token_of( $issued ) )->is_success() );
	}

	public function test_a_used_link_is_refused(): void {
		$donor = $this->recurring_donor();
		$token = $this->issue_token( $donor['subscription_id'] );
		$this->assertTrue( $this->update( $token )->is_success() );

		$this->assertLinkExpired( $this->check( $token ) );
		$this->assertSame( 'used (process_request_id)', $this->service( CardUpdateAudit::class )->for_subscription( $donor['subscription_id'] )[0]->detail );
	}

	public function test_a_link_of_an_ended_subscription_is_refused(): void {
		$donor = $this->recurring_donor();
		$token = $this->issue_token( $donor['subscription_id'] );
		$this->service( SubscriptionRepository::class )->cancel( $donor['subscription_id'] );

		$this->assertLinkExpired( $this->check( $token ) );
	}

	public function test_checks_are_rate_limited_per_visitor(): void {
		for ( $i = 0; $i < CardUpdateController::CHECKS_PER_WINDOW; $i++ ) {
			// Unknown but well formed: counted, or anyone could guess links without end.
			$this->assertLinkExpired( $this->check( CardUpdateToken::generate() ) );
		}

		$limited = $this->check( CardUpdateToken::generate() );

		$this->assertSame( array( 429, 'rate_limited' ), array( $limited->status, $limited->type() ) );
		$this->assertFalse( $limited->body['success'] );
	}

	public function test_junk_ids_do_not_count_against_the_visitor(): void {
		$donor = $this->recurring_donor();
		$token = $this->issue_token( $donor['subscription_id'] );
		for ( $i = 0; $i < CardUpdateController::CHECKS_PER_WINDOW + 20; $i++ ) {
			$this->assertLinkExpired( $this->check( 0 === $i % 2 ? 'guess-' . $i : str_repeat( 'A', 42 ) ) );
		}
		$this->assertLinkExpired( $this->check( array( 'x' ) ) );

		$this->assertTrue( $this->check( $token )->is_success(), 'The visitor\'s allowance is whole.' );
	}

	public function test_checks_are_counted_per_ipv6_64(): void {
		try {
			for ( $i = 0; $i < CardUpdateController::CHECKS_PER_WINDOW; $i++ ) {
				$_SERVER['REMOTE_ADDR'] = '2001:db8:1:2::' . dechex( $i + 1 );
				$this->assertLinkExpired( $this->check( CardUpdateToken::generate() ) );
			}
			$_SERVER['REMOTE_ADDR'] = '2001:db8:1:2:ffff::1';
			$this->assertSame( 'rate_limited', $this->check( CardUpdateToken::generate() )->type(), 'One subscriber holds the whole /64.' );
		} finally {
			unset( $_SERVER['REMOTE_ADDR'] );
		}
	}

	public function test_a_visitor_checks_a_link_through_admin_ajax(): void {
		$donor = $this->recurring_donor();
		$token = $this->issue_token( $donor['subscription_id'] );

		$this->assertNotFalse( has_action( 'wp_ajax_nopriv_process_request_id' ) );
		$this->assertNotFalse( has_action( 'wp_ajax_process_request_id' ) );
		$body = $this->ajax(
			'wp_ajax_nopriv_process_request_id',
			array(
				'action' => 'process_request_id',
				'id'     => $token,
			)
		);

		$this->assertTrue( $body['success'] );
		$this->assertSame( '4242', $body['data']['card']['last4'] );
		$this->assertFalse( $this->ajax( 'wp_ajax_nopriv_process_request_id', array( 'id' => 'nope' ) )['success'] );
	}
}
