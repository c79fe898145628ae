<?php
/**
 * The process_becs_debit call: BECS Direct Debit from an Australian bank account.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Gateways\Stripe;

use DonationWidget\Tests\Integration\PaymentTestCase;
use DonationWidget\Donations\SubscriptionRepository;
use DonationWidget\Receipts\DonationFormat;
use DonationWidget\Settings\Settings;

final class BecsDebitTest extends PaymentTestCase {

	protected function setUp(): void {
		parent::setUp();
		$this->set_settings( array( 'stripe_becs_enabled' => true ) );
	}

	/**
	 * Three business days pass: the stand-in settles every debit in processing, and its webhooks
	 * reach the site's endpoint.
	 */
	private function clear_debits(): void {
		$settled = $this->control( 'POST', '/__control/stripe/becs/settle', array() );
		$this->assertSame( 200, $settled['status'] );
		foreach ( $settled['body']['events'] as $event ) {
			$this->assertSame( 200, $this->deliver( $event )->get_status(), "Event {$event['type']} was not accepted." );
		}
	}

	public function test_a_one_off_debit_is_processing_until_the_webhook_says_it_cleared(): void {
		$paid_before = did_action( 'donation_widget_donation_succeeded' );
		$request     = $this->becs_request();
		$result      = $this->payment_call( 'process_becs_debit', $request );

		$this->assertAnswer( 202, 'pending', $result );
		$this->assertStringContainsString( 'three business days', $result->data()['message'] );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'pending', $row['status'] );
		$this->assertSame( 'au_becs_debit', $row['method'] );
		$this->assertStringStartsWith( 'pi_', $row['payment_intent_id'] );
		$this->assertSame( $paid_before, did_action( 'donation_widget_donation_succeeded' ), 'No receipt before the money cleared.' );

		// The site makes the intent for the account, then confirms it with the mandate.
		$posted = $this->stripe_posts( '/v1/payment_intents' );
		$this->assertCount( 1, $posted );
		$this->assertSame( array( 'au_becs_debit' ), $posted[0]['body']['allowed_payment_method_types'] );
		$this->assertSame( '5250', (string) $posted[0]['body']['amount'] );
		$confirmed = $this->stripe_posts( '/v1/payment_intents/' . $row['payment_intent_id'] . '/confirm' );
		$this->assertCount( 1, $confirmed );
		$params = $confirmed[0]['body'];
		$this->assertSame( 'online', $params['mandate_data']['customer_acceptance']['type'] );
		$this->assertNotSame( '', $params['mandate_data']['customer_acceptance']['online']['ip_address'] );

		$this->clear_debits();
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'succeeded', $row['status'] );
		$this->assertNotSame( '', $row['provider_reference'], 'The charge is the reference once paid.' );
		$this->assertSame( $paid_before + 1, did_action( 'donation_widget_donation_succeeded' ), 'The receipt follows the webhook, once.' );
	}

	public function test_a_debit_that_fails_after_processing_is_recorded_failed_with_the_banks_reason(): void {
		$paid_before = did_action( 'donation_widget_donation_succeeded' );
		$request     = $this->becs_request( '111111113' );
		$this->assertAnswer( 202, 'pending', $this->payment_call( 'process_becs_debit', $request ) );

		$this->clear_debits();
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'failed', $row['status'] );
		$this->assertStringStartsWith( 'account_closed: ', $row['failure_reason'] );
		$this->assertSame( $paid_before, did_action( 'donation_widget_donation_succeeded' ) );
	}

	public function test_a_four_weekly_first_debit_saves_the_account_and_its_subscription_starts_once_it_clears(): void {
		$request = $this->becs_request( '000123456', array(), array( 'frequency' => '4weekly' ) );
		$this->assertAnswer( 202, 'pending', $this->payment_call( 'process_becs_debit', $request ) );

		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( array( 'pending', '' ), array( $row['status'], $row['subscription_id'] ) );
		$this->assertStringStartsWith( 'cus_', $row['customer_id'] );
		// The first debit: the site's own intent for the donor's customer, keeping a reusable mandate.
		$posted = $this->stripe_posts( '/v1/payment_intents' );
		$this->assertCount( 1, $posted );
		$this->assertSame( 'manual', $posted[0]['body']['confirmation_method'] );
		$this->assertSame( $row['customer_id'], $posted[0]['body']['customer'] );
		$this->assertSame( 'off_session', $posted[0]['body']['setup_future_usage'] );
		$this->assertSame( array( 'au_becs_debit' ), $posted[0]['body']['allowed_payment_method_types'] );
		$confirmed = $this->stripe_posts( '/v1/payment_intents/' . $row['payment_intent_id'] . '/confirm' );
		$this->assertSame( 'online', $confirmed[0]['body']['mandate_data']['customer_acceptance']['type'] );
		$this->assertCount( 0, $this->stripe_posts( '/v1/setup_intents' ) );
		$this->assertCount( 0, $this->stripe_posts( '/v1/subscriptions' ), 'Nothing more until the debit clears.' );

		$this->clear_debits();
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'succeeded', $row['status'] );
		$this->assertStringStartsWith( 'sub_', $row['subscription_id'] );
		$this->assertCount( 1, $this->subscription_rows( $row['subscription_id'] ), 'The first debit is the only donation so far.' );
		$this->assertSame( SubscriptionRepository::ACTIVE, $this->service( SubscriptionRepository::class )->find( $row['subscription_id'] )['status'] );
		$subscription = $this->stripe( 'GET', '/v1/subscriptions/' . $row['subscription_id'], array(), self::SECRET_KEY );
		$intent       = $this->stripe( 'GET', '/v1/payment_intents/' . $row['payment_intent_id'], array(), self::SECRET_KEY );
		$charge       = $this->stripe( 'GET', '/v1/charges/' . $row['provider_reference'], array(), self::SECRET_KEY );
		$this->assertSame( 'active', $subscription['status'] );
		$this->assertNull( $subscription['latest_invoice'] );
		$this->assertSame( $intent['payment_method'], $subscription['default_payment_method'] );
		$this->assertSame( $charge['created'] + 28 * DAY_IN_SECONDS, $subscription['billing_cycle_anchor'], 'The next debit 4 weeks after the first.' );
		$mandate = $this->stripe( 'GET', '/v1/mandates/' . $charge['payment_method_details']['au_becs_debit']['mandate'], array(), self::SECRET_KEY );
		$this->assertSame( array( 'multi_use', 'active' ), array( $mandate['type'], $mandate['status'] ) );

		// The next debit, four weeks on, is collected on the saved account and mandate.
		$renewal = $this->control(
			'POST',
			'/__control/stripe/advance',
			array(
				'subscription' => $row['subscription_id'],
				'action'       => 'renewal',
			)
		)['body'];
		$this->assertSame( 'processing', $renewal['payment_intent']['status'] );
	}

	public function test_a_four_weekly_first_debit_that_bounces_fails_and_starts_no_subscription(): void {
		$request = $this->becs_request( '111111116', array(), array( 'frequency' => '4weekly' ) );
		$this->assertAnswer( 202, 'pending', $this->payment_call( 'process_becs_debit', $request ) );
		$this->clear_debits();

		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'failed', $row['status'] );
		$this->assertStringStartsWith( 'no_account: ', $row['failure_reason'] );
		$this->assertSame( '', $row['subscription_id'] );
		$this->assertSame( array(), $this->stripe( 'GET', '/v1/subscriptions', array( 'status' => 'all' ), self::SECRET_KEY )['data'] );
	}

	public function test_without_the_accepted_agreement_nothing_is_recorded_or_sent(): void {
		$request = $this->becs_request( '000123456', array( 'mandateAccepted' => '' ) );
		$result  = $this->payment_call( 'process_becs_debit', $request );

		$this->assertAnswer( 400, 'validation', $result );
		$this->assertSame( 'mandateAccepted', $result->data()['field'] );
		$this->assertNull( $this->donation_row( $request['attemptId'] ) );
		$this->assertSame( array(), $this->stripe_posts( '/v1/payment_intents' ) );
	}

	public function test_the_method_is_offered_only_when_switched_on(): void {
		$settings = $this->service( Settings::class );
		$this->assertContains( 'au_becs_debit', $settings->public_settings()['payment_methods'] );

		$this->set_settings( array( 'stripe_becs_enabled' => false ) );
		$this->assertNotContains( 'au_becs_debit', $settings->public_settings()['payment_methods'] );
		$this->assertContains( 'card', $settings->public_settings()['payment_methods'] );
		$request = $this->becs_request();
		$this->assertAnswer( 503, 'server', $this->payment_call( 'process_becs_debit', $request ) );
		$this->assertNull( $this->donation_row( $request['attemptId'] ) );
	}

	public function test_records_and_receipts_name_the_method(): void {
		$this->assertSame( 'Bank account (BECS Direct Debit)', DonationFormat::method( 'au_becs_debit' ) );
	}
}
