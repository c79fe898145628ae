<?php
/**
 * Per docs/widget-contract.md#7-the-calls-it-makes call 9, process_update_card: the card saved through a SetupIntent (with 3-D Secure),
 * made the default, the link used up, declines, replays, links bound to their own donor, a
 * past-due subscription's missed donation, and the limits.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\CardUpdate;

use DonationWidget\CardUpdate\AuditEntry;
use DonationWidget\CardUpdate\CardUpdateAudit;
use DonationWidget\CardUpdate\CardUpdateController;
use DonationWidget\CardUpdate\CardUpdateToken;
use DonationWidget\Database\Schema;
use DonationWidget\Http\AjaxResult;
use DonationWidget\Reconciliation\ReconciliationReport;
use DonationWidget\Reconciliation\Reconciler;

final class UpdateCardTest extends CardUpdateTestCase {

	private function assertLinkExpired( AjaxResult $result ): void {
		$this->assertSame( array( 200, 'link_expired' ), array( $result->status, $result->type() ), (string) wp_json_encode( $result->body ) );
	}

	public function test_a_donor_replaces_the_card_and_it_becomes_the_default_everywhere(): void {
		$donor = $this->recurring_donor();
		$old   = $this->subscription_card( $donor['subscription_id'] );
		$token = $this->issue_token( $donor['subscription_id'] );

		$result = $this->update( $token );

		$this->assertAnswer( 200, '', $result );
		$this->assertSame(
			array(
				'card'            => array(
					'brand' => 'mastercard',
					'last4' => '4444',
				),
				'missed_donation' => null,
			),
			$result->data()
		);
		$new = $this->subscription_card( $donor['subscription_id'] );
		$this->assertNotSame( $old, $new );
		$this->assertSame( '4444', $this->stripe_object( '/v1/payment_methods/' . $new )['card']['last4'] );
		$this->assertSame( $donor['customer_id'], $this->stripe_object( '/v1/payment_methods/' . $new )['customer'] );
		$this->assertSame( $new, $this->stripe_object( '/v1/customers/' . $donor['customer_id'] )['invoice_settings']['default_payment_method'] );

		$setup = $this->stripe_posts( '/v1/setup_intents' );
		$this->assertCount( 1, $setup );
		$this->assertSame( $donor['customer_id'], $setup[0]['body']['customer'] );
		$this->assertSame( 'pm_card_mastercard', $setup[0]['body']['payment_method'] );
		$this->assertSame( 'true', $setup[0]['body']['confirm'] );
		$this->assertSame( 'off_session', $setup[0]['body']['usage'] );
		$this->assertSame( array( 'card' ), $setup[0]['body']['allowed_payment_method_types'] );
		$this->assertStringStartsWith( 'card-update:', $setup[0]['headers']['idempotency-key'] );
		foreach ( array( '/v1/subscriptions/' . $donor['subscription_id'], '/v1/customers/' . $donor['customer_id'] ) as $path ) {
			$this->assertNotEmpty( $this->stripe_posts( $path )[0]['headers']['idempotency-key'] ?? '', $path );
		}

		$this->assertSame( array( AuditEntry::ISSUED, AuditEntry::CARD_UPDATED ), $this->audit_events( $donor['subscription_id'] ) );
		$this->assertSame( 'mastercard ending 4444', $this->service( CardUpdateAudit::class )->for_subscription( $donor['subscription_id'] )[0]->detail );
	}

	public function test_a_used_link_cannot_be_replayed(): void {
		$donor = $this->recurring_donor();
		$token = $this->issue_token( $donor['subscription_id'] );
		$this->assertTrue( $this->update( $token )->is_success() );
		$card = $this->subscription_card( $donor['subscription_id'] );

		$this->assertLinkExpired( $this->update( $token, array( 'token' => 'pm_card_amex' ) ) );
		$this->assertLinkExpired( $this->update( $token ) );

		$this->assertSame( $card, $this->subscription_card( $donor['subscription_id'] ) );
		$this->assertCount( 1, $this->stripe_posts( '/v1/setup_intents' ) );
	}

	public function test_an_expired_or_revoked_link_cannot_replace_the_card(): void {
		$donor   = $this->recurring_donor();
		$expired = $this->links()->issue( $donor['subscription_id'], self::ADMIN );
		$revoked = $this->links()->issue( $donor['subscription_id'], self::ADMIN );
		$this->links()->issue( $donor['subscription_id'], self::ADMIN );
		$this->expire_at( $expired->link->id, time() - 60 );

		$this->assertLinkExpired( $this->update( $this->token_of( $expired ) ) );
		$this->assertLinkExpired( $this->update( $this->token_of( $revoked ) ) );
		$this->assertLinkExpired( $this->update( 'not-a-request-id' ) );
		$this->assertCount( 0, $this->stripe_posts( '/v1/setup_intents' ) );
	}

	public function test_a_declined_card_keeps_the_old_card_and_the_link(): void {
		$donor = $this->recurring_donor();
		$old   = $this->subscription_card( $donor['subscription_id'] );
		$token = $this->issue_token( $donor['subscription_id'] );

		$declined = $this->update( $token, array( 'token' => 'pm_card_chargeDeclined' ) );

		$this->assertAnswer( 200, 'card_error', $declined );
		$this->assertSame( 'generic_decline', $declined->data()['decline_code'] );
		$this->assertSame( 'Please check your card details and try again!', $declined->data()['message'] );
		$this->assertSame( $old, $this->subscription_card( $donor['subscription_id'] ) );
		$this->assertTrue( $this->check( $token )->is_success(), 'the donor may try another card' );

		$this->assertAnswer( 200, '', $this->update( $token ) );
		$this->assertSame( array( AuditEntry::ISSUED, AuditEntry::CARD_DECLINED, AuditEntry::VALIDATED, AuditEntry::CARD_UPDATED ), $this->audit_events( $donor['subscription_id'] ) );
	}

	public function test_3d_secure_runs_in_the_browser_then_the_card_is_saved(): void {
		$donor = $this->recurring_donor();
		$token = $this->issue_token( $donor['subscription_id'] );

		$first = $this->update( $token, array( 'token' => 'pm_card_authenticationRequired' ) );

		$this->assertAnswer( 200, 'requires_action', $first );
		$this->assertFalse( $first->body['success'] );
		$this->assertMatchesRegularExpression( '/^seti_\w+_secret_\w+$/', $first->data()['client_secret'] );
		$this->assertMatchesRegularExpression( '/^seti_/', $first->data()['setup_intent_id'] );
		$this->complete_setup_3ds( $first->data()['client_secret'] );

		$second = $this->update(
			$token,
			array(
				'token'         => 'pm_card_authenticationRequired',
				'setupIntentId' => $first->data()['setup_intent_id'],
			)
		);

		$this->assertAnswer( 200, '', $second );
		$saved = $this->stripe_object( '/v1/setup_intents/' . $first->data()['setup_intent_id'] )['payment_method'];
		$this->assertSame( $saved, $this->subscription_card( $donor['subscription_id'] ) );
		$this->assertCount( 1, $this->stripe_posts( '/v1/setup_intents' ) );
		$this->assertSame( array( AuditEntry::ISSUED, AuditEntry::AUTHENTICATION_REQUIRED, AuditEntry::CARD_UPDATED ), $this->audit_events( $donor['subscription_id'] ) );
	}

	public function test_a_failed_3d_secure_is_a_card_error_and_the_link_still_works(): void {
		$donor = $this->recurring_donor();
		$old   = $this->subscription_card( $donor['subscription_id'] );
		$token = $this->issue_token( $donor['subscription_id'] );
		$first = $this->update( $token, array( 'token' => 'pm_card_authenticationRequired' ) );
		$this->complete_setup_3ds( $first->data()['client_secret'], 'fail' );

		$second = $this->update( $token, array( 'setupIntentId' => $first->data()['setup_intent_id'] ) );

		$this->assertAnswer( 200, 'card_error', $second );
		$this->assertSame( 'setup_intent_authentication_failure', $second->data()['decline_code'] );
		$this->assertSame( $old, $this->subscription_card( $donor['subscription_id'] ) );
		$this->assertTrue( $this->check( $token )->is_success() );
	}

	public function test_an_abandoned_3d_secure_is_not_asked_again(): void {
		$donor = $this->recurring_donor();
		$token = $this->issue_token( $donor['subscription_id'] );
		$first = $this->update( $token, array( 'token' => 'pm_card_authenticationRequired' ) );

		$again = $this->update( $token, array( 'setupIntentId' => $first->data()['setup_intent_id'] ) );

		$this->assertAnswer( 200, 'card_error', $again );
		$this->assertSame( 'authentication_not_completed', $again->data()['decline_code'] );
	}

	public function test_a_setup_intent_of_another_link_is_refused(): void {
		$first_donor  = $this->recurring_donor();
		$second_donor = $this->recurring_donor( array( 'email' => 'sam@example.org.au' ) );
		$first_token  = $this->issue_token( $first_donor['subscription_id'] );
		$second_token = $this->issue_token( $second_donor['subscription_id'] );
		$pending      = $this->update( $second_token, array( 'token' => 'pm_card_authenticationRequired' ) );
		$this->complete_setup_3ds( $pending->data()['client_secret'] );
		$card = $this->subscription_card( $first_donor['subscription_id'] );

		$result = $this->update( $first_token, array( 'setupIntentId' => $pending->data()['setup_intent_id'] ) );

		$this->assertAnswer( 409, 'conflict', $result );
		$this->assertSame( $card, $this->subscription_card( $first_donor['subscription_id'] ) );
		$this->assertStringStartsWith( 'mismatch: ', $this->service( CardUpdateAudit::class )->for_subscription( $first_donor['subscription_id'] )[0]->detail );
	}

	public function test_a_link_changes_only_its_own_donors_subscription(): void {
		$mine       = $this->recurring_donor();
		$theirs     = $this->recurring_donor( array( 'email' => 'sam@example.org.au' ) );
		$their_card = $this->subscription_card( $theirs['subscription_id'] );
		$token      = $this->issue_token( $mine['subscription_id'] );
		// From here on, only what the card updates send.
		$this->control( 'DELETE', '/__control/requests' );

		// The other donor's saved card, sent with my link: Stripe refuses another customer's card.
		$refused = $this->update( $token, array( 'token' => $their_card ) );
		$this->assertAnswer( 200, 'card_error', $refused );

		// Extra fields naming another subscription or customer are ignored: the link decides.
		$this->assertAnswer(
			200,
			'',
			$this->update(
				$token,
				array(
					'subscription_id' => $theirs['subscription_id'],
					'customer'        => $theirs['customer_id'],
				)
			)
		);
		$this->assertSame( $their_card, $this->subscription_card( $theirs['subscription_id'] ) );
		$this->assertNotSame( $their_card, $this->subscription_card( $mine['subscription_id'] ) );
		$this->assertCount( 0, $this->stripe_posts( '/v1/subscriptions/' . $theirs['subscription_id'] ) );
		$this->assertCount( 0, $this->stripe_posts( '/v1/customers/' . $theirs['customer_id'] ) );
	}

	public function test_the_fields_are_checked(): void {
		$donor = $this->recurring_donor();
		$token = $this->issue_token( $donor['subscription_id'] );
		$cases = array(
			'no card'                => array( 'token' => null ),
			'not a PaymentMethod'    => array( 'token' => 'tok_visa' ),
			'bad setup intent'       => array( 'setupIntentId' => 'pi_123' ),
			'no formData'            => array( 'formData' => null ),
			'more than the name'     => array( 'formData' => '{"nameOnCard":"Jane","email":"x@example.org"}' ),
			'empty name'             => array( 'formData' => '{"nameOnCard":"  "}' ),
			'digits in the name'     => array( 'formData' => '{"nameOnCard":"Jane 2"}' ),
			'a name too long'        => array( 'formData' => (string) wp_json_encode( array( 'nameOnCard' => str_repeat( 'a', 101 ) ) ) ),
			'formData not an object' => array( 'formData' => '"Jane"' ),
		);
		foreach ( $cases as $case => $fields ) {
			$result = $this->update( $token, $fields );
			$this->assertSame( array( 400, 'validation' ), array( $result->status, $result->type() ), $case );
		}
		$this->assertSame( 'This field is required', $this->update( $token, array( 'formData' => '{"nameOnCard":""}' ) )->data()['message'] );
		$this->assertCount( 0, $this->stripe_posts( '/v1/setup_intents' ) );
		$this->assertAnswer( 200, '', $this->update( $token, array( 'formData' => '{"nameOnCard":"Zoë d\'Arcy & Jo-Anne"}' ) ) );
	}

	public function test_a_past_due_donation_is_collected_with_the_new_card_at_once(): void {
		$donor   = $this->recurring_donor();
		$renewal = $this->fail_renewal( $donor['subscription_id'] );
		$this->assertSame( 'past_due', $this->stripe_object( '/v1/subscriptions/' . $donor['subscription_id'] )['status'] );
		$token = $this->issue_token( $donor['subscription_id'] );

		$result = $this->update( $token );

		$this->assertAnswer( 200, '', $result );
		$this->assertSame( 'recovered', $result->data()['missed_donation'] );
		$invoice = $this->stripe_object( '/v1/invoices/' . $renewal['invoice']['id'] );
		$this->assertSame( 'paid', $invoice['status'] );
		$this->assertSame( 'active', $this->stripe_object( '/v1/subscriptions/' . $donor['subscription_id'] )['status'] );
		$pay = $this->stripe_posts( '/v1/invoices/' . $renewal['invoice']['id'] . '/pay' );
		$this->assertCount( 1, $pay );
		$this->assertSame( $this->subscription_card( $donor['subscription_id'] ), $pay[0]['body']['payment_method'] );
		$this->assertNotEmpty( $pay[0]['headers']['idempotency-key'] );

		$rows = $this->subscription_rows( $donor['subscription_id'] );
		$this->assertCount( 2, $rows );
		$this->assertSame( 'succeeded', $rows[1]['status'] );
		$this->assertMatchesRegularExpression( '/^ch_/', $rows[1]['provider_reference'] );
		$events = $this->audit_events( $donor['subscription_id'] );
		$this->assertSame( array( AuditEntry::CARD_UPDATED, AuditEntry::PAST_DUE_RECOVERED ), array_slice( $events, -2 ) );
		$this->assertSame( $renewal['invoice']['id'], $this->service( CardUpdateAudit::class )->for_subscription( $donor['subscription_id'] )[0]->detail );
	}

	public function test_a_past_due_donation_the_new_card_cannot_pay_is_reported_and_the_card_is_still_saved(): void {
		$donor   = $this->recurring_donor();
		$renewal = $this->fail_renewal( $donor['subscription_id'] );
		$token   = $this->issue_token( $donor['subscription_id'] );

		$result = $this->update( $token, array( 'token' => 'pm_card_chargeCustomerFail' ) );

		$this->assertAnswer( 200, '', $result );
		$this->assertSame( 'failed', $result->data()['missed_donation'] );
		$this->assertSame( 'open', $this->stripe_object( '/v1/invoices/' . $renewal['invoice']['id'] )['status'] );
		$saved = $this->subscription_card( $donor['subscription_id'] );
		$this->assertSame( $donor['customer_id'], $this->stripe_object( '/v1/payment_methods/' . $saved )['customer'] );
		$this->assertLinkExpired( $this->check( $token ) );
		$entry = $this->service( CardUpdateAudit::class )->for_subscription( $donor['subscription_id'] )[1];
		$this->assertSame( AuditEntry::PAST_DUE_FAILED, $entry->event );
		$this->assertSame( $renewal['invoice']['id'] . ': generic_decline', $entry->detail );
	}

	public function test_a_missed_donation_whose_payment_went_unanswered_is_not_called_failed_and_the_reconciliation_pass_records_it(): void {
		global $wpdb;
		$donor   = $this->recurring_donor();
		$renewal = $this->fail_renewal( $donor['subscription_id'] );
		$token   = $this->issue_token( $donor['subscription_id'] );
		$pay     = '/v1/invoices/' . $renewal['invoice']['id'] . '/pay';
		$this->queue(
			'stripe',
			'lost_answer',
			array(
				'path'  => $pay,
				'times' => 3,
			)
		);

		$result = $this->update( $token );

		// Stripe took the money, but never said so: the donor is not told it failed.
		$this->assertAnswer( 200, '', $result );
		$this->assertNull( $result->data()['missed_donation'] );
		$this->assertSame( 'paid', $this->stripe_object( '/v1/invoices/' . $renewal['invoice']['id'] )['status'] );
		$this->assertSame( AuditEntry::PAST_DUE_UNKNOWN, $this->service( CardUpdateAudit::class )->for_subscription( $donor['subscription_id'] )[0]->event );
		$this->assertSame( 'failed', $this->subscription_rows( $donor['subscription_id'] )[1]['status'], 'the renewal is still recorded as Stripe failed it' );

		// A pass within the grace period leaves the update alone; twenty minutes on it asks Stripe.
		$this->service( Reconciler::class )->run();
		$this->assertSame( 'failed', $this->subscription_rows( $donor['subscription_id'] )[1]['status'] );
		$wpdb->query( $wpdb->prepare( 'UPDATE ' . Schema::table( 'card_update_audit' ) . ' SET created_at = %s WHERE subscription_id = %s', gmdate( 'Y-m-d H:i:s', time() - 1200 ), $donor['subscription_id'] ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		$report = $this->service( Reconciler::class )->run();

		$this->assertContains( ReconciliationReport::MISSED_DONATIONS_CHECKED, array_column( $report->lines(), 'result' ) );
		$rows = $this->subscription_rows( $donor['subscription_id'] );
		$this->assertCount( 2, $rows );
		$this->assertSame( array( 'succeeded', 'invoice:' . $renewal['invoice']['id'] ), array( $rows[1]['status'], $rows[1]['attempt_id'] ) );
		$this->assertMatchesRegularExpression( '/^ch_/', $rows[1]['provider_reference'] );
		$this->assertSame( AuditEntry::PAST_DUE_CHECKED, $this->service( CardUpdateAudit::class )->for_subscription( $donor['subscription_id'] )[0]->event );
		$this->assertSame( array( $pay ), array_values( array_unique( array_map( static fn ( array $post ): string => $post['provider_path'], $this->stripe_posts( $pay ) ) ) ) );

		// Looked at once: the next pass asks nothing more about it.
		$before = count( $this->provider_requests( 'stripe', '/v1/invoices', 'GET' ) );
		$this->service( Reconciler::class )->run();
		$this->assertCount( $before, $this->provider_requests( 'stripe', '/v1/invoices', 'GET' ) );
	}

	public function test_one_update_per_link_runs_at_a_time(): void {
		$donor = $this->recurring_donor();
		$token = $this->issue_token( $donor['subscription_id'] );
		$link  = $this->links()->for_subscription( $donor['subscription_id'] )[0];
		// Another server (a second database connection) is replacing the card with this link.
		$other = new \wpdb( DB_USER, DB_PASSWORD, DB_NAME, DB_HOST );
		$name  = substr( 'dw_card_' . md5( home_url() . '|' . $GLOBALS['wpdb']->prefix ) . '_' . $link->id, 0, 64 );
		$this->assertSame( '1', (string) $other->get_var( $other->prepare( 'SELECT GET_LOCK(%s, 0)', $name ) ) );

		try {
			$result = $this->update( $token );
		} finally {
			$other->get_var( $other->prepare( 'SELECT RELEASE_LOCK(%s)', $name ) );
			$other->close();
		}

		$this->assertAnswer( 409, 'conflict', $result );
		$this->assertCount( 0, $this->stripe_posts( '/v1/setup_intents' ) );
		$this->assertAnswer( 200, '', $this->update( $token ) );
	}

	public function test_attempts_are_limited_per_link(): void {
		$donor = $this->recurring_donor();
		$token = $this->issue_token( $donor['subscription_id'] );
		for ( $i = 0; $i < CardUpdateController::ATTEMPTS_PER_LINK; $i++ ) {
			$this->assertAnswer( 200, 'card_error', $this->update( $token, array( 'token' => 'pm_card_chargeDeclined' ) ) );
		}

		$this->assertAnswer( 429, 'rate_limited', $this->update( $token ) );
	}

	public function test_attempts_with_well_formed_ids_are_limited_per_visitor(): void {
		$this->set_settings( array( 'rate_limit_payments' => 2 ) );
		// Unknown but well formed: counted, or anyone could guess links without end.
		$this->assertAnswer( 200, 'link_expired', $this->update( CardUpdateToken::generate() ) );
		$this->assertAnswer( 200, 'link_expired', $this->update( CardUpdateToken::generate() ) );

		$this->assertAnswer( 429, 'rate_limited', $this->update( CardUpdateToken::generate() ) );
	}

	/**
	 * Request ids that cannot be one: what a script sends, never a link.
	 *
	 * @return list<string>
	 */
	public static function malformed_ids(): array {
		return array( '', 'x', 'guess-1', str_repeat( 'A', 42 ), str_repeat( 'A', 44 ), str_repeat( '+', 43 ), "' OR 1=1 -- " . str_repeat( 'x', 31 ) );
	}

	public function test_junk_ids_do_not_use_up_the_card_updates_of_an_address_behind_an_untrusted_proxy(): void {
		$this->set_settings(
			array(
				'rate_limit_payments' => 20,
				'trusted_proxies'     => array(),
			)
		);
		$donor = $this->recurring_donor();
		$token = $this->issue_token( $donor['subscription_id'] );
		$junk  = self::malformed_ids();
		try {
			// Every visitor behind the proxy the site does not trust is its one address.
			$_SERVER['REMOTE_ADDR'] = '10.0.0.2';
			for ( $i = 0; $i < 20; $i++ ) {
				$_SERVER['HTTP_X_FORWARDED_FOR'] = '198.51.100.' . ( $i + 1 );
				$this->assertAnswer( 200, 'link_expired', $this->update( $junk[ $i % count( $junk ) ] ) );
			}
			$this->assertAnswer( 200, 'link_expired', $this->controller()->update_card( array( 'id' => array( 'x' ) ) ) );
			$this->assertAnswer( 200, 'link_expired', $this->controller()->update_card( array() ) );

			$_SERVER['HTTP_X_FORWARDED_FOR'] = '198.51.100.99';
			$this->assertAnswer( 200, '', $this->update( $token ), 'The donor behind the same proxy replaces her card.' );
		} finally {
			unset( $_SERVER['REMOTE_ADDR'], $_SERVER['HTTP_X_FORWARDED_FOR'] );
		}
	}

	public function test_without_stripe_keys_nothing_is_attempted(): void {
		$donor = $this->recurring_donor();
		$token = $this->issue_token( $donor['subscription_id'] );
		$this->set_settings( array( 'stripe_test_secret_key' => '' ) );

		$this->assertAnswer( 503, 'server', $this->update( $token ) );
		$this->assertSame( array( 'card' => null ), $this->check( $token )->data() );
	}

	public function test_a_stripe_outage_answers_a_server_error_and_keeps_the_link(): void {
		$donor = $this->recurring_donor();
		$token = $this->issue_token( $donor['subscription_id'] );
		$this->queue(
			'stripe',
			'server_error',
			array(
				'path'  => '/v1/setup_intents',
				'times' => 3,
			)
		);

		$this->assertAnswer( 502, 'server', $this->update( $token ) );
		$this->assertTrue( $this->check( $token )->is_success() );
	}

	public function test_a_visitor_updates_the_card_through_admin_ajax(): void {
		$donor = $this->recurring_donor();
		$token = $this->issue_token( $donor['subscription_id'] );
		$this->assertNotFalse( has_action( 'wp_ajax_nopriv_process_update_card' ) );
		$this->assertNotFalse( has_action( 'wp_ajax_process_update_card' ) );

		$body = $this->ajax(
			'wp_ajax_nopriv_process_update_card',
			array(
				'action'   => 'process_update_card',
				'id'       => $token,
				'token'    => 'pm_card_visa',
				'cardId'   => 'pm_card_visa',
				'formData' => '{"nameOnCard":"Nan O\'Hara"}',
			)
		);

		$this->assertTrue( $body['success'] );
		$this->assertSame( 'visa', $body['data']['card']['brand'] );
	}
}
