<?php
/**
 * POST /wp-json/donation-widget/v1/stripe/webhook: signatures, replays, order, and each event.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Gateways\Stripe\Webhooks;

use DonationWidget\Checkout\DonationLedger;
use DonationWidget\Database\Schema;
use DonationWidget\Donations\DonationForm;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Donations\SubscriptionRepository;
use DonationWidget\Gateways\Stripe\DonationProduct;
use DonationWidget\Gateways\Stripe\StripeMetadata;
use DonationWidget\Http\AjaxResult;
use DonationWidget\Tests\Integration\PaymentTestCase;
use DonationWidget\Admin\WebhookHealthReport;
use DonationWidget\Webhooks\WebhookEventLog;
use DonationWidget\Webhooks\WebhookHealth;
use DonationWidget\Gateways\Stripe\Webhooks\StripeSignature;

final class StripeWebhookTest extends PaymentTestCase {

	private function pay( array $request ): AjaxResult {
		return $this->payment_call( 'process_payment_method', $request );
	}

	/**
	 * The latest event of a type the Stripe stand-in emitted.
	 */
	private function last_event( string $type, string $object_id = '' ): array {
		$events = $this->control( 'GET', '/__control/stripe/events?type=' . rawurlencode( $type ) )['body'];
		$events = array_values( array_filter( $events, static fn ( array $event ): bool => '' === $object_id || $object_id === $event['data']['object']['id'] ) );
		$this->assertNotEmpty( $events, "The stand-in emitted no {$type} event." );
		return end( $events );
	}

	/**
	 * An event around an object, as Stripe shapes it.
	 */
	private function event( string $type, array $object, bool $livemode = false ): array {
		return array(
			'id'          => 'evt_' . wp_generate_password( 24, false ),
			'object'      => 'event',
			'api_version' => '2024-06-20',
			'created'     => time(),
			'data'        => array( 'object' => $object ),
			'livemode'    => $livemode,
			'type'        => $type,
		);
	}

	private function paid_one_off(): array {
		$request = $this->card_request();
		$this->assertAnswer( 200, '', $this->pay( $request ) );
		return $this->donation_row( $request['attemptId'] );
	}

	private function paid_four_weekly(): array {
		$request = $this->card_request( array(), array( 'frequency' => '4weekly' ) );
		$this->assertAnswer( 200, '', $this->pay( $request ) );
		return $this->donation_row( $request['attemptId'] );
	}

	public function test_a_delivery_signed_with_another_secret_is_refused(): void {
		$row     = $this->paid_one_off();
		$event   = $this->event(
			'charge.refunded',
			array(
				'id'       => $row['provider_reference'],
				'refunded' => true,
			)
		);
		$payload = (string) wp_json_encode( $event );

		$response = $this->deliver( $event, StripeSignature::sign( $payload, 'whsec_forged' ) );

		$this->assertSame( 400, $response->get_status() );
		$this->assertSame( 'invalid_signature: mismatch', $response->get_data()['error'] );
		$this->assertSame( 'succeeded', $this->donation_row( $row['attempt_id'] )['status'] );
		$this->assertNull( $this->service( WebhookEventLog::class )->find( $event['id'] ) );
	}

	public function test_a_stale_signature_is_refused(): void {
		$event = $this->event( 'payment_intent.succeeded', array( 'id' => 'pi_x' ) );

		$response = $this->deliver( $event, null, time() - StripeSignature::TOLERANCE_SECONDS - 5 );

		$this->assertSame( 400, $response->get_status() );
		$this->assertSame( 'invalid_signature: stale', $response->get_data()['error'] );
	}

	public function test_a_missing_signature_is_refused(): void {
		$response = $this->deliver( $this->event( 'payment_intent.succeeded', array( 'id' => 'pi_x' ) ), '' );
		$this->assertSame( 400, $response->get_status() );
	}

	public function test_any_of_several_v1_signatures_may_match(): void {
		$event   = $this->event( 'customer.created', array( 'id' => 'cus_x' ) );
		$payload = (string) wp_json_encode( $event );
		$valid   = StripeSignature::sign( $payload, self::WEBHOOK_SECRET );
		$header  = str_replace( ',v1=', ',v1=' . str_repeat( '0', 64 ) . ',v1=', $valid );

		$response = $this->deliver( $event, $header );

		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( 'ignored: event type not handled', $response->get_data()['status'] );
	}

	public function test_without_a_signing_secret_deliveries_are_refused_with_503(): void {
		$this->set_settings( array( 'stripe_test_webhook_secret' => '' ) );
		$this->assertSame( 503, $this->deliver( $this->event( 'payment_intent.succeeded', array( 'id' => 'pi_x' ) ) )->get_status() );
	}

	public function test_live_mode_events_are_ignored_in_test_mode(): void {
		$row      = $this->paid_one_off();
		$response = $this->deliver(
			$this->event(
				'charge.refunded',
				array(
					'id'       => $row['provider_reference'],
					'refunded' => true,
				),
				true
			)
		);

		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( 'succeeded', $this->donation_row( $row['attempt_id'] )['status'] );
	}

	public function test_payment_intent_succeeded_completes_a_donation_whose_answer_never_came_back_and_starts_its_subscription(): void {
		// A 4-weekly first gift: Stripe charges the card, and every answer to the site is lost.
		$this->queue(
			'stripe',
			'lost_answer',
			array(
				'path'  => '/confirm',
				'times' => 3,
			)
		);
		$request = $this->card_request( array(), array( 'frequency' => '4weekly' ) );
		$this->assertAnswer( 502, 'server', $this->pay( $request ) );
		$intent_id = $this->donation_row( $request['attemptId'] )['payment_intent_id'];
		$event     = $this->last_event( 'payment_intent.succeeded', $intent_id );

		$response = $this->deliver( $event );

		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( 'processed', $response->get_data()['status'] );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'succeeded', $row['status'] );
		$this->assertSame( $this->stripe( 'GET', '/v1/payment_intents/' . $intent_id, array(), self::SECRET_KEY )['latest_charge'], $row['provider_reference'] );
		$this->assertMatchesRegularExpression( '/^ch_/', $row['provider_reference'] );
		$this->assertStringStartsWith( 'sub_', $row['subscription_id'] );
		$this->assertSame( SubscriptionRepository::ACTIVE, $this->service( SubscriptionRepository::class )->find( $row['subscription_id'] )['status'] );

		// Stripe sends it again: nothing changes, and no second subscription.
		$this->deliver( $event );
		$this->assertCount( 1, $this->stripe_posts( '/v1/subscriptions' ) );
		$this->assertCount( 1, $this->subscription_rows( $row['subscription_id'] ) );
	}

	public function test_an_express_payment_whose_answer_was_lost_is_completed_by_the_webhook_with_the_wallet(): void {
		$request = $this->express_request( array(), array(), '4242424242424242', 'apple_pay' );
		$this->queue(
			'stripe',
			'lost_answer',
			array(
				'path'  => '/confirm',
				'times' => 3,
			)
		);
		$this->assertAnswer( 502, 'server', $this->payment_call( 'payment_intent', $request ) );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( array( 'pending', '' ), array( $row['status'], $row['method'] ) );

		$this->deliver( $this->last_event( 'payment_intent.succeeded', $row['payment_intent_id'] ) );

		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'succeeded', $row['status'] );
		$this->assertSame( 'apple_pay', $row['method'] );
	}

	public function test_payment_intent_succeeded_finds_a_donation_by_metadata_when_the_answer_was_lost(): void {
		$this->queue(
			'stripe',
			'server_error',
			array(
				'path'  => '/v1/payment_intents',
				'times' => 3,
			)
		);
		$request = $this->card_request();
		$this->assertAnswer( 502, 'server', $this->pay( $request ) );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( '', $row['payment_intent_id'] );
		// What Stripe did although the plugin saw an error: the intent exists, with our metadata.
		$intent = $this->stripe(
			'POST',
			'/v1/payment_intents',
			array(
				'amount'         => '5250',
				'currency'       => 'aud',
				'payment_method' => 'pm_card_visa',
				'confirm'        => 'true',
				'metadata'       => array(
					'attempt_id'  => $request['attemptId'],
					'donation_id' => $row['id'],
				),
			),
			self::SECRET_KEY
		);

		$this->deliver( $this->last_event( 'payment_intent.succeeded', $intent['id'] ) );

		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'succeeded', $row['status'] );
		$this->assertSame( $intent['id'], $row['payment_intent_id'] );
		$this->assertSame( $intent['latest_charge'], $row['provider_reference'] );
	}

	public function test_a_replayed_event_is_processed_once(): void {
		$row    = $this->paid_four_weekly();
		$events = $this->control(
			'POST',
			'/__control/stripe/advance',
			array(
				'subscription' => $row['subscription_id'],
				'action'       => 'renewal_paid',
			)
		)['body'];
		$paid   = current( array_filter( $events['events'], static fn ( array $event ): bool => 'invoice.paid' === $event['type'] ) );

		$first  = $this->deliver( $paid );
		$second = $this->deliver( $paid );

		$this->assertSame( 'processed', $first->get_data()['status'] );
		$this->assertSame( 200, $second->get_status() );
		$this->assertSame( 'duplicate', $second->get_data()['status'] );
		$this->assertCount( 2, $this->subscription_rows( $row['subscription_id'] ) );
		$this->assertSame( 'processed', $this->service( WebhookEventLog::class )->find( $paid['id'] )['status'] );
	}

	/**
	 * Runs with PHP's error log sent nowhere (the expected line stays out of the debug log).
	 */
	private function quietly( callable $run ): mixed {
		$log = (string) ini_get( 'error_log' );
		ini_set( 'error_log', '/dev/null' ); // phpcs:ignore WordPress.PHP.IniSet.Risky -- keep the expected line out of the debug log.
		try {
			return $run();
		} finally {
			ini_set( 'error_log', $log ); // phpcs:ignore WordPress.PHP.IniSet.Risky
		}
	}

	public function test_a_signed_event_whose_object_is_gone_at_stripe_is_acknowledged_and_shown_in_webhook_health(): void {
		$this->service( WebhookHealth::class )->clear();
		$gone  = 'pi_' . wp_generate_password( 24, false );
		$event = $this->event(
			'payment_intent.succeeded',
			array(
				'id'     => $gone,
				'object' => 'payment_intent',
				'amount' => 5250,
			)
		);

		$first = $this->quietly( fn (): \WP_REST_Response => $this->deliver( $event ) );

		$this->assertSame( 200, $first->get_status(), 'Stripe stops retrying an event no retry can change.' );
		$this->assertSame( 'object_gone', $first->get_data()['status'] );
		$this->assertStringContainsString( "No such payment_intent: '{$gone}'", $first->get_data()['outcome'] );
		$this->assertSame( 'processed', $this->service( WebhookEventLog::class )->find( $event['id'] )['status'] );
		$recorded = $this->service( WebhookHealth::class )->last_gone_object();
		$this->assertSame( 'stripe', $recorded['provider'] );
		$this->assertSame( 'payment_intent.succeeded', $recorded['type'] );
		$this->assertSame( $event['id'], $recorded['event_id'] );
		$text = $this->service( WebhookHealthReport::class )->last_gone_text( 'stripe' );
		$this->assertMatchesRegularExpression( '/^Last webhook whose object was gone: Stripe, \d+ (second|min)s? ago \(/', $text );
		$this->assertStringContainsString( "): payment_intent.succeeded {$event['id']}: No such payment_intent: '{$gone}'.", $text );
		$this->assertSame( '', $this->service( WebhookHealthReport::class )->last_gone_text( 'paypal' ) );

		$this->assertSame( 'duplicate', $this->deliver( $event )->get_data()['status'], 'A second delivery of it is answered from the log.' );
	}

	public function test_a_read_back_that_fails_for_another_reason_is_answered_non_2xx_so_stripe_redelivers(): void {
		$this->service( WebhookHealth::class )->clear();
		$row   = $this->paid_one_off();
		$event = $this->last_event( 'payment_intent.succeeded', $row['payment_intent_id'] );
		$this->queue(
			'stripe',
			'server_error',
			array(
				'path'  => '/v1/payment_intents/' . $row['payment_intent_id'],
				'times' => 5,
			)
		);

		$failed = $this->quietly( fn (): \WP_REST_Response => $this->deliver( $event ) );

		$this->assertSame( 500, $failed->get_status() );
		$this->assertNull( $this->service( WebhookEventLog::class )->find( $event['id'] ), 'The claim is released for the retry.' );
		$this->assertNull( $this->service( WebhookHealth::class )->last_gone_object() );
	}

	public function test_a_failure_notice_arriving_after_the_success_does_not_undo_it(): void {
		$row    = $this->paid_one_off();
		$intent = $this->stripe( 'GET', '/v1/payment_intents/' . $row['payment_intent_id'], array(), self::SECRET_KEY );
		$intent = array_merge(
			$intent,
			array(
				'status'             => 'requires_payment_method',
				'last_payment_error' => array(
					'type'         => 'card_error',
					'code'         => 'card_declined',
					'decline_code' => 'generic_decline',
					'message'      => 'Your card was declined.',
				),
			)
		);

		$response = $this->deliver( $this->event( 'payment_intent.payment_failed', $intent ) );

		// The payload says failed; Stripe, asked, says succeeded: that is what stays recorded.
		$this->assertSame( 200, $response->get_status() );
		$this->assertStringEndsWith( ' paid', $response->get_data()['outcome'] );
		$after = $this->donation_row( $row['attempt_id'] );
		$this->assertSame( 'succeeded', $after['status'] );
		$this->assertSame( $row['provider_reference'], $after['provider_reference'] );
	}

	public function test_a_failure_notice_that_arrives_once_the_intent_succeeded_records_the_success(): void {
		// An express checkout: the first wallet card is declined but the answer is lost; the
		// donor's Try Again (the same attempt, a new token) pays, and Stripe's failure notice for
		// the first card reaches the site last.
		$request = $this->express_request( array(), array(), '4000000000000002' );
		$second  = $this->wallet_token();
		$this->queue(
			'stripe',
			'lost_answer',
			array(
				'path'  => '/confirm',
				'times' => 3,
			)
		);
		$this->assertAnswer( 502, 'server', $this->payment_call( 'payment_intent', $request ) );
		$this->assertAnswer( 200, '', $this->payment_call( 'payment_intent', $this->sent_again( $request, array( 'confirmationToken' => $second ) ) ) );
		$intent_id = $this->donation_row( $request['attemptId'] )['payment_intent_id'];

		$this->deliver( $this->last_event( 'payment_intent.payment_failed', $intent_id ) );

		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'succeeded', $row['status'] );
		$this->assertSame( $this->stripe( 'GET', "/v1/payment_intents/{$intent_id}", array(), self::SECRET_KEY )['latest_charge'], $row['provider_reference'] );
		$this->assertSame( '', $row['failure_reason'] );
	}

	public function test_a_browser_confirmed_intent_is_cancelled_once_a_failed_try_is_heard_of(): void {
		// An express checkout's intent from before the site confirmed them itself
		// (confirmation_method automatic): payable with its client secret.
		$attempt  = wp_generate_uuid4();
		$donation = $this->service( DonationRepository::class )->create( $attempt, DonationForm::from_json( $this->form_data() ), 'stripe', '', '' );
		$created  = $this->stripe(
			'POST',
			'/v1/payment_intents',
			array(
				'amount'                    => '5250',
				'currency'                  => 'aud',
				'automatic_payment_methods' => array( 'enabled' => 'true' ),
				'metadata'                  => StripeMetadata::for_donation( $donation ),
			),
			self::SECRET_KEY
		);
		$this->service( DonationLedger::class )->keep_ids( $donation, array( 'payment_intent_id' => $created['id'] ) );
		$intent_id = $created['id'];
		$try       = fn ( string $card ): array => $this->stripe(
			'POST',
			"/v1/payment_intents/{$intent_id}/confirm",
			array(
				'client_secret'  => $created['client_secret'],
				'payment_method' => $card,
				'return_url'     => 'http://127.0.0.1:8891/',
			)
		);
		// A card tester loops over cards on the client secret of one express checkout.
		$try( 'pm_card_chargeDeclined' );
		$this->deliver( $this->last_event( 'payment_intent.payment_failed', $intent_id ) );

		$next = $try( 'pm_card_chargeDeclinedInsufficientFunds' );

		$this->assertSame( 'invalid_request_error', $next['error']['type'] ?? '', 'The intent no longer takes cards.' );
		$this->assertSame( 'canceled', $this->stripe( 'GET', "/v1/payment_intents/{$intent_id}", array(), self::SECRET_KEY )['status'] );
		$this->assertCount( 1, $this->stripe( 'GET', '/v1/charges', array( 'payment_intent' => $intent_id ), self::SECRET_KEY )['data'] );
		$this->assertSame( 'failed', $this->donation_row( $attempt )['status'] );
	}

	/**
	 * The attempt whose record names a PaymentIntent.
	 */
	private function find_attempt_of_intent( string $intent_id ): string {
		global $wpdb;
		return (string) $wpdb->get_var( $wpdb->prepare( 'SELECT attempt_id FROM ' . Schema::table( 'donations' ) . ' WHERE payment_intent_id = %s', $intent_id ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
	}

	public function test_payment_intent_payment_failed_records_the_reason(): void {
		$request  = $this->card_request( array( 'token' => 'pm_card_authenticationRequired' ) );
		$answered = $this->pay( $request );
		$this->complete_3ds( $answered->data()['client_secret'], 'fail' );

		$this->deliver( $this->last_event( 'payment_intent.payment_failed', $answered->data()['payment_intent_id'] ) );

		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'failed', $row['status'] );
		$this->assertStringStartsWith( 'payment_intent_authentication_failure: ', $row['failure_reason'] );
	}

	/**
	 * The items of a 4-weekly subscription of $52.50, as the widget prices them.
	 */
	private function donation_items(): array {
		return array(
			array(
				'price_data' => array(
					'currency'    => 'aud',
					'product'     => DonationProduct::PRODUCT_ID,
					'unit_amount' => '5250',
					'recurring'   => array(
						'interval'       => 'week',
						'interval_count' => '4',
					),
				),
			),
		);
	}

	/**
	 * Records a subscription made at Stripe as the subscription of a paid 4-weekly donation.
	 */
	private function record_subscription( array $row, array $subscription ): void {
		global $wpdb;
		$wpdb->update( Schema::table( 'donations' ), array( 'subscription_id' => '' ), array( 'id' => $row['id'] ) );
		$this->service( DonationLedger::class )->start_subscription( $this->service( DonationRepository::class )->find( (int) $row['id'] ), $subscription['id'], $row['customer_id'] );
	}

	public function test_an_invoice_that_collected_nothing_is_no_donation(): void {
		$row = $this->paid_four_weekly();
		// A subscription whose first invoice is for $0 (as a trial's is).
		$trial = $this->stripe(
			'POST',
			'/v1/subscriptions',
			array(
				'customer'  => $row['customer_id'],
				'items'     => $this->donation_items(),
				'trial_end' => (string) ( time() + 28 * DAY_IN_SECONDS ),
			),
			self::SECRET_KEY
		);
		$this->record_subscription( $row, $trial );

		$response = $this->deliver( $this->last_event( 'invoice.paid', $trial['latest_invoice'] ) );

		$this->assertSame( "ignored: invoice {$trial['latest_invoice']} collected nothing", $response->get_data()['outcome'] );
		$this->assertCount( 1, $this->subscription_rows( $trial['id'] ), 'The first donation only.' );
	}

	public function test_a_subscription_started_before_first_gifts_were_paid_on_their_own_completes_its_first_donation_from_its_first_invoice(): void {
		// Started the old way: the subscription's first invoice collects the first gift.
		$request = $this->card_request( array( 'token' => 'pm_card_authenticationRequired' ), array( 'frequency' => '4weekly' ) );
		$this->assertAnswer( 200, 'requires_action', $this->pay( $request ) );
		$row      = $this->donation_row( $request['attemptId'] );
		$attached = $this->stripe( 'POST', '/v1/payment_methods/pm_card_visa/attach', array( 'customer' => $row['customer_id'] ), self::SECRET_KEY );
		$this->stripe(
			'POST',
			'/v1/products',
			array(
				'id'   => DonationProduct::PRODUCT_ID,
				'name' => '4-weekly donation',
			),
			self::SECRET_KEY
		);
		$old            = $this->stripe(
			'POST',
			'/v1/subscriptions',
			array(
				'customer'               => $row['customer_id'],
				'items'                  => $this->donation_items(),
				'default_payment_method' => $attached['id'],
				'payment_behavior'       => 'allow_incomplete',
				'expand'                 => array( 'latest_invoice.payments' ),
			),
			self::SECRET_KEY
		);
		$invoice_intent = $old['latest_invoice']['payments']['data'][0]['payment']['payment_intent'];
		global $wpdb;
		$wpdb->update( Schema::table( 'donations' ), array( 'payment_intent_id' => $invoice_intent ), array( 'id' => $row['id'] ) );
		$this->record_subscription( $this->donation_row( $request['attemptId'] ), $old );

		$response = $this->deliver( $this->last_event( 'invoice.paid', $old['latest_invoice']['id'] ) );

		$this->assertSame( "donation #{$row['id']} succeeded (first invoice)", $response->get_data()['outcome'] );
		$rows = $this->subscription_rows( $old['id'] );
		$this->assertCount( 1, $rows );
		$this->assertSame( 'succeeded', $rows[0]['status'] );
		$this->assertSame( $this->stripe( 'GET', '/v1/payment_intents/' . $invoice_intent, array(), self::SECRET_KEY )['latest_charge'], $rows[0]['provider_reference'] );
		$this->assertSame( SubscriptionRepository::ACTIVE, $this->service( SubscriptionRepository::class )->find( $old['id'] )['status'] );
		$this->assertCount( 1, $this->stripe_posts( '/v1/subscriptions' ), 'Its subscription already existed (made above): the site started none.' );
	}

	public function test_each_renewal_becomes_its_own_donation_linked_to_the_subscription(): void {
		$row     = $this->paid_four_weekly();
		$renewal = $this->control(
			'POST',
			'/__control/stripe/advance',
			array(
				'subscription' => $row['subscription_id'],
				'action'       => 'renewal_paid',
			)
		)['body'];

		$response = $this->deliver( $renewal['event'] );

		$this->assertSame( 'invoice.paid', $renewal['event']['type'] );
		$this->assertSame( 'processed', $response->get_data()['status'] );
		$rows = $this->subscription_rows( $row['subscription_id'] );
		$this->assertCount( 2, $rows );
		$new = $rows[1];
		$this->assertSame( 'invoice:' . $renewal['invoice']['id'], $new['attempt_id'] );
		$this->assertSame( 'succeeded', $new['status'] );
		$this->assertSame( '5250', $new['total_cents'] );
		$this->assertSame( '4weekly', $new['frequency'] );
		$this->assertSame( $renewal['payment_intent']['latest_charge'], $new['provider_reference'] );
		$this->assertSame( $renewal['payment_intent']['id'], $new['payment_intent_id'] );
		$this->assertSame( $row['customer_id'], $new['customer_id'] );
		$this->assertSame( 'jane.citizen@example.org.au', $new['email'] );
		$this->assertSame( 'APPEAL-2026', $new['iteration_id'] );
		$this->assertSame( 'card', $new['method'] );

		// The renewal's payment_intent.succeeded finds the row invoice.paid made, and changes nothing.
		$this->deliver( $this->last_event( 'payment_intent.succeeded', $renewal['payment_intent']['id'] ) );
		$this->assertCount( 2, $this->subscription_rows( $row['subscription_id'] ) );
	}

	public function test_a_failed_renewal_is_recorded_announced_and_completed_by_a_later_retry(): void {
		$row       = $this->paid_four_weekly();
		$announced = array();
		$listener  = static function ( ...$args ) use ( &$announced ): void {
			$announced[] = $args;
		};
		add_action( 'donation_widget_renewal_failed', $listener, 10, 4 );
		$renewal = $this->control(
			'POST',
			'/__control/stripe/advance',
			array(
				'subscription' => $row['subscription_id'],
				'action'       => 'renewal_failed',
				'decline_code' => 'expired_card',
			)
		)['body'];

		try {
			$this->deliver( $renewal['event'] );
		} finally {
			remove_action( 'donation_widget_renewal_failed', $listener, 10 );
		}

		$this->assertSame( 'invoice.payment_failed', $renewal['event']['type'] );
		$rows = $this->subscription_rows( $row['subscription_id'] );
		$this->assertCount( 2, $rows );
		$this->assertSame( 'failed', $rows[1]['status'] );
		$this->assertStringStartsWith( 'renewal_failed: ', $rows[1]['failure_reason'] );
		$this->assertSame( array( array( $row['subscription_id'], $row['customer_id'], (int) $rows[1]['id'], $renewal['invoice']['id'] ) ), $announced );

		// Stripe retries the invoice later and it goes through: the same row becomes succeeded.
		$this->stripe( 'POST', '/v1/invoices/' . $renewal['invoice']['id'] . '/pay', array( 'payment_method' => 'pm_card_visa' ), self::SECRET_KEY );
		$this->deliver( $this->last_event( 'invoice.paid', $renewal['invoice']['id'] ) );

		$rows = $this->subscription_rows( $row['subscription_id'] );
		$this->assertCount( 2, $rows );
		$this->assertSame( 'succeeded', $rows[1]['status'] );
		$this->assertMatchesRegularExpression( '/^ch_/', $rows[1]['provider_reference'] );
	}

	public function test_charge_refunded_marks_the_donation_refunded(): void {
		$row = $this->paid_one_off();
		$this->stripe( 'POST', '/v1/refunds', array( 'charge' => $row['provider_reference'] ), self::SECRET_KEY );

		$response = $this->deliver( $this->last_event( 'charge.refunded', $row['provider_reference'] ) );

		$this->assertSame( 'processed', $response->get_data()['status'] );
		$this->assertSame( 'refunded', $this->donation_row( $row['attempt_id'] )['status'] );
	}

	public function test_a_partial_refund_is_recorded_as_such(): void {
		$row = $this->paid_one_off();
		$this->stripe(
			'POST',
			'/v1/refunds',
			array(
				'charge' => $row['provider_reference'],
				'amount' => '1000',
			),
			self::SECRET_KEY
		);

		$this->deliver( $this->last_event( 'charge.refunded', $row['provider_reference'] ) );

		$this->assertSame( 'partially_refunded', $this->donation_row( $row['attempt_id'] )['status'] );
	}

	public function test_a_cancelled_subscription_is_marked_and_announced_once(): void {
		$row       = $this->paid_four_weekly();
		$announced = array();
		$listener  = static function ( ...$args ) use ( &$announced ): void {
			$announced[] = $args;
		};
		add_action( 'donation_widget_subscription_cancelled', $listener, 10, 3 );
		$cancelled = $this->control(
			'POST',
			'/__control/stripe/advance',
			array(
				'subscription' => $row['subscription_id'],
				'action'       => 'cancel',
			)
		)['body'];

		try {
			$this->deliver( $cancelled['event'] );
			$this->deliver( $cancelled['event'] );
		} finally {
			remove_action( 'donation_widget_subscription_cancelled', $listener, 10 );
		}

		$this->assertSame( array( array( $row['subscription_id'], $row['customer_id'], (int) $row['id'] ) ), $announced );
		$this->assertSame( SubscriptionRepository::CANCELLED, $this->service( SubscriptionRepository::class )->find( $row['subscription_id'] )['status'] );
		$this->assertSame( 'succeeded', $this->donation_row( $row['attempt_id'] )['status'], 'The money of the first donation did move.' );
	}

	public function test_a_declined_first_gift_leaves_no_subscription_to_cancel_or_announce(): void {
		$request = $this->card_request( array( 'token' => 'pm_card_chargeCustomerFail' ), array( 'frequency' => '4weekly' ) );
		$this->assertAnswer( 200, 'card_error', $this->pay( $request ) );

		$this->assertSame( '', $this->donation_row( $request['attemptId'] )['subscription_id'] );
		$this->assertSame( array(), $this->control( 'GET', '/__control/stripe/events?type=customer.subscription.created' )['body'] );
		$this->assertSame( array(), $this->control( 'GET', '/__control/stripe/events?type=customer.subscription.deleted' )['body'] );
	}

	public function test_a_failed_processing_releases_the_event_so_stripes_retry_runs_it(): void {
		$row     = $this->paid_four_weekly();
		$renewal = $this->control(
			'POST',
			'/__control/stripe/advance',
			array(
				'subscription' => $row['subscription_id'],
				'action'       => 'renewal_failed',
			)
		)['body'];
		$broken  = static function (): void {
			throw new \RuntimeException( 'Mail server down.' );
		};
		add_action( 'donation_widget_renewal_failed', $broken );
		try {
			$failed = $this->deliver( $renewal['event'] );
		} finally {
			remove_action( 'donation_widget_renewal_failed', $broken );
		}
		$announced = 0;
		$counter   = static function () use ( &$announced ): void {
			++$announced;
		};
		add_action( 'donation_widget_renewal_failed', $counter );

		try {
			$retried = $this->deliver( $renewal['event'] );
		} finally {
			remove_action( 'donation_widget_renewal_failed', $counter );
		}

		$this->assertSame( 500, $failed->get_status() );
		$this->assertSame( 200, $retried->get_status() );
		$this->assertSame( 'processed', $retried->get_data()['status'] );
		$this->assertSame( 1, $announced, 'The retry announces the failed renewal the crashed delivery could not.' );
		$this->assertCount( 2, $this->subscription_rows( $row['subscription_id'] ) );
	}
}
