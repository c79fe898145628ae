<?php
/**
 * The reconciliation pass against the provider stand-ins: payments nobody reported end paid
 * once, abandoned ones end abandoned, failed calls end failed, one pass at a time.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Reconciliation;

use DonationWidget\Admin\Dashboard\DonationsSummaryWidget;
use DonationWidget\Reconciliation\Reconciler;
use DonationWidget\Reconciliation\ReconciliationLock;
use DonationWidget\Reconciliation\ReconciliationReport;
use DonationWidget\Reconciliation\ReconciliationSchedule;
use DonationWidget\Scheduling\RecurringEvents;
use DonationWidget\Cli\ReconcileCommand;
use DonationWidget\Database\Schema;
use DonationWidget\Donations\DonationForm;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Http\AjaxResult;
use DonationWidget\Receipts\DonationFormat;
use DonationWidget\Tests\Integration\PaymentTestCase;

final class ReconciliationTest extends PaymentTestCase {

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

	private function reconcile( int $limit = 0 ): ReconciliationReport {
		return $this->service( Reconciler::class )->run( $limit );
	}

	/**
	 * Moves a donation's start (and last change) back in time, as if it had waited.
	 */
	private function age( string $attempt_id, int $seconds ): void {
		global $wpdb;
		$when = gmdate( 'Y-m-d H:i:s', time() - $seconds );
		$wpdb->update(
			Schema::table( 'donations' ),
			array(
				'created_at' => $when,
				'updated_at' => $when,
			),
			array( 'attempt_id' => $attempt_id )
		);
	}

	private function receipts_of( int $donation_id ): int {
		global $wpdb;
		$table = Schema::table( 'receipts' );
		return (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$table} WHERE automatic_donation_id = %d", $donation_id ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
	}

	/**
	 * Asserts a donation ended paid, with one success (and so one receipt).
	 */
	private function assertPaidOnce( string $attempt_id ): array {
		$row = $this->donation_row( $attempt_id );
		$this->assertSame( 'succeeded', $row['status'], $row['failure_reason'] );
		$this->assertSame( '', $row['failure_reason'] );
		$this->assertSame( array( (int) $row['id'] ), $this->succeeded );
		$this->assertSame( 1, $this->receipts_of( (int) $row['id'] ) );
		return $row;
	}

	private function card( array $request ): AjaxResult {
		return $this->payment_call( 'process_payment_method', $request );
	}

	public function test_a_card_payment_whose_answer_was_lost_is_found_and_recorded_paid_once(): void {
		// Stripe charged the card, and every answer to the confirm (the first and both retries) was lost.
		$this->queue(
			'stripe',
			'lost_answer',
			array(
				'path'  => '/confirm',
				'times' => 3,
			)
		);
		$request = $this->card_request();

		$this->assertAnswer( 502, 'server', $this->card( $request ) );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'pending', $row['status'] );
		$this->assertStringStartsWith( 'pi_', $row['payment_intent_id'], 'The intent\'s id was kept as soon as it was made.' );
		$this->assertStringStartsWith( 'provider_unavailable: stripe: unreachable', $row['failure_reason'] );
		$this->age( $request['attemptId'], 20 * MINUTE_IN_SECONDS );

		$report = $this->reconcile();

		$this->assertSame( array( ReconciliationReport::SUCCEEDED => 1 ), $report->counts() );
		$row = $this->assertPaidOnce( $request['attemptId'] );
		$this->assertStringStartsWith( 'pi_', $row['payment_intent_id'] );
		$this->assertStringStartsWith( 'ch_', $row['provider_reference'] );
		$this->assertCount( 1, $this->stripe_posts( '/v1/payment_intents' ), 'The pass charges nothing: it only reads.' );
		$this->assertCount( 3, $this->provider_requests( 'stripe', '/confirm', 'POST' ), 'The first confirm and its two retries, under one key.' );

		$this->age( $request['attemptId'], 20 * MINUTE_IN_SECONDS );
		$this->assertSame( array(), $this->reconcile()->counts(), 'A second pass finds nothing open.' );
		$this->assertSame( 1, $this->receipts_of( (int) $row['id'] ) );
	}

	public function test_a_3d_secure_payment_completed_at_stripe_after_the_browser_left_is_recorded_paid(): void {
		$request = $this->card_request( array( 'token' => 'pm_card_authenticationRequired' ) );
		$first   = $this->card( $request );
		$this->assertAnswer( 200, 'requires_action', $first );
		$this->complete_3ds( $first->data()['client_secret'] );
		$this->age( $request['attemptId'], 20 * MINUTE_IN_SECONDS );

		$this->reconcile();

		$this->assertPaidOnce( $request['attemptId'] );
	}

	public function test_a_payment_inside_the_grace_period_is_left_to_its_donor(): void {
		$request = $this->card_request( array( 'token' => 'pm_card_authenticationRequired' ) );
		$this->complete_3ds( $this->card( $request )->data()['client_secret'] );
		$this->age( $request['attemptId'], 10 * MINUTE_IN_SECONDS );

		$this->assertSame( array(), $this->reconcile()->counts() );
		$this->assertSame( 'requires_action', $this->donation_row( $request['attemptId'] )['status'] );
		$this->assertCount( 0, $this->provider_requests( 'stripe', '/v1/payment_intents/', 'GET' ) );
	}

	public function test_an_express_payment_authenticated_but_never_followed_up_is_confirmed_and_recorded_paid(): void {
		$request = $this->express_request( array(), array(), '4000002760003184' );
		$intent  = $this->payment_call( 'payment_intent', $request );
		$this->assertAnswer( 200, 'requires_action', $intent );
		// The donor passes 3-D Secure; the browser never calls get_charge_id.
		$this->complete_3ds( $intent->data()['client_secret'] );
		$this->assertSame( '', $this->donation_row( $request['attemptId'] )['method'], 'A wallet record knows its method only once paid.' );
		$this->age( $request['attemptId'], 20 * MINUTE_IN_SECONDS );

		$this->reconcile();

		$row = $this->assertPaidOnce( $request['attemptId'] );
		$this->assertSame( 'google_pay', $row['method'] );
	}

	public function test_a_4_weekly_first_gift_whose_answer_was_lost_is_recorded_paid_once_and_its_subscription_started_once(): void {
		$this->queue(
			'stripe',
			'lost_answer',
			array(
				'path'  => '/confirm',
				'times' => 3,
			)
		);
		$request = $this->card_request( array(), array( 'frequency' => '4weekly' ) );

		$this->assertAnswer( 502, 'server', $this->card( $request ) );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( array( 'pending', '' ), array( $row['status'], $row['subscription_id'] ) );
		$this->assertStringStartsWith( 'cus_', $row['customer_id'] );
		$this->age( $request['attemptId'], 20 * MINUTE_IN_SECONDS );

		$this->assertSame( array( ReconciliationReport::SUCCEEDED => 1 ), $this->reconcile()->counts() );

		$row = $this->assertPaidOnce( $request['attemptId'] );
		$this->assertStringStartsWith( 'sub_', $row['subscription_id'] );
		$this->assertStringStartsWith( 'pi_', $row['payment_intent_id'] );
		global $wpdb;
		$table = Schema::table( 'subscriptions' );
		$this->assertSame( 'active', $wpdb->get_var( $wpdb->prepare( "SELECT status FROM {$table} WHERE subscription_id = %s", $row['subscription_id'] ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		$this->assertCount( 1, $this->stripe_posts( '/v1/subscriptions' ) );
		$this->assertCount( 1, $this->stripe( 'GET', '/v1/subscriptions', array( 'customer' => $row['customer_id'] ), self::SECRET_KEY )['data'] );

		// The next passes find nothing more to do.
		$this->age( $request['attemptId'], 20 * MINUTE_IN_SECONDS );
		$this->assertSame( array(), $this->reconcile()->counts() );
		$this->assertCount( 1, $this->stripe_posts( '/v1/subscriptions' ) );
	}

	public function test_a_dry_run_names_a_paid_first_gift_whose_subscription_it_would_start_and_starts_nothing(): void {
		$this->queue(
			'stripe',
			'server_error',
			array(
				'path'  => '/v1/customers/',
				'times' => 3,
			)
		);
		$request = $this->card_request( array(), array( 'frequency' => '4weekly' ) );
		$this->assertAnswer( 200, '', $this->card( $request ) );
		$this->age( $request['attemptId'], 20 * MINUTE_IN_SECONDS );

		$report = $this->service( Reconciler::class )->run( 0, true );

		$this->assertSame( array( ReconciliationReport::WOULD_START => 1 ), $report->counts() );
		$this->assertSame( '', $this->donation_row( $request['attemptId'] )['subscription_id'] );
		$this->assertCount( 0, $this->stripe_posts( '/v1/subscriptions' ) );
	}

	public function test_a_paid_4_weekly_donation_of_a_way_to_pay_that_starts_no_subscription_is_left_alone(): void {
		$attempt  = wp_generate_uuid4();
		$donation = $this->service( DonationRepository::class )->create( $attempt, DonationForm::from_json( $this->form_data( array( 'frequency' => '4weekly' ) ) ), 'paypal', 'paypal', '' );
		$this->service( DonationRepository::class )->move( $donation->id(), 'succeeded' );
		$this->age( $attempt, 20 * MINUTE_IN_SECONDS );

		$this->assertSame( array(), $this->reconcile()->counts() );
		$this->assertSame( array(), $this->provider_requests( 'stripe' ) );
		$this->assertSame( array(), $this->provider_requests( 'paypal' ) );
	}

	/**
	 * The paying call of a donor who paid at PayPal.
	 */
	private function paypal_request(): array {
		$attempt_id = wp_generate_uuid4();
		return array(
			'transaction_id' => $this->paypal_capture( $attempt_id )['id'],
			'formData'       => $this->form_data(),
			'attemptId'      => $attempt_id,
			'captchaToken'   => $this->captcha_token(),
		);
	}

	public function test_a_paypal_capture_the_site_could_not_check_is_recorded_paid_once(): void {
		$request    = $this->paypal_request();
		$capture_id = $request['transaction_id'];
		$this->queue(
			'paypal',
			'server_error',
			array(
				'path'  => '/v2/payments/captures/',
				// Every try of both reads of the call (the client tries each read three times).
				'times' => 6,
			)
		);

		// The donor paid: told it is being processed, never shown the failure screen.
		$this->assertAnswer( 202, 'pending', $this->payment_call( 'process_paypal_payment', $request ) );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'pending', $row['status'] );
		$this->assertStringStartsWith( 'provider_unavailable: paypal', $row['failure_reason'] );
		$this->age( $request['attemptId'], 20 * MINUTE_IN_SECONDS );

		$this->reconcile();
		$this->age( $request['attemptId'], 20 * MINUTE_IN_SECONDS );
		$this->reconcile();

		$row = $this->assertPaidOnce( $request['attemptId'] );
		$this->assertSame( $capture_id, $row['provider_reference'] );
	}

	public function test_a_pending_paypal_capture_stays_open_until_paypal_completes_it(): void {
		$request = $this->paypal_request();
		$this->queue( 'paypal', 'capture_not_completed', array( 'path' => '/v2/payments/captures/' ) );
		$this->assertAnswer( 202, 'pending', $this->payment_call( 'process_paypal_payment', $request ) );
		$this->queue( 'paypal', 'capture_not_completed', array( 'path' => '/v2/payments/captures/' ) );
		$this->age( $request['attemptId'], 2 * DAY_IN_SECONDS );

		$this->assertSame( array( ReconciliationReport::STILL_OPEN => 1 ), $this->reconcile()->counts(), 'Money on its way is never abandoned.' );
		$this->assertSame( 'pending', $this->donation_row( $request['attemptId'] )['status'] );

		$this->age( $request['attemptId'], 2 * DAY_IN_SECONDS );
		$this->reconcile();

		$this->assertPaidOnce( $request['attemptId'] );
	}

	public function test_3d_secure_never_completed_is_abandoned_after_a_day_out_of_every_total_and_a_later_payment_still_wins(): void {
		$widget  = $this->service( DonationsSummaryWidget::class );
		$before  = $widget->numbers();
		$request = $this->card_request( array( 'token' => 'pm_card_authenticationRequired' ) );
		$first   = $this->card( $request );
		$this->age( $request['attemptId'], 20 * HOUR_IN_SECONDS );

		$this->assertSame( array( ReconciliationReport::STILL_OPEN => 1 ), $this->reconcile()->counts() );
		$this->assertSame( 'requires_action', $this->donation_row( $request['attemptId'] )['status'] );

		$this->age( $request['attemptId'], 25 * HOUR_IN_SECONDS );
		$this->assertSame( array( ReconciliationReport::ABANDONED => 1 ), $this->reconcile()->counts() );

		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'abandoned', $row['status'] );
		$this->assertStringStartsWith( 'abandoned: ', $row['failure_reason'] );
		$this->assertSame( 'Abandoned', DonationFormat::status( 'abandoned' ) );
		$this->assertArrayHasKey( 'abandoned', DonationFormat::statuses(), 'The admin can filter by it.' );
		$this->assertSame( $before, $widget->numbers() );
		$this->assertSame( array(), $this->succeeded );
		$this->assertSame( array(), $this->reconcile()->counts(), 'An abandoned donation is not asked about again.' );

		// The donor finishes 3-D Secure a day late: nothing is charged, since only the site
		// confirms a card payment, and it asks no more about an abandoned one.
		$this->assertSame( 'requires_confirmation', $this->complete_3ds( $first->data()['client_secret'] )['status'] );
		$this->assertSame( array(), $this->reconcile()->counts() );
		$this->assertSame( 'abandoned', $this->donation_row( $request['attemptId'] )['status'] );
	}

	public function test_an_express_payment_whose_3d_secure_never_completed_is_abandoned_after_a_day(): void {
		$request = $this->express_request( array(), array(), '4000002760003184' );
		$created = $this->payment_call( 'payment_intent', $request );
		$this->age( $request['attemptId'], 2 * HOUR_IN_SECONDS );
		$this->assertSame( array( ReconciliationReport::STILL_OPEN => 1 ), $this->reconcile()->counts() );

		$this->age( $request['attemptId'], DAY_IN_SECONDS + 60 );
		$this->reconcile();

		$this->assertSame( 'abandoned', $this->donation_row( $request['attemptId'] )['status'] );

		// The donor finishes 3-D Secure a day late: nothing is charged, since only the site
		// confirms the wallet payment, and the pass asks no more about an abandoned one.
		$this->assertSame( 'requires_confirmation', $this->complete_3ds( $created->data()['client_secret'] )['status'] );
		$this->assertSame( array(), $this->reconcile()->counts() );
		$this->assertSame( 'abandoned', $this->donation_row( $request['attemptId'] )['status'] );
		$this->assertCount( 0, $this->stripe( 'GET', '/v1/charges', array( 'payment_intent' => $created->data()['payment_intent_id'] ), self::SECRET_KEY )['data'] );
	}

	public function test_a_record_that_never_reached_the_provider_is_abandoned_after_a_day(): void {
		$attempt = wp_generate_uuid4();
		$this->service( DonationRepository::class )->create( $attempt, DonationForm::from_json( $this->form_data() ), 'stripe', 'card', '' );
		$this->age( $attempt, HOUR_IN_SECONDS );

		$this->assertSame( array( ReconciliationReport::STILL_OPEN => 1 ), $this->reconcile()->counts() );

		$this->age( $attempt, DAY_IN_SECONDS + 60 );
		$this->reconcile();

		$this->assertSame( 'abandoned', $this->donation_row( $attempt )['status'] );
	}

	public function test_a_stripe_500_ends_failed_once_stripe_shows_no_payment_and_gets_no_receipt(): void {
		$this->queue(
			'stripe',
			'server_error',
			array(
				'path'  => '/v1/payment_intents',
				'times' => 3,
			)
		);
		$request = $this->card_request();
		$this->assertAnswer( 502, 'server', $this->card( $request ) );
		$this->assertSame( 'pending', $this->donation_row( $request['attemptId'] )['status'], 'A 500 is indeterminate: Stripe may have charged.' );
		$this->age( $request['attemptId'], 20 * MINUTE_IN_SECONDS );

		$this->assertSame( array( ReconciliationReport::FAILED => 1 ), $this->reconcile()->counts() );

		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'failed', $row['status'] );
		$this->assertStringStartsWith( 'no_payment: ', $row['failure_reason'] );
		$this->assertSame( 0, $this->receipts_of( (int) $row['id'] ) );
		$this->assertSame( array(), $this->succeeded );
	}

	public function test_a_provider_that_refuses_the_sites_request_fails_the_record_at_once(): void {
		$this->queue(
			'stripe',
			'rate_limited',
			array(
				'path'  => '/v1/payment_intents',
				'times' => 3,
			)
		);
		$request = $this->card_request();

		$this->assertAnswer( 502, 'server', $this->card( $request ) );

		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'failed', $row['status'] );
		$this->assertStringStartsWith( 'provider_refused: stripe: rate_limited', $row['failure_reason'] );
	}

	public function test_a_provider_still_failing_leaves_the_record_open_for_the_next_pass(): void {
		$request = $this->card_request( array( 'token' => 'pm_card_authenticationRequired' ) );
		$this->complete_3ds( $this->card( $request )->data()['client_secret'] );
		$this->age( $request['attemptId'], 20 * MINUTE_IN_SECONDS );
		$this->queue(
			'stripe',
			'server_error',
			array(
				'path'  => '/v1/payment_intents/',
				'times' => 3,
			)
		);

		$this->assertSame( array( ReconciliationReport::UNAVAILABLE => 1 ), $this->reconcile()->counts() );
		$this->assertSame( 'requires_action', $this->donation_row( $request['attemptId'] )['status'] );
		$this->assertSame( array(), $this->reconcile()->counts(), 'Asked again only after another grace period.' );

		$this->age( $request['attemptId'], 20 * MINUTE_IN_SECONDS );
		$this->reconcile();
		$this->assertPaidOnce( $request['attemptId'] );
	}

	public function test_a_webhook_settling_the_payment_while_the_pass_asks_stripe_makes_one_success(): void {
		// A 4-weekly first gift: Stripe charged the card, every answer to the site was lost.
		$this->queue(
			'stripe',
			'lost_answer',
			array(
				'path'  => '/confirm',
				'times' => 3,
			)
		);
		$request = $this->card_request( array(), array( 'frequency' => '4weekly' ) );
		$this->assertAnswer( 502, 'server', $this->card( $request ) );
		$this->age( $request['attemptId'], 20 * MINUTE_IN_SECONDS );
		$events    = $this->control( 'GET', '/__control/stripe/events?type=payment_intent.succeeded' )['body'];
		$event     = end( $events );
		$delivered = false;
		// Another server receives the webhook while this pass waits for Stripe's answer.
		$race = function () use ( $event, &$delivered ): void {
			if ( ! $delivered ) {
				$delivered = true;
				$this->deliver( $event );
			}
		};
		add_action( 'http_api_debug', $race );
		try {
			$report = $this->reconcile();
		} finally {
			remove_action( 'http_api_debug', $race );
		}

		$this->assertTrue( $delivered );
		$this->assertSame( array( ReconciliationReport::UNCHANGED => 1 ), $report->counts(), (string) wp_json_encode( $report->lines() ) . wp_json_encode( $this->donation_row( $request['attemptId'] ) ) );
		$row = $this->assertPaidOnce( $request['attemptId'] );
		$this->assertStringStartsWith( 'sub_', $row['subscription_id'], 'The webhook that paid it started its subscription.' );
		$this->assertCount( 1, $this->stripe_posts( '/v1/subscriptions' ) );
	}

	/**
	 * A second connection to the site's database, as another web server has.
	 */
	private function other_connection(): \mysqli {
		$host   = (string) DB_HOST;
		$socket = null;
		$port   = null;
		if ( preg_match( '/^(.*):(\/.+)$/', $host, $match ) ) {
			list( , $host, $socket ) = $match;
		} elseif ( preg_match( '/^(.*):(\d+)$/', $host, $match ) ) {
			$host = $match[1];
			$port = (int) $match[2];
		}
		return new \mysqli( $host, DB_USER, DB_PASSWORD, DB_NAME, $port, $socket ); // phpcs:ignore WordPress.DB.RestrictedClasses.mysql__mysqli -- another server's own connection, outside this test's transaction.
	}

	public function test_a_pass_running_on_another_server_keeps_this_one_out(): void {
		$request = $this->card_request( array( 'token' => 'pm_card_authenticationRequired' ) );
		$this->complete_3ds( $this->card( $request )->data()['client_secret'] );
		$this->age( $request['attemptId'], 20 * MINUTE_IN_SECONDS );
		// Another server: its own connection to the same database holds the lock.
		$other = $this->other_connection();
		$name  = $other->real_escape_string( ReconciliationLock::name() );
		$this->assertSame( '1', (string) $other->query( "SELECT GET_LOCK('{$name}', 0)" )->fetch_row()[0] );

		try {
			$report = $this->reconcile();
		} finally {
			$other->query( "SELECT RELEASE_LOCK('{$name}')" );
			$other->close();
		}

		$this->assertFalse( $report->ran );
		$this->assertSame( 'requires_action', $this->donation_row( $request['attemptId'] )['status'] );
		$this->assertSame( array( 'Another reconciliation pass is running; try again in a minute.' ), $this->service( ReconcileCommand::class )->lines_for( $report ) );
		$this->assertTrue( $this->reconcile()->ran, 'The lock is free once the other pass ends.' );
		$this->assertPaidOnce( $request['attemptId'] );
	}

	public function test_a_pass_is_bounded_in_rows_oldest_first_and_the_next_pass_carries_on(): void {
		$attempts = array();
		foreach ( array( 3, 2, 1 ) as $hours ) {
			$request = $this->card_request( array( 'token' => 'pm_card_authenticationRequired' ) );
			$this->complete_3ds( $this->card( $request )->data()['client_secret'] );
			$this->age( $request['attemptId'], $hours * HOUR_IN_SECONDS );
			$attempts[] = $request['attemptId'];
		}

		$this->assertSame( array( ReconciliationReport::SUCCEEDED => 2 ), $this->reconcile( 2 )->counts() );
		$statuses = array_map( fn ( string $attempt ): string => $this->donation_row( $attempt )['status'], $attempts );
		$this->assertSame( array( 'succeeded', 'succeeded', 'requires_action' ), $statuses );

		$this->assertSame( array( ReconciliationReport::SUCCEEDED => 1 ), $this->reconcile( 2 )->counts() );
		$this->assertSame( 'succeeded', $this->donation_row( $attempts[2] )['status'] );
	}

	public function test_a_pass_starts_no_donation_after_its_time_bound(): void {
		foreach ( array( 2, 1 ) as $hours ) {
			$request = $this->card_request( array( 'token' => 'pm_card_authenticationRequired' ) );
			$this->card( $request );
			$this->age( $request['attemptId'], $hours * HOUR_IN_SECONDS );
		}
		$this->queue(
			'stripe',
			'timeout',
			array(
				'ms'    => 3000,
				'times' => 3,
			)
		);
		$short  = static function ( array $args ): array {
			$args['timeout'] = 1;
			return $args;
		};
		$budget = static fn (): int => 1;
		add_filter( 'http_request_args', $short );
		add_filter( 'donation_widget_reconcile_seconds', $budget );
		try {
			$report = $this->reconcile();
		} finally {
			remove_filter( 'http_request_args', $short );
			remove_filter( 'donation_widget_reconcile_seconds', $budget );
		}

		$this->assertTrue( $report->out_of_time );
		$this->assertSame( array( ReconciliationReport::UNAVAILABLE => 1 ), $report->counts() );
	}

	public function test_the_cli_command_dry_run_lists_without_asking_or_changing_anything(): void {
		$request = $this->card_request( array( 'token' => 'pm_card_authenticationRequired' ) );
		$this->complete_3ds( $this->card( $request )->data()['client_secret'] );
		$this->age( $request['attemptId'], 20 * MINUTE_IN_SECONDS );
		$id      = $this->donation_row( $request['attemptId'] )['id'];
		$command = $this->service( ReconcileCommand::class );
		$reads   = count( $this->provider_requests( 'stripe', '', 'GET' ) );

		$dry = $command->lines_for( $this->service( Reconciler::class )->run( 10, true ) );

		$this->assertSame( array( "#{$id} requires_action → would_check", 'Done. would_check: 1' ), $dry );
		$this->assertSame( 'requires_action', $this->donation_row( $request['attemptId'] )['status'] );
		$this->assertCount( $reads, $this->provider_requests( 'stripe', '', 'GET' ) );

		$lines = $command->lines_for( $this->reconcile( 10 ) );
		$this->assertStringStartsWith( "#{$id} requires_action → succeeded (ch_", $lines[0] );
		$this->assertSame( 'Done. succeeded: 1', $lines[1] );
		$this->assertSame( array( 'No open donation is past the grace period.' ), $command->lines_for( $this->reconcile( 10 ) ) );
	}

	public function test_wp_cron_runs_the_pass_every_five_minutes_until_the_plugin_is_deactivated(): void {
		RecurringEvents::clear();
		$this->assertFalse( wp_next_scheduled( ReconciliationSchedule::HOOK ) );
		$this->assertNotFalse( has_action( 'init', array( RecurringEvents::class, 'ensure_scheduled' ) ), 'Every request makes sure it is scheduled.' );
		RecurringEvents::ensure_scheduled();
		$this->assertNotFalse( wp_next_scheduled( ReconciliationSchedule::HOOK ) );
		$this->assertSame( RecurringEvents::FIVE_MINUTES, wp_get_schedule( ReconciliationSchedule::HOOK ) );
		$this->assertSame( 300, wp_get_schedules()[ RecurringEvents::FIVE_MINUTES ]['interval'] );

		$request = $this->card_request( array( 'token' => 'pm_card_authenticationRequired' ) );
		$this->complete_3ds( $this->card( $request )->data()['client_secret'] );
		$this->age( $request['attemptId'], 20 * MINUTE_IN_SECONDS );
		$logged = ini_set( 'error_log', '/dev/null' ); // phpcs:ignore WordPress.PHP.IniSet.Risky
		try {
			do_action( 'donation_widget_reconcile' );
		} finally {
			ini_set( 'error_log', (string) $logged ); // phpcs:ignore WordPress.PHP.IniSet.Risky
		}
		$this->assertPaidOnce( $request['attemptId'] );

		RecurringEvents::clear();
		$this->assertFalse( wp_next_scheduled( ReconciliationSchedule::HOOK ) );
	}
}
