<?php
/**
 * The process_payment_method call for 4-weekly donations: the first gift as a site-confirmed
 * PaymentIntent for the donor's Customer, then the subscription for the gifts after it.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Gateways\Stripe;

use DonationWidget\Database\Schema;
use DonationWidget\Tests\Integration\PaymentTestCase;
use DonationWidget\Donations\SubscriptionRepository;
use DonationWidget\Http\AjaxResult;
use DonationWidget\Gateways\Stripe\DonationProduct;
use DonationWidget\Reconciliation\Reconciler;
use DonationWidget\Reconciliation\ReconciliationReport;

final class RecurringCardPaymentTest extends PaymentTestCase {

	private const FOUR_WEEKS = 28 * DAY_IN_SECONDS;

	/**
	 * Donation ids, once per donation_widget_donation_succeeded (what sends the receipt).
	 *
	 * @var list<int>
	 */
	private array $succeeded = array();

	private \Closure $listener;

	protected function setUp(): void {
		parent::setUp();
		$this->succeeded = array();
		$this->listener  = function ( $id ): void {
			$this->succeeded[] = (int) $id;
		};
		add_action( 'donation_widget_donation_succeeded', $this->listener );
	}

	protected function tearDown(): void {
		remove_action( 'donation_widget_donation_succeeded', $this->listener );
		parent::tearDown();
	}

	private function pay( array $request ): AjaxResult {
		return $this->payment_call( 'process_payment_method', $request );
	}

	private function four_weekly( array $overrides = array() ): array {
		return $this->card_request( $overrides, array( 'frequency' => '4weekly' ) );
	}

	private function secret( string $method, string $path, array $params = array() ): array {
		return $this->stripe( $method, $path, $params, self::SECRET_KEY );
	}

	/**
	 * Moves a donation's start and last change back in time, past the reconciliation's grace.
	 */
	private function age( string $attempt_id ): void {
		global $wpdb;
		$when = gmdate( 'Y-m-d H:i:s', time() - 20 * MINUTE_IN_SECONDS );
		$wpdb->update(
			Schema::table( 'donations' ),
			array(
				'created_at' => $when,
				'updated_at' => $when,
			),
			array( 'attempt_id' => $attempt_id )
		);
	}

	private function reconcile(): ReconciliationReport {
		return $this->service( Reconciler::class )->run();
	}

	/**
	 * The one Stripe event of a type about an object.
	 */
	private function event( string $type, string $object_id ): array {
		$events = $this->control( 'GET', '/__control/stripe/events?type=' . rawurlencode( $type ) )['body'];
		$found  = array_values( array_filter( $events, static fn ( array $event ): bool => $object_id === $event['data']['object']['id'] ) );
		$this->assertCount( 1, $found, "One {$type} for {$object_id}." );
		return $found[0];
	}

	/**
	 * Asserts the donation was paid once and has its one subscription at Stripe, its next gift
	 * 4 weeks after this one, recorded active.
	 *
	 * @return array{0: array<string, string>, 1: array<string, mixed>} The row and the subscription.
	 */
	private function assertStartedOnce( string $attempt_id ): array {
		$row = $this->donation_row( $attempt_id );
		$this->assertSame( 'succeeded', $row['status'], $row['failure_reason'] );
		$this->assertSame( array( (int) $row['id'] ), $this->succeeded, 'Paid once: one receipt.' );
		$this->assertMatchesRegularExpression( '/^sub_/', $row['subscription_id'] );
		$this->assertCount( 1, $this->stripe_posts( '/v1/subscriptions' ), 'One subscription asked for.' );
		$this->assertCount(
			1,
			$this->secret(
				'GET',
				'/v1/subscriptions',
				array(
					'customer' => $row['customer_id'],
					'status'   => 'all',
				)
			)['data']
		);

		$subscription = $this->secret( 'GET', '/v1/subscriptions/' . $row['subscription_id'] );
		$charge       = $this->secret( 'GET', '/v1/charges/' . $row['provider_reference'] );
		$this->assertSame( 'active', $subscription['status'] );
		$this->assertNull( $subscription['latest_invoice'], 'Nothing charged when it started: not even a $0 invoice.' );
		$this->assertSame( $charge['created'] + self::FOUR_WEEKS, $subscription['billing_cycle_anchor'], 'The next gift 4 weeks after this one.' );
		$this->assertSame( $subscription['billing_cycle_anchor'], $subscription['items']['data'][0]['current_period_end'] );
		$this->assertSame( array(), $this->secret( 'GET', '/v1/invoices', array( 'subscription' => $row['subscription_id'] ) )['data'] );
		$recorded = $this->service( SubscriptionRepository::class )->find( $row['subscription_id'] );
		$this->assertSame( SubscriptionRepository::ACTIVE, $recorded['status'] );
		$this->assertSame( (int) $row['id'], $recorded['donation_id'] );
		return array( $row, $subscription );
	}

	public function test_a_4_weekly_donation_pays_its_first_gift_on_its_own_then_starts_a_subscription_4_weeks_on(): void {
		$request = $this->four_weekly();

		$result = $this->pay( $request );

		$this->assertAnswer( 200, '', $result );
		$this->assertMatchesRegularExpression( '/^ch_/', $result->data()['reference'] );
		list( $row, $subscription ) = $this->assertStartedOnce( $request['attemptId'] );
		$this->assertSame( '4weekly', $row['frequency'] );
		$this->assertSame( $result->data()['reference'], $row['provider_reference'] );
		$this->assertMatchesRegularExpression( '/^cus_/', $row['customer_id'] );
		$this->assertMatchesRegularExpression( '/^pi_/', $row['payment_intent_id'] );
		$this->assertSame( '1', $row['payment_tries'] );

		// The first gift: the site's own intent, for the donor's customer, saving the card.
		$created = $this->stripe_posts( '/v1/payment_intents' );
		$this->assertCount( 1, $created );
		$sent = $created[0]['body'];
		$this->assertSame( 'manual', $sent['confirmation_method'] );
		$this->assertSame( $row['customer_id'], $sent['customer'] );
		$this->assertSame( 'off_session', $sent['setup_future_usage'] );
		$this->assertSame( array( 'card' ), $sent['allowed_payment_method_types'] );
		$this->assertSame( '4-weekly donation', $sent['description'] );
		$this->assertSame( '5250', $sent['amount'] );
		$this->assertSame( '4weekly', $sent['metadata']['frequency'] );
		$this->assertSame( $request['attemptId'], $sent['metadata']['attempt_id'] );
		$this->assertSame( $request['attemptId'] . ':pi', $created[0]['headers']['idempotency-key'] );
		$confirmed = $this->stripe_posts( '/v1/payment_intents/' . $row['payment_intent_id'] . '/confirm' );
		$this->assertCount( 1, $confirmed );
		$this->assertSame( 'pm_card_visa', $confirmed[0]['body']['payment_method'] );
		$this->assertCount( 1, $this->secret( 'GET', '/v1/charges', array( 'customer' => $row['customer_id'] ) )['data'], 'One charge: the first gift.' );
		// The books: the fee came with the confirmation, as for a one-off (a US test card: 3.5% + 30c).
		$this->assertSame( '214', $row['fee_cents'] );

		// The subscription: the saved card, the donation's amount every 4 weeks, nothing now.
		$intent = $this->secret( 'GET', '/v1/payment_intents/' . $row['payment_intent_id'] );
		$this->assertSame( $intent['payment_method'], $subscription['default_payment_method'] );
		$this->assertSame( $row['customer_id'], $subscription['customer'] );
		$price = $subscription['items']['data'][0]['price'];
		$this->assertSame( 5250, $price['unit_amount'] );
		$this->assertSame( 'aud', $price['currency'] );
		$this->assertSame( 'week', $price['recurring']['interval'] );
		$this->assertSame( 4, $price['recurring']['interval_count'] );
		$this->assertSame( DonationProduct::PRODUCT_ID, $price['product'] );
		$this->assertSame( $request['attemptId'], $subscription['metadata']['attempt_id'] );
		$started = $this->stripe_posts( '/v1/subscriptions' )[0];
		$this->assertSame( 'none', $started['body']['proration_behavior'] );
		$this->assertSame( (string) $subscription['billing_cycle_anchor'], $started['body']['billing_cycle_anchor'] );
		$this->assertArrayNotHasKey( 'payment_behavior', $started['body'] );
		$this->assertArrayNotHasKey( 'trial_end', $started['body'] );
		$this->assertSame( $request['attemptId'] . ':subscription:' . $subscription['billing_cycle_anchor'], $started['headers']['idempotency-key'] );

		$customer = $this->secret( 'GET', '/v1/customers/' . $row['customer_id'] );
		$this->assertSame( 'jane.citizen@example.org.au', $customer['email'] );
		$this->assertSame( "Jane O'Brien-Citizen", $customer['name'] );
		$this->assertSame( $intent['payment_method'], $customer['invoice_settings']['default_payment_method'] );
		$this->assertSame( $request['attemptId'] . ':customer', $this->stripe_posts( '/v1/customers' )[0]['headers']['idempotency-key'] );
		$this->assertCount( 1, $this->subscription_rows( $row['subscription_id'] ), 'The first gift is the only donation so far.' );
	}

	public function test_the_donation_product_is_created_once_and_remembered(): void {
		$this->assertAnswer( 200, '', $this->pay( $this->four_weekly() ) );
		$this->assertAnswer( 200, '', $this->pay( $this->four_weekly() ) );

		$this->assertCount( 1, $this->stripe_posts( '/v1/products' ) );
		$this->assertCount( 2, $this->stripe_posts( '/v1/subscriptions' ) );
		$this->assertSame( DonationProduct::PRODUCT_ID, get_option( 'donation_widget_stripe_product_test' ) );
	}

	public function test_a_product_another_server_already_created_is_reused(): void {
		$this->secret(
			'POST',
			'/v1/products',
			array(
				'id'   => DonationProduct::PRODUCT_ID,
				'name' => 'Made elsewhere',
			)
		);

		$this->assertAnswer( 200, '', $this->pay( $this->four_weekly() ) );

		$this->assertSame( DonationProduct::PRODUCT_ID, get_option( 'donation_widget_stripe_product_test' ) );
		$this->assertCount( 1, $this->secret( 'GET', '/v1/products' )['data'] );
	}

	/**
	 * @return array<string, array{string, string}>
	 */
	public static function declined_cards(): array {
		return array(
			'declined'                  => array( 'pm_card_chargeDeclined', 'generic_decline' ),
			'saves fine, never charges' => array( 'pm_card_chargeCustomerFail', 'generic_decline' ),
			'insufficient funds'        => array( 'pm_card_chargeDeclinedInsufficientFunds', 'insufficient_funds' ),
		);
	}

	/**
	 * @dataProvider declined_cards
	 */
	public function test_a_declined_first_gift_fails_the_donation_and_starts_no_subscription( string $card, string $code ): void {
		$request = $this->four_weekly( array( 'token' => $card ) );

		$result = $this->pay( $request );

		$this->assertAnswer( 200, 'card_error', $result );
		$this->assertSame( $code, $result->data()['decline_code'] );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'failed', $row['status'] );
		$this->assertSame( '', $row['subscription_id'] );
		$this->assertCount( 0, $this->stripe_posts( '/v1/subscriptions' ) );
		$this->assertSame( array(), $this->secret( 'GET', '/v1/subscriptions', array( 'status' => 'all' ) )['data'] );
		$this->assertSame( array(), $this->succeeded );

		// Nothing for the reconciliation pass to start either.
		$this->age( $request['attemptId'] );
		$this->assertSame( array(), $this->reconcile()->counts() );
	}

	public function test_3d_secure_on_the_first_gift_is_confirmed_by_the_site_then_the_subscription_starts(): void {
		$request = $this->four_weekly( array( 'token' => 'pm_card_authenticationRequired' ) );
		$first   = $this->pay( $request );
		$this->assertAnswer( 200, 'requires_action', $first );
		$intent_id = $first->data()['payment_intent_id'];
		$this->assertSame( 'requires_action', $this->donation_row( $request['attemptId'] )['status'] );
		$this->assertCount( 0, $this->stripe_posts( '/v1/subscriptions' ), 'No subscription before the gift is paid.' );

		// The bank's check passes in the browser; nothing is charged until the site confirms.
		$this->assertSame( 'requires_confirmation', $this->complete_3ds( $first->data()['client_secret'] )['status'] );
		$second = $this->pay( $this->sent_again( $request, array( 'paymentIntentId' => $intent_id ) ) );

		$this->assertAnswer( 200, '', $second );
		list( $row ) = $this->assertStartedOnce( $request['attemptId'] );
		$this->assertSame( $intent_id, $row['payment_intent_id'] );
		$by_site = array_filter( $this->stripe_posts( "/v1/payment_intents/{$intent_id}/confirm" ), static fn ( array $post ): bool => 'Bearer ' . self::SECRET_KEY === $post['headers']['authorization'] );
		$this->assertCount( 2, $by_site, 'The site confirmed the card, then the same card after 3-D Secure.' );
		$this->assertSame( '1', $row['payment_tries'] );
	}

	/**
	 * How the news of the first gift's success reaches the site, in order: call (the
	 * continuation's own answer), webhook (payment_intent.succeeded), reconciliation (the pass).
	 *
	 * @return array<string, array{list<string>}>
	 */
	public static function orders_of_news(): array {
		return array(
			'the call, then the webhook, then the pass' => array( array( 'call', 'webhook', 'reconciliation' ) ),
			'the call, then the pass, then the webhook' => array( array( 'call', 'reconciliation', 'webhook' ) ),
			'answer lost: the webhook, then the pass, the call' => array( array( 'webhook', 'reconciliation', 'call' ) ),
			'answer lost: the pass, then the webhook, the call' => array( array( 'reconciliation', 'webhook', 'call' ) ),
		);
	}

	/**
	 * @dataProvider orders_of_news
	 *
	 * @param list<string> $order Who hears first.
	 */
	public function test_the_subscription_starts_once_whichever_news_of_the_first_gift_comes_first( array $order ): void {
		$request = $this->four_weekly( array( 'token' => 'pm_card_authenticationRequired' ) );
		$first   = $this->pay( $request );
		$this->assertAnswer( 200, 'requires_action', $first );
		$this->complete_3ds( $first->data()['client_secret'] );
		$continuation = $this->sent_again( $request, array( 'paymentIntentId' => $first->data()['payment_intent_id'] ) );
		if ( 'call' !== $order[0] ) {
			// Stripe charges the card, and every answer to the site's confirm is lost.
			$this->queue(
				'stripe',
				'lost_answer',
				array(
					'path'  => '/confirm',
					'times' => 3,
				)
			);
			$this->assertAnswer( 502, 'server', $this->pay( $continuation ) );
			$continuation = $this->sent_again( $continuation );
			$this->assertSame( '', $this->donation_row( $request['attemptId'] )['subscription_id'] );
		}

		foreach ( $order as $news ) {
			if ( 'call' === $news ) {
				$this->assertAnswer( 200, '', $this->pay( $continuation ) );
			} elseif ( 'webhook' === $news ) {
				$this->assertSame( 200, $this->deliver( $this->event( 'payment_intent.succeeded', $first->data()['payment_intent_id'] ) )->get_status() );
			} else {
				$this->age( $request['attemptId'] );
				$this->reconcile();
			}
		}

		list( $row, $subscription ) = $this->assertStartedOnce( $request['attemptId'] );

		// Four weeks on, Stripe collects the first renewal: a donation of its own.
		$renewal = $this->control(
			'POST',
			'/__control/stripe/advance',
			array(
				'subscription' => $row['subscription_id'],
				'action'       => 'renewal_paid',
			)
		)['body'];
		$this->assertSame( $subscription['billing_cycle_anchor'], $renewal['invoice']['lines']['data'][0]['period']['start'] );
		$this->assertSame( 200, $this->deliver( $renewal['event'] )->get_status() );
		$rows = $this->subscription_rows( $row['subscription_id'] );
		$this->assertCount( 2, $rows );
		$this->assertSame( array( 'succeeded', 'invoice:' . $renewal['invoice']['id'], '5250' ), array( $rows[1]['status'], $rows[1]['attempt_id'], $rows[1]['total_cents'] ) );
		$this->assertSame( $row['provider_reference'], $this->donation_row( $request['attemptId'] )['provider_reference'], 'The first gift keeps its own charge.' );
	}

	public function test_when_stripe_fails_as_the_subscription_starts_the_gift_stays_paid_and_the_pass_starts_it(): void {
		// Stripe fails as the subscription starts (the saved card made the customer's default).
		$this->queue(
			'stripe',
			'server_error',
			array(
				'path'  => '/v1/customers/',
				'times' => 3,
			)
		);
		$request = $this->four_weekly();

		$result = $this->pay( $request );

		$this->assertAnswer( 200, '', $result );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( array( 'succeeded', '' ), array( $row['status'], $row['subscription_id'] ) );
		$this->assertSame( array(), $this->secret( 'GET', '/v1/subscriptions', array( 'status' => 'all' ) )['data'] );
		$this->assertSame( array(), $this->reconcile()->counts(), 'Left a grace period, as an open payment is.' );

		$this->age( $request['attemptId'] );
		$report = $this->reconcile();

		$this->assertSame( array( ReconciliationReport::SUBSCRIPTION_STARTED => 1 ), $report->counts() );
		$defaults = $this->stripe_posts( '/v1/customers/' . $row['customer_id'] );
		$this->assertCount( 4, $defaults, 'Three refused as the gift was paid, one by the pass.' );
		$this->assertCount( 1, array_unique( array_column( array_column( $defaults, 'headers' ), 'idempotency-key' ) ), 'All the same request.' );
		$this->assertStartedOnce( $request['attemptId'] );
		$this->assertSame( array(), $this->reconcile()->counts(), 'Started once: nothing more to do.' );
	}

	public function test_a_subscription_whose_answer_never_reached_the_site_is_found_not_made_again(): void {
		$request = $this->four_weekly();
		$this->assertAnswer( 200, '', $this->pay( $request ) );
		$row = $this->donation_row( $request['attemptId'] );
		// As if the answer to the subscription's creation was lost after Stripe made it.
		global $wpdb;
		$wpdb->update( Schema::table( 'donations' ), array( 'subscription_id' => '' ), array( 'id' => $row['id'] ) );
		$wpdb->delete( Schema::table( 'subscriptions' ), array( 'subscription_id' => $row['subscription_id'] ) );
		$this->control( 'DELETE', '/__control/requests' );
		$this->age( $request['attemptId'] );

		$report = $this->reconcile();

		$this->assertSame( array( ReconciliationReport::SUBSCRIPTION_STARTED => 1 ), $report->counts() );
		$this->assertSame( $row['subscription_id'], $this->donation_row( $request['attemptId'] )['subscription_id'] );
		$this->assertCount( 0, $this->stripe_posts( '/v1/subscriptions' ), 'Found in the customer\'s subscriptions.' );
		$this->assertSame( SubscriptionRepository::ACTIVE, $this->service( SubscriptionRepository::class )->find( $row['subscription_id'] )['status'] );
	}

	public function test_a_retry_after_stripe_failed_to_make_the_intent_reuses_the_customer_and_charges_once(): void {
		$this->queue(
			'stripe',
			'server_error',
			array(
				'path'  => '/v1/payment_intents',
				'times' => 3,
			)
		);
		$request = $this->four_weekly();

		$this->assertAnswer( 502, 'server', $this->pay( $request ) );
		$pending = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'pending', $pending['status'] );
		$this->assertMatchesRegularExpression( '/^cus_/', $pending['customer_id'] );

		$this->assertAnswer( 200, '', $this->pay( $this->sent_again( $request ) ) );
		$this->assertCount( 1, $this->stripe_posts( '/v1/customers' ) );
		list( $row ) = $this->assertStartedOnce( $request['attemptId'] );
		$this->assertSame( $pending['customer_id'], $row['customer_id'] );
		$this->assertCount( 1, $this->secret( 'GET', '/v1/charges', array( 'customer' => $row['customer_id'] ) )['data'] );
	}
}
