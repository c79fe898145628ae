<?php
/**
 * The process_payment_method call for 4-weekly donations: customer, product and subscription.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Gateways\Stripe;

use DonationWidget\Tests\Integration\PaymentTestCase;
use DonationWidget\Donations\SubscriptionRepository;
use DonationWidget\Http\AjaxResult;
use DonationWidget\Gateways\Stripe\DonationProduct;

final class RecurringCardPaymentTest extends PaymentTestCase {

	private function pay( array $request ): AjaxResult {
		return $this->payment_call( 'process_payment_method', $request );
	}

	private function four_weekly( array $overrides = array() ): array {
		return $this->card_request( $overrides, array( 'frequency' => '4weekly' ) );
	}

	public function test_a_4_weekly_donation_starts_a_subscription_and_takes_the_first_payment_now(): void {
		$request = $this->four_weekly();

		$result = $this->pay( $request );

		$this->assertAnswer( 200, '', $result );
		$this->assertMatchesRegularExpression( '/^ch_/', $result->data()['reference'] );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'succeeded', $row['status'] );
		$this->assertSame( '4weekly', $row['frequency'] );
		$this->assertSame( $result->data()['reference'], $row['provider_reference'] );
		$this->assertMatchesRegularExpression( '/^cus_/', $row['customer_id'] );
		$this->assertMatchesRegularExpression( '/^sub_/', $row['subscription_id'] );
		$this->assertMatchesRegularExpression( '/^pi_/', $row['payment_intent_id'] );

		$subscription = $this->stripe( 'GET', '/v1/subscriptions/' . $row['subscription_id'], array(), self::SECRET_KEY );
		$this->assertSame( 'active', $subscription['status'] );
		$this->assertSame( $row['customer_id'], $subscription['customer'] );
		$price = $subscription['items']['data'][0]['price'];
		$this->assertSame( 5250, $price['unit_amount'] );
		$this->assertSame( 'aud', $price['currency'] );
		$this->assertSame( 'week', $price['recurring']['interval'] );
		$this->assertSame( 4, $price['recurring']['interval_count'] );
		$this->assertSame( DonationProduct::PRODUCT_ID, $price['product'] );

		$customer = $this->stripe( 'GET', '/v1/customers/' . $row['customer_id'], array(), self::SECRET_KEY );
		$this->assertSame( 'jane.citizen@example.org.au', $customer['email'] );
		$this->assertSame( "Jane O'Brien-Citizen", $customer['name'] );
		$this->assertNotEmpty( $customer['invoice_settings']['default_payment_method'] );

		$sent = $this->stripe_posts( '/v1/subscriptions' )[0];
		$this->assertSame( 'allow_incomplete', $sent['body']['payment_behavior'] );
		$this->assertSame( array( 'latest_invoice.payments' ), $sent['body']['expand'] );
		$this->assertSame( $request['attemptId'] . ':subscription:' . $subscription['default_payment_method'], $sent['headers']['idempotency-key'] );
		$this->assertSame( $request['attemptId'] . ':customer', $this->stripe_posts( '/v1/customers' )[0]['headers']['idempotency-key'] );

		$recorded = $this->service( SubscriptionRepository::class )->find( $row['subscription_id'] );
		$this->assertSame( SubscriptionRepository::ACTIVE, $recorded['status'] );
		$this->assertSame( (int) $row['id'], $recorded['donation_id'] );
		$this->assertSame( 5250, $recorded['amount_cents'] );
	}

	public function test_the_donation_product_is_created_once_and_remembered(): void {
		$this->assertAnswer( 200, '', $this->pay( $this->four_weekly() ) );
		$this->assertAnswer( 200, '', $this->pay( $this->four_weekly() ) );

		$this->assertCount( 1, $this->stripe_posts( '/v1/products' ) );
		$this->assertCount( 2, $this->stripe_posts( '/v1/subscriptions' ) );
		$this->assertSame( DonationProduct::PRODUCT_ID, get_option( 'donation_widget_stripe_product_test' ) );
	}

	public function test_a_product_another_server_already_created_is_reused(): void {
		$this->stripe(
			'POST',
			'/v1/products',
			array(
				'id'   => DonationProduct::PRODUCT_ID,
				'name' => 'Made elsewhere',
			),
			self::SECRET_KEY
		);

		$this->assertAnswer( 200, '', $this->pay( $this->four_weekly() ) );

		$this->assertSame( DonationProduct::PRODUCT_ID, get_option( 'donation_widget_stripe_product_test' ) );
		$this->assertCount( 1, $this->stripe( 'GET', '/v1/products', array(), self::SECRET_KEY )['data'] );
	}

	public function test_a_card_refused_when_saved_for_the_customer_is_a_card_error(): void {
		$request = $this->four_weekly( array( 'token' => 'pm_card_chargeDeclined' ) );

		$result = $this->pay( $request );

		$this->assertAnswer( 200, 'card_error', $result );
		$this->assertSame( 'generic_decline', $result->data()['decline_code'] );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'failed', $row['status'] );
		$this->assertSame( '', $row['subscription_id'] );
		$this->assertCount( 0, $this->stripe_posts( '/v1/subscriptions' ) );
	}

	public function test_a_declined_first_payment_fails_the_donation_and_cancels_the_subscription(): void {
		$request = $this->four_weekly( array( 'token' => 'pm_card_chargeCustomerFail' ) );

		$result = $this->pay( $request );

		$this->assertAnswer( 200, 'card_error', $result );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'failed', $row['status'] );
		$this->assertMatchesRegularExpression( '/^sub_/', $row['subscription_id'] );
		$this->assertSame( 'canceled', $this->stripe( 'GET', '/v1/subscriptions/' . $row['subscription_id'], array(), self::SECRET_KEY )['status'] );
		$this->assertSame( SubscriptionRepository::CANCELLED, $this->service( SubscriptionRepository::class )->find( $row['subscription_id'] )['status'] );
	}

	public function test_3d_secure_on_the_first_payment_finishes_the_subscription(): void {
		$request = $this->four_weekly( array( 'token' => 'pm_card_authenticationRequired' ) );
		$first   = $this->pay( $request );
		$this->assertAnswer( 200, 'requires_action', $first );
		$this->complete_3ds( $first->data()['client_secret'] );

		$second = $this->pay( array( 'paymentIntentId' => $first->data()['payment_intent_id'] ) + $request );

		$this->assertAnswer( 200, '', $second );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'succeeded', $row['status'] );
		$this->assertSame( 'active', $this->stripe( 'GET', '/v1/subscriptions/' . $row['subscription_id'], array(), self::SECRET_KEY )['status'] );
		$this->assertCount( 1, $this->stripe_posts( '/v1/subscriptions' ) );
	}

	public function test_a_retry_after_a_timeout_on_the_subscription_reuses_the_customer(): void {
		$this->queue(
			'stripe',
			'server_error',
			array(
				'path'  => '/v1/subscriptions',
				'times' => 3,
			)
		);
		$request = $this->four_weekly();

		$this->assertAnswer( 502, 'server', $this->pay( $request ) );
		$pending = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'pending', $pending['status'] );
		$this->assertMatchesRegularExpression( '/^cus_/', $pending['customer_id'] );

		$this->assertAnswer( 200, '', $this->pay( $request ) );
		$this->assertCount( 1, $this->stripe_posts( '/v1/customers' ) );
		$this->assertSame( $pending['customer_id'], $this->donation_row( $request['attemptId'] )['customer_id'] );
	}
}
