<?php
/**
 * Donation Widget → 4-weekly donations: statuses, next payment, renewals, card update, cancel.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Admin;

use DonationWidget\Admin\Subscriptions\SubscriptionQuery;
use DonationWidget\Admin\Subscriptions\SubscriptionsPage;
use DonationWidget\Subscriptions\Cancellation;
use DonationWidget\Admin\Subscriptions\SubscriptionSummary;
use DonationWidget\Donations\SubscriptionRepository;
use DonationWidget\Tests\Integration\StandIns;

final class SubscriptionsScreenTest extends AdminTestCase {

	protected function setUp(): void {
		parent::setUp();
		$this->set_settings(
			array(
				'stripe_mode'                 => 'test',
				'stripe_test_publishable_key' => 'pk_test_adminTests',
				'stripe_test_secret_key'      => 'sk_test_adminTests',
				'recaptcha_secret_key'        => 'admin-tests-recaptcha',
				'rate_limit_payments'         => 1000,
			)
		);
	}

	private function query(): SubscriptionQuery {
		return $this->service( SubscriptionQuery::class );
	}

	/**
	 * Prints the screen with query arguments.
	 *
	 * @param array $query Query arguments.
	 * @return array{output: string, stop: AdminStop|null}
	 */
	private function screen( array $query = array() ): array {
		$_GET = wp_slash( array( 'page' => SubscriptionsPage::SLUG ) + $query );
		set_current_screen( 'donation-widget_page_' . SubscriptionsPage::SLUG );
		return $this->run_stoppable( fn () => $this->service( SubscriptionsPage::class )->render() );
	}

	/**
	 * A subscription with its first donation and renewals, in the tables only.
	 *
	 * @param array<int, array{0: int, 1: string}> $renewals Days ago => status, oldest first.
	 * @param string                               $status   The subscriptions row's status.
	 * @return string sub_… id.
	 */
	private function subscription( array $renewals = array(), string $status = 'active', int $started_days_ago = 90 ): string {
		$sub   = 'sub_t' . strtolower( wp_generate_password( 12, false ) );
		$first = $this->insert_donation(
			array(
				'frequency'       => '4weekly',
				'subscription_id' => $sub,
				'customer_id'     => 'cus_' . substr( $sub, 4 ),
				'created_at'      => self::days_ago( $started_days_ago ),
			)
		);
		foreach ( $renewals as list( $days, $renewal_status ) ) {
			$this->insert_donation(
				array(
					'attempt_id'      => 'invoice:in_' . wp_generate_password( 12, false ),
					'frequency'       => '4weekly',
					'subscription_id' => $sub,
					'status'          => $renewal_status,
					'created_at'      => self::days_ago( $days ),
				)
			);
		}
		$this->insert_subscription( $sub, $first, $status, 5250, self::days_ago( $started_days_ago ) );
		return $sub;
	}

	/**
	 * A 4-weekly donation made through the real card payment call, at the Stripe stand-in.
	 *
	 * @return string sub_… id.
	 */
	private function real_subscription(): string {
		$form   = array(
			'email'            => $this->email( 'monthly' ),
			'firstName'        => 'Mona',
			'lastName'         => 'Weekly',
			'mobile'           => '',
			'address'          => array( 'country' => 'Australia' ),
			'totalAmount'      => '30',
			'currency'         => 'AUD',
			'frequency'        => '4weekly',
			'inMemoryOf'       => '',
			'organisationName' => '',
			'iteration_id'     => 'APPEAL-2026',
		);
		$result = $this->payment_call(
			'process_payment_method',
			array(
				'token'        => 'pm_card_visa',
				'cardId'       => 'pm_card_visa',
				'formData'     => (string) wp_json_encode( $form ),
				'currentUrl'   => 'http://127.0.0.1:8891/donate/',
				'attemptId'    => wp_generate_uuid4(),
				'captchaToken' => $this->captcha_token(),
			)
		);
		$this->assertTrue( $result->is_success(), (string) wp_json_encode( $result->body ) );
		$summary = $this->query()->page( '', $this->email( 'monthly' ), 1, 1 )[0] ?? null;
		$this->assertNotNull( $summary );
		$this->assertSame( SubscriptionSummary::ACTIVE, $summary->status() );
		return $summary->id();
	}

	/**
	 * Posts "Yes, cancel it".
	 *
	 * @param string $sub   sub_… id.
	 * @param string $nonce Nonce, or '' for a valid one.
	 */
	private function cancel( string $sub, string $nonce = '' ): array {
		return $this->admin_post(
			SubscriptionsPage::CANCEL_ACTION,
			array(
				'subscription_id' => $sub,
				'_wpnonce'        => '' !== $nonce ? $nonce : wp_create_nonce( SubscriptionsPage::cancel_nonce_action( $sub ) ),
			)
		);
	}

	public function test_statuses_next_payment_and_renewals_come_from_the_tables(): void {
		$active    = $this->subscription( array( array( 62, 'succeeded' ), array( 34, 'succeeded' ), array( 6, 'succeeded' ) ) );
		$past_due  = $this->subscription( array( array( 62, 'succeeded' ), array( 34, 'succeeded' ), array( 6, 'failed' ) ) );
		$cancelled = $this->subscription( array( array( 62, 'succeeded' ) ), 'cancelled' );
		$new       = $this->subscription( array(), 'active', 3 );

		$summary = $this->query()->find( $active );
		$this->assertSame( SubscriptionSummary::ACTIVE, $summary->status() );
		$this->assertSame( 4, $summary->payment_count() );
		$this->assertSame( gmdate( 'Y-m-d', strtotime( self::days_ago( 6 ) . ' UTC' ) + 28 * DAY_IN_SECONDS ), substr( $summary->next_payment_at(), 0, 10 ) );

		$summary = $this->query()->find( $past_due );
		$this->assertSame( SubscriptionSummary::PAST_DUE, $summary->status() );
		$this->assertSame( 'Past due', $summary->status_label() );
		$this->assertSame( substr( self::days_ago( 34 - 28 ), 0, 10 ), substr( $summary->next_payment_at(), 0, 10 ), 'overdue since the missed payment' );

		$this->assertSame( SubscriptionSummary::CANCELLED, $this->query()->find( $cancelled )->status() );
		$this->assertSame( '', $this->query()->find( $cancelled )->next_payment_at() );
		$this->assertSame( substr( self::days_ago( 3 - 28 ), 0, 10 ), substr( $this->query()->find( $new )->next_payment_at(), 0, 10 ) );

		$ids = static fn ( array $summaries ): array => array_map( static fn ( SubscriptionSummary $s ): string => $s->id(), $summaries );
		$this->assertEqualsCanonicalizing( array( $active, $past_due, $cancelled, $new ), $ids( $this->query()->page( '', $this->domain, 50, 1 ) ) );
		$this->assertEqualsCanonicalizing( array( $active, $new ), $ids( $this->query()->page( SubscriptionSummary::ACTIVE, $this->domain, 50, 1 ) ) );
		$this->assertSame( array( $past_due ), $ids( $this->query()->page( SubscriptionSummary::PAST_DUE, $this->domain, 50, 1 ) ) );
		$this->assertSame( array( $cancelled ), $ids( $this->query()->page( SubscriptionSummary::CANCELLED, $this->domain, 50, 1 ) ) );
		$this->assertSame( 1, $this->query()->count( SubscriptionSummary::PAST_DUE, $this->domain ) );
	}

	public function test_a_subscription_started_by_its_first_gift_shows_its_next_payment_as_stripe_has_it_four_weeks_on(): void {
		$sub = $this->real_subscription();

		$answer       = wp_remote_get( StandIns::url() . '/stripe/v1/subscriptions/' . rawurlencode( $sub ), array( 'headers' => array( 'Authorization' => 'Bearer sk_test_adminTests' ) ) );
		$subscription = json_decode( wp_remote_retrieve_body( $answer ), true );
		$next         = strtotime( $this->query()->find( $sub )->next_payment_at() . ' UTC' );
		$first_gift   = strtotime( $this->query()->find( $sub )->value( 'last_paid_at' ) . ' UTC' );

		$this->assertSame( 28 * DAY_IN_SECONDS, $next - $first_gift );
		$this->assertEqualsWithDelta( $subscription['billing_cycle_anchor'], $next, 60, 'The screen\'s next payment is Stripe\'s first charge.' );
	}

	public function test_recurring_income_adds_up_the_running_subscriptions(): void {
		$before = $this->query()->recurring_income();
		$this->subscription();
		$this->subscription( array( array( 5, 'failed' ) ) );
		$this->subscription( array(), 'cancelled' );
		$this->subscription( array(), 'incomplete' );

		$after = $this->query()->recurring_income();

		$this->assertSame( 2, $after['count'] - $before['count'] );
		$this->assertSame( 10500, $after['cents'] - $before['cents'] );
	}

	public function test_the_list_and_detail_show_each_renewal_and_the_card_update_actions(): void {
		$this->log_in_as( 'administrator' );
		$sub = $this->subscription( array( array( 34, 'succeeded' ), array( 6, 'failed' ) ) );

		$list = $this->screen( array( 's' => $this->domain ) )['output'];
		$this->assertStringContainsString( 'Jane Citizen', $list );
		$this->assertStringContainsString( 'Past due', $list );
		$this->assertStringContainsString( 'Overdue (was due', $list );
		$this->assertStringContainsString( 'confirm=cancel', $list );

		$detail = $this->screen( array( 'subscription' => $sub ) )['output'];
		$this->assertStringContainsString( '4-weekly donation of $52.50 by Jane Citizen', $detail );
		$this->assertSame( 4, substr_count( $detail, 'page=donation-widget-donations&#038;donation=' ), 'the donor link, then one link per payment' );
		$this->assertStringContainsString( '(Renewal)', $detail );
		$this->assertStringContainsString( 'Copy card-update link', $detail );
		$this->assertStringContainsString( 'Email card-update link', $detail );
		$this->assertStringContainsString( 'data-action="donation_widget_issue_card_link"', $detail );
		$this->assertStringContainsString( 'data-nonce="' . wp_create_nonce( 'donation_widget_issue_card_link' ) . '"', $detail );
		$this->assertStringContainsString( 'Cancel this 4-weekly donation', $detail );
	}

	public function test_cancel_asks_first(): void {
		$this->log_in_as( 'administrator' );
		$sub = $this->subscription();

		$html = $this->screen(
			array(
				'subscription' => $sub,
				'confirm'      => 'cancel',
			)
		)['output'];

		$this->assertStringContainsString( 'Cancel this 4-weekly donation?', $html );
		$this->assertStringContainsString( 'name="action" value="donation_widget_cancel_subscription"', $html );
		$this->assertStringContainsString( 'name="_wpnonce"', $html );
		$this->assertStringContainsString( 'Yes, cancel it', $html );
		$this->assertSame( SubscriptionRepository::ACTIVE, $this->service( SubscriptionRepository::class )->find( $sub )['status'], 'nothing changes before the confirmation' );
	}

	public function test_cancelling_stops_it_at_stripe_records_it_and_emails_the_donor(): void {
		$sub = $this->real_subscription();
		$this->log_in_as( 'administrator' );
		$fired = array();
		$spy   = static function ( ...$args ) use ( &$fired ): void {
			$fired[] = $args;
		};
		add_action( 'donation_widget_subscription_cancelled', $spy, 10, 3 );

		$result = $this->cancel( $sub );
		remove_action( 'donation_widget_subscription_cancelled', $spy, 10 );

		$this->assertSame( 'cancelled', $this->redirected_to( $result )['cancelled'] );
		$deletes = array_filter( StandIns::requests( 'stripe' ), static fn ( array $r ): bool => 'DELETE' === $r['method'] && str_ends_with( (string) $r['path'], '/v1/subscriptions/' . $sub ) );
		$this->assertCount( 1, $deletes );
		$this->assertSame( SubscriptionRepository::CANCELLED, $this->service( SubscriptionRepository::class )->find( $sub )['status'] );
		$this->assertCount( 1, $fired );
		$this->assertSame( $sub, $fired[0][0] );
		$this->run_mail_queue();
		$mail = array_values( array_filter( $this->mailbox(), fn ( array $m ): bool => array( $this->email( 'monthly' ) ) === $m['to'] && str_contains( $m['subject'], 'cancelled' ) ) );
		$this->assertCount( 1, $mail );
		$this->assertSame( 'Your 4-weekly donation to Helping Hands Australia has been cancelled', $mail[0]['subject'] );
		$this->assertStringContainsString( '$30.00', $mail[0]['text'] );

		$this->assertSame( 'already_cancelled', $this->redirected_to( $this->cancel( $sub ) )['cancelled'] );
		$html = $this->screen(
			array(
				'subscription' => $sub,
				'cancelled'    => 'cancelled',
			)
		)['output'];
		$this->assertStringContainsString( 'The 4-weekly donation is cancelled.', $html );
		$this->assertStringNotContainsString( 'Cancel this 4-weekly donation', $html );
	}

	public function test_a_subscription_stripe_no_longer_has_is_recorded_as_cancelled(): void {
		$this->log_in_as( 'administrator' );
		$sub = $this->subscription();

		$this->assertSame( Cancellation::CANCELLED, $this->redirected_to( $this->cancel( $sub ) )['cancelled'] );
		$this->assertSame( SubscriptionRepository::CANCELLED, $this->service( SubscriptionRepository::class )->find( $sub )['status'] );
	}

	public function test_when_stripe_is_down_nothing_changes(): void {
		$sub = $this->real_subscription();
		$this->log_in_as( 'administrator' );
		StandIns::next( 'stripe', 'server_error', array( 'path' => '/v1/subscriptions/' . $sub ) );

		$this->assertSame( SubscriptionsPage::CANCEL_UNAVAILABLE, $this->redirected_to( $this->cancel( $sub ) )['cancelled'] );
		$this->assertSame( SubscriptionRepository::ACTIVE, $this->service( SubscriptionRepository::class )->find( $sub )['status'] );
	}

	public function test_a_bad_nonce_or_an_editor_cannot_cancel(): void {
		$sub = $this->subscription();
		$this->log_in_as( 'administrator' );
		$this->assertDied( 403, $this->cancel( $sub, 'forged' ) );
		$this->assertDied( 403, $this->cancel( $sub, wp_create_nonce( SubscriptionsPage::cancel_nonce_action( 'sub_other' ) ) ) );

		$this->log_in_as( 'editor' );
		$this->assertDied( 403, $this->cancel( $sub ) );
		$this->assertDied( 403, $this->screen() );
		$this->assertDied(
			403,
			$this->screen(
				array(
					'subscription' => $sub,
					'confirm'      => 'cancel',
				)
			)
		);

		$this->assertSame( SubscriptionRepository::ACTIVE, $this->service( SubscriptionRepository::class )->find( $sub )['status'] );
		$this->assertSame( array(), $this->mailbox() );
	}
}
