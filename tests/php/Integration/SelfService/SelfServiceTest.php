<?php
/**
 * Self-service: the link model, the session, each change and its Stripe call, the settings
 * that switch actions off, and the statements filter.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\SelfService;

use DonationWidget\Admin\Subscriptions\CardUpdatePanel;
use DonationWidget\Admin\Subscriptions\SubscriptionQuery;
use DonationWidget\Blocks\Assets;
use DonationWidget\Database\Schema;
use DonationWidget\Donations\SubscriptionRepository;
use DonationWidget\SelfService\ManageController;
use DonationWidget\SelfService\ManageLinks;
use DonationWidget\SelfService\ManagePage;
use DonationWidget\SelfService\ManageSession;
use DonationWidget\SelfService\SelfServiceActions;
use DonationWidget\SelfService\SelfServiceAudit;
use DonationWidget\SelfService\SelfServicePage;
use DonationWidget\SelfService\SubscriptionChanges;
use DonationWidget\Settings\Settings;
use DonationWidget\Settings\SettingsSanitizer;
use DonationWidget\Settings\SettingsSchema;
use DonationWidget\Tests\Integration\CardUpdate\CardUpdateTestCase;

/**
 * Runs against the real database and the Stripe stand-in.
 */
final class SelfServiceTest extends CardUpdateTestCase {

	private const EMAIL = 'jane.citizen@example.org.au';

	private int $manage_page = 0;

	/**
	 * A page holding the block, and no waiting in the link answers (one test measures it).
	 */
	protected function setUp(): void {
		parent::setUp();
		$this->manage_page = (int) wp_insert_post(
			array(
				'post_type'    => 'page',
				'post_status'  => 'publish',
				'post_name'    => 'manage-donation-tests',
				'post_title'   => 'Manage my donation',
				'post_content' => '<!-- wp:donation-widget/manage-donation /-->',
			)
		);
		$this->set_settings( array( SelfServicePage::SETTING => $this->manage_page ) );
		add_filter( 'donation_widget_self_service_answer_floor_ms', '__return_zero' );
		$_COOKIE = array();
		$_GET    = array();
	}

	/**
	 * Removes the filters.
	 */
	protected function tearDown(): void {
		remove_all_filters( 'donation_widget_self_service_answer_floor_ms' );
		// Only this test's own statements, not the Statements domain's hook.
		remove_filter( 'donation_widget_statement_links', array( $this, 'hostile_statement_links' ) );
		$_COOKIE = array();
		$_GET    = array();
		parent::tearDown();
	}

	/**
	 * When a subscription's current period ends (on its item, since Stripe's 2025-03-31 API).
	 */
	private function period_end( string $subscription_id ): int {
		return (int) $this->stripe_object( '/v1/subscriptions/' . $subscription_id )['items']['data'][0]['current_period_end'];
	}

	public function test_a_known_address_is_emailed_a_single_use_link_that_opens_a_session(): void {
		$donor = $this->recurring_donor();
		$next  = $this->controller_of()->request(
			array(
				'email'   => 'Jane.Citizen@Example.org.au',
				'page_id' => $this->manage_page,
			)
		);
		$this->assertStringContainsString( 'manage_request=sent', $next );

		$this->deliver_mail();
		$mail = $this->last_mail();
		$this->assertSame( array( self::EMAIL ), (array) $mail['to'] );
		$this->assertMatchesRegularExpression( '/[?&]manage=([A-Za-z0-9_-]{43})/', (string) $mail['text'] );
		preg_match( '/[?&]manage=([A-Za-z0-9_-]{43})/', (string) $mail['text'], $found );
		$token = $found[1];

		// Only the hash is stored.
		global $wpdb;
		$table = Schema::table( 'self_service_links' );
		$row   = $wpdb->get_row( $wpdb->prepare( "SELECT * FROM {$table} WHERE email = %s", self::EMAIL ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		$this->assertIsArray( $row );
		$this->assertSame( hash( 'sha256', $token ), $row['token_hash'] );
		$this->assertStringNotContainsString( $token, (string) wp_json_encode( $row ) );

		$controller = $this->controller_of();
		$opened     = $controller->open(
			array(
				'token'   => $token,
				'page_id' => $this->manage_page,
			)
		);
		$this->assertStringNotContainsString( 'link_expired', $opened );
		$this->assertNotNull( $controller->new_cookie );
		$session = $this->links_of()->session( $controller->new_cookie[0] );
		$this->assertInstanceOf( ManageSession::class, $session );
		$this->assertSame( self::EMAIL, $session->email );

		// Single use: the second opening is refused, and both are audited.
		$again = $this->controller_of();
		$this->assertStringContainsString(
			'manage_request=link_expired',
			$again->open(
				array(
					'token'   => $token,
					'page_id' => $this->manage_page,
				)
			)
		);
		$this->assertNull( $again->new_cookie );
		$events = $this->service( SelfServiceAudit::class )->events_of_link( (int) $row['id'] );
		$this->assertSame( array( 'issued', 'emailed', 'opened', 'refused' ), $events );

		// The session shows the donor's page, reloadable, and only their own donations.
		$_COOKIE[ ManageController::COOKIE ] = $controller->new_cookie[0];
		$html                                = $this->page_html();
		$this->assertStringContainsString( 'Your 4-weekly donations', $html );
		$this->assertStringContainsString( '$52.50 every 4 weeks', $html );
		$this->assertStringContainsString( 'Visa ending in 4242', $html );
		$this->assertStringContainsString( $donor['subscription_id'], $html );
		$this->assertStringContainsString( 'REC-', $html, 'Past gifts carry their receipt numbers.' );
		$this->assertSame( $html, $this->page_html(), 'A reload shows the same page without a new link.' );
	}

	public function test_an_unknown_address_gets_the_same_answer_and_no_email(): void {
		$this->recurring_donor();
		$known   = $this->controller_of()->request(
			array(
				'email'   => self::EMAIL,
				'page_id' => $this->manage_page,
			)
		);
		$unknown = $this->controller_of()->request(
			array(
				'email'   => 'nobody@example.org.au',
				'page_id' => $this->manage_page,
			)
		);
		$this->assertSame( $known, $unknown );
		// The request did the same work for both: one waiting row each, nothing else yet.
		global $wpdb;
		$this->assertSame( '2', $wpdb->get_var( 'SELECT COUNT(*) FROM ' . Schema::table( 'self_service_requests' ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		$this->assertSame( '0', $wpdb->get_var( 'SELECT COUNT(*) FROM ' . Schema::table( 'self_service_links' ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		$this->deliver_mail();
		$this->assertSame( '0', $wpdb->get_var( 'SELECT COUNT(*) FROM ' . Schema::table( 'self_service_requests' ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		$recipients = array_merge( ...array_map( static fn ( array $mail ): array => (array) $mail['to'], $this->mailbox() ) );
		$this->assertNotContains( 'nobody@example.org.au', $recipients );
		$this->assertContains( self::EMAIL, $recipients );
		$table = Schema::table( 'self_service_links' );
		$this->assertSame( '0', $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$table} WHERE email = %s", 'nobody@example.org.au' ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
	}

	public function test_the_react_email_forms_json_call_follows_the_forms_rules(): void {
		$this->recurring_donor();
		// Public like the form it replaces: logged-out visitors reach it, with no nonce to carry
		// (a cached page would hold a stale one).
		$this->assertNotFalse( has_action( 'wp_ajax_nopriv_' . ManageController::REQUEST_JSON_ACTION ) );
		$this->assertNotFalse( has_action( 'wp_ajax_' . ManageController::REQUEST_JSON_ACTION ) );
		$ip = static fn (): string => '203.0.113.77';
		add_filter( 'donation_widget_client_ip', $ip );
		try {
			$known   = $this->controller_of()->request_json( array( 'email' => self::EMAIL ) );
			$unknown = $this->controller_of()->request_json( array( 'email' => 'nobody@example.org.au' ) );
			// The same answer whether the address has donations or not, and the form's own words.
			$this->assertSame( $known, $unknown );
			$this->assertSame(
				array(
					'outcome' => ManageLinks::SENT,
					'message' => ManagePage::request_messages()[ ManageLinks::SENT ][0],
					'isError' => false,
				),
				$known
			);
			// Both queued, as the form's requests are; the worker emails only the known one.
			global $wpdb;
			$table = Schema::table( 'self_service_requests' );
			$this->assertSame( '1', $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$table} WHERE email = %s", self::EMAIL ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
			$this->assertSame( '1', $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$table} WHERE email = %s", 'nobody@example.org.au' ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
			$this->deliver_mail();
			$recipients = array_merge( ...array_map( static fn ( array $mail ): array => (array) $mail['to'], $this->mailbox() ) );
			$this->assertContains( self::EMAIL, $recipients );
			$this->assertNotContains( 'nobody@example.org.au', $recipients );

			$invalid = $this->controller_of()->request_json( array( 'email' => 'not an address' ) );
			$this->assertSame( ManageLinks::INVALID, $invalid['outcome'] );
			$this->assertTrue( $invalid['isError'] );

			// The same per-IP limit as the form: 3 requests so far (an invalid one is not counted), the
			// form and the JSON call counting together.
			$this->controller_of()->request( array( 'email' => 'form@example.org.au' ) );
			for ( $i = 3; $i < ManageLinks::REQUESTS_PER_IP; $i++ ) {
				$this->assertSame( ManageLinks::SENT, $this->controller_of()->request_json( array( 'email' => "someone{$i}@example.org.au" ) )['outcome'] );
			}
			$limited = $this->controller_of()->request_json( array( 'email' => 'one-more@example.org.au' ) );
			$this->assertSame(
				array(
					'outcome' => ManageLinks::RATE_LIMITED,
					'message' => ManagePage::request_messages()[ ManageLinks::RATE_LIMITED ][0],
					'isError' => true,
				),
				$limited
			);
			$this->assertSame( '0', $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$table} WHERE email = %s", 'one-more@example.org.au' ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		} finally {
			remove_filter( 'donation_widget_client_ip', $ip );
		}
	}

	public function test_the_email_form_is_reacts_with_the_plain_form_inside(): void {
		$_GET[ ManageController::REQUEST_ARG ] = ManageController::LINK_EXPIRED;
		$html                                  = $this->page_html();
		$this->assertMatchesRegularExpression( '/data-manage-request="([^"]*)"/', $html );
		preg_match( '/data-manage-request="([^"]*)"/', $html, $found );
		$state = json_decode( html_entity_decode( $found[1], ENT_QUOTES ), true );
		$this->assertSame(
			array(
				'message' => ManagePage::request_messages()[ ManageController::LINK_EXPIRED ][0],
				'isError' => true,
			),
			$state['notice']
		);
		// Without JavaScript the plain form still posts to admin-post.php.
		$this->assertStringContainsString( 'name="action" value="' . ManageController::REQUEST_ACTION . '"', $html );
		$this->assertTrue( wp_script_is( Assets::MANAGE_HANDLE, 'enqueued' ) );
	}

	public function test_show_my_donations_is_reacts_form_posting_the_plain_forms_fields(): void {
		$token                          = str_repeat( 'A', 43 );
		$_GET[ ManageLinks::QUERY_ARG ] = $token;
		$html                           = $this->page_html();
		$this->assertMatchesRegularExpression( '/data-manage-open="([^"]*)"/', $html );
		preg_match( '/data-manage-open="([^"]*)"/', $html, $found );
		$form = json_decode( html_entity_decode( $found[1], ENT_QUOTES ), true );
		// Still a POST to admin-post.php, whose answer sets the HTTP-only cookie.
		$this->assertSame( admin_url( 'admin-post.php' ), $form['url'] );
		$this->assertSame(
			array(
				'action'  => ManageController::OPEN_ACTION,
				'page_id' => (string) $this->manage_page,
				'token'   => $token,
			),
			$form['fields']
		);
		$this->assertStringContainsString( 'name="action" value="' . ManageController::OPEN_ACTION . '"', $html, 'The plain form stays for pages without JavaScript.' );
	}

	public function test_both_answers_take_at_least_the_same_floor_of_time(): void {
		$this->recurring_donor();
		remove_all_filters( 'donation_widget_self_service_answer_floor_ms' );
		foreach ( array( self::EMAIL, 'nobody@example.org.au' ) as $email ) {
			$started = microtime( true );
			$this->controller_of()->request(
				array(
					'email'   => $email,
					'page_id' => $this->manage_page,
				)
			);
			$this->assertGreaterThanOrEqual( ManageController::ANSWER_FLOOR_MS / 1000 - 0.005, microtime( true ) - $started );
		}
	}

	public function test_an_expired_link_does_not_open(): void {
		$this->recurring_donor();
		$token = $this->request_token();
		global $wpdb;
		$wpdb->query( $wpdb->prepare( 'UPDATE ' . Schema::table( 'self_service_links' ) . ' SET expires_at = %s', gmdate( 'Y-m-d H:i:s', time() - 1 ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		$this->assertNull( $this->links_of()->open( $token, '203.0.113.9' ) );
	}

	public function test_requests_are_limited_per_address_silently_and_per_ip_openly(): void {
		$this->recurring_donor();
		for ( $i = 0; $i < ManageLinks::REQUESTS_PER_ADDRESS + 2; $i++ ) {
			$this->assertSame( ManageLinks::SENT, $this->links_of()->request( self::EMAIL, $this->manage_page, '198.51.100.' . $i ) );
		}
		$this->deliver_mail();
		$this->assertCount( ManageLinks::REQUESTS_PER_ADDRESS, array_filter( $this->mailbox(), static fn ( array $mail ): bool => str_contains( (string) $mail['subject'], 'manage your donations' ) ) );

		for ( $i = 0; $i < ManageLinks::REQUESTS_PER_IP; $i++ ) {
			$this->assertSame( ManageLinks::SENT, $this->links_of()->request( "someone{$i}@example.org.au", $this->manage_page, '203.0.113.50' ) );
		}
		$this->assertSame( ManageLinks::RATE_LIMITED, $this->links_of()->request( 'another@example.org.au', $this->manage_page, '203.0.113.50' ) );
		$this->assertSame( ManageLinks::INVALID, $this->links_of()->request( 'not an address', $this->manage_page, '203.0.113.51' ) );
	}

	public function test_a_session_ends_on_sign_out_and_needs_its_own_nonce(): void {
		$donor   = $this->recurring_donor();
		$cookie  = $this->session_cookie();
		$session = $this->links_of()->session( $cookie );
		$this->assertNotNull( $session );

		$forged = $this->controller_of()->change(
			array(
				'page_id'         => $this->manage_page,
				'manage_nonce'    => wp_create_nonce( 'anything' ),
				'change'          => 'skip',
				'subscription_id' => $donor['subscription_id'],
			),
			$cookie
		);
		$this->assertStringContainsString( 'manage_result=form_expired', $forged );
		$this->assertCount( 0, $this->subscription_posts( $donor['subscription_id'] ) );

		$this->controller_of()->sign_out(
			array(
				'page_id'      => $this->manage_page,
				'manage_nonce' => ManageLinks::nonce( $session ),
			),
			$cookie
		);
		$this->assertNull( $this->links_of()->session( $cookie ) );
		$this->assertStringContainsString( 'manage_request=session_ended', $this->change( $cookie, $session, 'skip', $donor['subscription_id'] ) );
	}

	public function test_changing_the_amount_updates_stripe_without_proration_and_records_it(): void {
		$donor   = $this->recurring_donor();
		$cookie  = $this->session_cookie();
		$session = $this->links_of()->session( $cookie );
		$this->assertNotNull( $session );

		$this->assertStringContainsString( 'manage_result=invalid_amount', $this->change( $cookie, $session, 'change_amount', $donor['subscription_id'], array( 'amount' => '4.99' ) ) );
		$this->assertStringContainsString( 'manage_result=invalid_amount', $this->change( $cookie, $session, 'change_amount', $donor['subscription_id'], array( 'amount' => '1000000' ) ) );
		$this->assertStringContainsString( 'manage_result=invalid_amount', $this->change( $cookie, $session, 'change_amount', $donor['subscription_id'], array( 'amount' => '12.345' ) ) );
		$this->assertCount( 0, $this->subscription_posts( $donor['subscription_id'] ) );

		$this->assertStringContainsString( 'manage_result=amount_changed', $this->change( $cookie, $session, 'change_amount', $donor['subscription_id'], array( 'amount' => '42.50' ) ) );
		$posts = $this->subscription_posts( $donor['subscription_id'] );
		$this->assertCount( 1, $posts );
		$body = $posts[0]['body'];
		$this->assertSame( 'none', $body['proration_behavior'] );
		$this->assertSame( '4250', $body['items'][0]['price_data']['unit_amount'] );
		$this->assertSame( 'week', $body['items'][0]['price_data']['recurring']['interval'] );
		$this->assertSame( '4', $body['items'][0]['price_data']['recurring']['interval_count'] );
		$this->assertStringStartsWith( 'si_', $body['items'][0]['id'] );
		$at_stripe = $this->stripe_object( '/v1/subscriptions/' . $donor['subscription_id'] );
		$this->assertSame( 4250, $at_stripe['items']['data'][0]['price']['unit_amount'] );
		$this->assertCount( 1, $at_stripe['items']['data'] );
		$this->assertSame( 4250, $this->service( SubscriptionRepository::class )->find( $donor['subscription_id'] )['amount_cents'] );
		$this->assertContains( 'amount_changed', $this->audit_events( $donor['subscription_id'] ) );
		$this->assertConfirmation( 'Your 4-weekly donation is now $42.50' );

		// The admin's subscription detail lists it in the subscription's history.
		$summary = $this->service( SubscriptionQuery::class )->find( $donor['subscription_id'] );
		$this->assertNotNull( $summary );
		ob_start();
		$this->service( CardUpdatePanel::class )->render( $summary );
		$admin = (string) ob_get_clean();
		$this->assertStringContainsString( 'Amount changed by the donor', $admin );
		$this->assertStringContainsString( '$52.50 to $42.50 from the next donation', $admin );
		$this->assertStringContainsString( 'supporter: self-service', $admin );
	}

	public function test_skipping_moves_the_next_charge_four_weeks(): void {
		$donor   = $this->recurring_donor();
		$cookie  = $this->session_cookie();
		$session = $this->links_of()->session( $cookie );
		$before  = $this->period_end( $donor['subscription_id'] );
		$this->assertNotNull( $session );
		$this->assertStringContainsString( 'manage_result=skipped', $this->change( $cookie, $session, 'skip', $donor['subscription_id'] ) );
		$posts = $this->subscription_posts( $donor['subscription_id'] );
		$this->assertCount( 1, $posts );
		$this->assertSame( (string) ( $before + 28 * DAY_IN_SECONDS ), $posts[0]['body']['trial_end'] );
		$this->assertSame( 'none', $posts[0]['body']['proration_behavior'] );
		$this->assertSame( $before + 28 * DAY_IN_SECONDS, $this->period_end( $donor['subscription_id'] ) );
		$this->assertContains( 'donation_skipped', $this->audit_events( $donor['subscription_id'] ) );
		$this->assertConfirmation( 'will be skipped' );
	}

	public function test_pausing_sets_pause_collection_until_after_the_last_paused_donation(): void {
		$donor   = $this->recurring_donor();
		$cookie  = $this->session_cookie();
		$session = $this->links_of()->session( $cookie );
		$this->assertNotNull( $session );
		$period = $this->period_end( $donor['subscription_id'] );
		$this->assertStringContainsString( 'manage_result=invalid_cycles', $this->change( $cookie, $session, 'pause', $donor['subscription_id'], array( 'cycles' => '4' ) ) );
		$this->assertStringContainsString( 'manage_result=paused', $this->change( $cookie, $session, 'pause', $donor['subscription_id'], array( 'cycles' => '2' ) ) );
		$posts = $this->subscription_posts( $donor['subscription_id'] );
		$this->assertCount( 1, $posts );
		$this->assertSame( 'void', $posts[0]['body']['pause_collection']['behavior'] );
		$this->assertSame( (string) ( $period + 28 * DAY_IN_SECONDS + DAY_IN_SECONDS ), $posts[0]['body']['pause_collection']['resumes_at'] );
		$this->assertSame( 'void', $this->stripe_object( '/v1/subscriptions/' . $donor['subscription_id'] )['pause_collection']['behavior'] );
		$this->assertContains( 'paused', $this->audit_events( $donor['subscription_id'] ) );

		$_COOKIE[ ManageController::COOKIE ] = $cookie;
		$this->assertStringContainsString( 'No donation until ', $this->page_html() );
	}

	public function test_every_email_after_a_new_amount_carries_the_new_amount(): void {
		$donor   = $this->recurring_donor();
		$cookie  = $this->session_cookie();
		$session = $this->links_of()->session( $cookie );
		$this->assertNotNull( $session );
		$this->assertStringContainsString( 'manage_result=amount_changed', $this->change( $cookie, $session, 'change_amount', $donor['subscription_id'], array( 'amount' => '30' ) ) );
		$this->assertStringContainsString( 'manage_result=skipped', $this->change( $cookie, $session, 'skip', $donor['subscription_id'] ) );
		$this->assertStringContainsString( 'manage_result=paused', $this->change( $cookie, $session, 'pause', $donor['subscription_id'], array( 'cycles' => '1' ) ) );
		$this->assertStringContainsString( 'manage_result=resumed', $this->change( $cookie, $session, 'resume', $donor['subscription_id'] ) );
		$this->assertStringContainsString( 'manage_result=cancelled', $this->change( $cookie, $session, 'cancel', $donor['subscription_id'] ) );
		$this->deliver_mail();
		$after = array_values( array_filter( $this->mailbox(), static fn ( array $mail ): bool => ! str_contains( (string) $mail['subject'], 'manage your donations' ) && in_array( self::EMAIL, (array) $mail['to'], true ) && ! str_contains( (string) $mail['subject'], 'receipt' ) && ! str_contains( (string) $mail['subject'], 'Thank you' ) ) );
		$texts = array_map( static fn ( array $mail ): string => (string) $mail['text'], $after );
		foreach ( array( 'will be skipped', 'is paused for 1 donation', 'has resumed', 'has been cancelled' ) as $words ) {
			$found = array_values( array_filter( $texts, static fn ( string $text ): bool => str_contains( $text, $words ) ) );
			$this->assertCount( 1, $found, $words );
			$this->assertStringContainsString( '$30.00', $found[0], $words );
			$this->assertStringNotContainsString( '$52.50', $found[0], $words );
		}
	}

	public function test_after_skip_and_pause_the_page_the_email_and_stripe_name_one_date(): void {
		$donor   = $this->recurring_donor();
		$cookie  = $this->session_cookie();
		$session = $this->links_of()->session( $cookie );
		$this->assertNotNull( $session );
		$this->assertStringContainsString( 'manage_result=skipped', $this->change( $cookie, $session, 'skip', $donor['subscription_id'] ) );
		$first = $this->period_end( $donor['subscription_id'] );
		$this->assertStringContainsString( 'manage_result=paused', $this->change( $cookie, $session, 'pause', $donor['subscription_id'], array( 'cycles' => '2' ) ) );

		// Stripe: the two donations at $first and $first + 4 weeks fall inside the pause (void), the
		// next period end after resumes_at is $first + 8 weeks: Stripe's first charge.
		$at_stripe = $this->stripe_object( '/v1/subscriptions/' . $donor['subscription_id'] );
		$resumes   = (int) $at_stripe['pause_collection']['resumes_at'];
		$this->assertSame( $first, (int) $at_stripe['items']['data'][0]['current_period_end'] );
		$this->assertGreaterThan( $first + 28 * DAY_IN_SECONDS, $resumes );
		$this->assertLessThan( $first + 56 * DAY_IN_SECONDS, $resumes );
		$charged = $first;
		while ( $charged < $resumes ) {
			$charged += 28 * DAY_IN_SECONDS;
		}
		$date = SubscriptionChanges::date( $charged );
		$this->assertSame( SubscriptionChanges::date( $first + 56 * DAY_IN_SECONDS ), $date );

		// The page names that date, as the next donation and as the end of the pause, and no other.
		$_COOKIE[ ManageController::COOKIE ] = $cookie;
		$html                                = $this->page_html();
		$this->assertStringContainsString( '<dt>Next donation</dt><dd>' . esc_html( $date ) . '</dd>', $html );
		$this->assertStringContainsString( '<dt>Paused</dt><dd>' . esc_html( 'No donation until ' . $date ) . '</dd>', $html );
		$this->assertStringNotContainsString( esc_html( SubscriptionChanges::date( $resumes ) ), $html );
		$this->assertStringContainsString( '>Resume<', $html );
		// So does the email.
		$this->assertConfirmation( 'is paused for 2 donations: no donation will be taken until ' . $date );
	}

	public function test_resume_ends_the_pause_at_stripe_and_names_stripes_next_date(): void {
		$donor   = $this->recurring_donor();
		$cookie  = $this->session_cookie();
		$session = $this->links_of()->session( $cookie );
		$this->assertNotNull( $session );
		$period = $this->period_end( $donor['subscription_id'] );
		$this->assertStringContainsString( 'manage_result=not_paused', $this->change( $cookie, $session, 'resume', $donor['subscription_id'] ) );
		$this->assertCount( 0, $this->subscription_posts( $donor['subscription_id'] ), 'Nothing to resume: Stripe is not called.' );

		$this->assertStringContainsString( 'manage_result=paused', $this->change( $cookie, $session, 'pause', $donor['subscription_id'], array( 'cycles' => '3' ) ) );
		$this->assertStringContainsString( 'manage_result=resumed', $this->change( $cookie, $session, 'resume', $donor['subscription_id'] ) );
		$posts = $this->subscription_posts( $donor['subscription_id'] );
		$this->assertCount( 2, $posts );
		$this->assertSame( '', $posts[1]['body']['pause_collection'] );
		$at_stripe = $this->stripe_object( '/v1/subscriptions/' . $donor['subscription_id'] );
		$this->assertNull( $at_stripe['pause_collection'] );
		$this->assertSame( $period, (int) $at_stripe['items']['data'][0]['current_period_end'] );
		$this->assertContains( 'resumed', $this->audit_events( $donor['subscription_id'] ) );

		$date                                = SubscriptionChanges::date( $period );
		$_COOKIE[ ManageController::COOKIE ] = $cookie;
		$html                                = $this->page_html();
		$this->assertStringContainsString( '<dt>Next donation</dt><dd>' . esc_html( $date ) . '</dd>', $html );
		$this->assertStringNotContainsString( '<dt>Paused</dt>', $html );
		$this->assertStringNotContainsString( '>Resume<', $html );
		$this->assertConfirmation( 'Your next donation will be on ' . $date );

		// Switched off with pausing.
		$this->assertStringContainsString( 'manage_result=paused', $this->change( $cookie, $session, 'pause', $donor['subscription_id'], array( 'cycles' => '1' ) ) );
		$this->set_settings( array( 'self_service_pause' => false ) );
		$this->assertStringContainsString( 'manage_result=not_available', $this->change( $cookie, $session, 'resume', $donor['subscription_id'] ) );
		$this->assertStringNotContainsString( '>Resume<', $this->page_html() );
	}

	public function test_cancelling_sends_the_reason_to_stripe_and_ends_it(): void {
		$donor   = $this->recurring_donor();
		$cookie  = $this->session_cookie();
		$session = $this->links_of()->session( $cookie );
		$this->assertNotNull( $session );
		$this->assertStringContainsString( 'manage_result=cancelled', $this->change( $cookie, $session, 'cancel', $donor['subscription_id'], array( 'reason' => 'Moving overseas' ) ) );
		$deletes = $this->provider_requests( 'stripe', '/v1/subscriptions/' . $donor['subscription_id'], 'DELETE' );
		$this->assertCount( 1, $deletes );
		$this->assertSame( 'Moving overseas', $deletes[0]['query']['cancellation_details']['comment'] ?? $deletes[0]['body']['cancellation_details']['comment'] ?? null );
		$at_stripe = $this->stripe_object( '/v1/subscriptions/' . $donor['subscription_id'] );
		$this->assertSame( 'canceled', $at_stripe['status'] );
		$this->assertSame( 'Moving overseas', $at_stripe['cancellation_details']['comment'] );
		$this->assertSame( SubscriptionRepository::CANCELLED, $this->service( SubscriptionRepository::class )->find( $donor['subscription_id'] )['status'] );
		$this->assertContains( 'cancelled_by_donor', $this->audit_events( $donor['subscription_id'] ) );
		$this->deliver_mail();
		$this->assertNotEmpty( array_filter( $this->mailbox(), static fn ( array $mail ): bool => str_contains( (string) $mail['text'], 'has been cancelled' ) ) );
		// Ended: no second cancel reaches Stripe.
		$this->assertStringContainsString( 'manage_result=not_found', $this->change( $cookie, $session, 'cancel', $donor['subscription_id'] ) );
	}

	public function test_stripe_refusing_a_change_records_nothing_but_the_refusal(): void {
		$donor   = $this->recurring_donor();
		$cookie  = $this->session_cookie();
		$session = $this->links_of()->session( $cookie );
		$this->assertNotNull( $session );
		$this->queue(
			'stripe',
			'server_error',
			array(
				'path'   => '/v1/subscriptions/' . $donor['subscription_id'],
				'method' => 'POST',
				'times'  => 3,
			)
		);
		$next = $this->change( $cookie, $session, 'change_amount', $donor['subscription_id'], array( 'amount' => '60' ) );
		$this->assertMatchesRegularExpression( '/manage_result=(unavailable|stripe_refused)/', $next );
		$this->assertSame( 5250, $this->service( SubscriptionRepository::class )->find( $donor['subscription_id'] )['amount_cents'] );
		$this->assertNotContains( 'amount_changed', $this->audit_events( $donor['subscription_id'] ) );
	}

	public function test_replacing_the_card_mounts_the_update_card_widget_in_place(): void {
		$donor   = $this->recurring_donor();
		$cookie  = $this->session_cookie();
		$session = $this->links_of()->session( $cookie );
		$this->assertNotNull( $session );
		$controller = $this->controller_of();
		$next       = $controller->change(
			array(
				'page_id'         => $this->manage_page,
				'manage_nonce'    => ManageLinks::nonce( $session ),
				'change'          => 'replace_card',
				'subscription_id' => $donor['subscription_id'],
			),
			$cookie
		);
		$this->assertStringContainsString( 'manage_result=card_link', $next );
		$this->assertStringStartsWith( get_permalink( $this->manage_page ), $next, 'The card is replaced on the manage page itself.' );
		// The live token is handed over in a cookie, never in the redirect URL.
		$request_id = (string) $controller->card_request;
		$this->assertMatchesRegularExpression( '/^[A-Za-z0-9_-]{43}$/', $request_id );
		$this->assertStringNotContainsString( $request_id, $next );
		$this->assertStringNotContainsString( 'requestID', $next );

		$_COOKIE[ ManageController::COOKIE ]      = $cookie;
		$_COOKIE[ ManageController::CARD_COOKIE ] = $request_id;
		$this->assertStringNotContainsString( 'Replace your card', $this->page_html(), 'Only on the answer to "Replace card".' );
		$_GET[ ManageController::RESULT_ARG ] = 'card_link';
		$html                                 = $this->page_html();
		$this->assertStringContainsString( 'Replace your card', $html );
		$this->assertStringContainsString( 'data-donation-widget', $html );
		$this->assertStringContainsString( '&quot;request_id&quot;:&quot;' . $request_id . '&quot;', str_replace( '\\u0022', '&quot;', $html ) );

		// The card-update code does the rest, and the donor is emailed a confirmation.
		$this->assertAnswer( 200, '', $this->update( $request_id ) );
		$this->assertSame( 'card_updated', $this->audit_events( $donor['subscription_id'] )[ count( $this->audit_events( $donor['subscription_id'] ) ) - 1 ] );
		$this->assertConfirmation( 'mastercard ending 4444' );
	}

	public function test_a_session_cannot_touch_another_donors_subscription(): void {
		$other = $this->recurring_donor( array( 'email' => 'someone.else@example.org.au' ) );
		$this->recurring_donor();
		$cookie  = $this->session_cookie();
		$session = $this->links_of()->session( $cookie );
		$this->assertNotNull( $session );
		foreach ( array( 'skip', 'cancel', 'pause', 'change_amount', 'replace_card' ) as $change ) {
			$this->assertStringContainsString(
				'manage_result=not_found',
				$this->change(
					$cookie,
					$session,
					$change,
					$other['subscription_id'],
					array(
						'amount' => '50',
						'cycles' => '1',
					)
				)
			);
		}
		$this->assertCount( 0, $this->subscription_posts( $other['subscription_id'] ) );
		$this->assertCount( 0, $this->provider_requests( 'stripe', '/v1/subscriptions/' . $other['subscription_id'], 'DELETE' ) );
	}

	public function test_actions_switched_off_are_neither_shown_nor_accepted(): void {
		$donor   = $this->recurring_donor();
		$cookie  = $this->session_cookie();
		$session = $this->links_of()->session( $cookie );
		$this->assertNotNull( $session );
		$_COOKIE[ ManageController::COOKIE ] = $cookie;
		$html                                = $this->page_html();
		foreach ( array( 'Change amount', 'Skip the next donation', 'Pause', 'Replace card', 'Cancel this donation' ) as $label ) {
			$this->assertStringContainsString( $label, $html );
		}
		$this->set_settings(
			array(
				'self_service_change_amount' => false,
				'self_service_skip'          => false,
				'self_service_pause'         => false,
				'self_service_cancel'        => false,
				'self_service_replace_card'  => false,
			)
		);
		$html = $this->page_html();
		foreach ( array( 'Change amount', 'Skip the next donation', '>Pause<', 'Replace card', 'Cancel this donation' ) as $label ) {
			$this->assertStringNotContainsString( $label, $html );
		}
		foreach ( array( 'skip', 'cancel', 'pause', 'change_amount', 'replace_card' ) as $change ) {
			$this->assertStringContainsString(
				'manage_result=not_available',
				$this->change(
					$cookie,
					$session,
					$change,
					$donor['subscription_id'],
					array(
						'amount' => '50',
						'cycles' => '1',
					)
				)
			);
		}
		$this->assertCount( 0, $this->subscription_posts( $donor['subscription_id'] ) );
		$this->assertCount( 0, $this->provider_requests( 'stripe', '/v1/subscriptions/' . $donor['subscription_id'], 'DELETE' ) );
	}

	public function test_every_action_is_on_by_default_and_the_settings_screen_switches_each_off(): void {
		$actions = $this->service( SelfServiceActions::class );
		$stored  = get_option( Settings::OPTION, array() );
		$stored  = is_array( $stored ) ? $stored : array();
		foreach ( SelfServiceActions::all() as $action ) {
			unset( $stored[ 'self_service_' . $action ] );
		}
		$callback = get_registered_settings()[ Settings::OPTION ]['sanitize_callback'] ?? null;
		if ( null !== $callback ) {
			remove_filter( 'sanitize_option_' . Settings::OPTION, $callback );
		}
		update_option( Settings::OPTION, $stored );
		if ( null !== $callback ) {
			add_filter( 'sanitize_option_' . Settings::OPTION, $callback );
		}
		foreach ( SelfServiceActions::all() as $action ) {
			$this->assertTrue( $actions->is_on( $action ), $action );
		}
		$this->assertArrayHasKey( 'self_service', SettingsSchema::sections() );
		// The screen's unticked box sends "0", through the real sanitiser.
		$sanitizer = $this->service( SettingsSanitizer::class );
		$this->assertFalse( $sanitizer->sanitise( array( 'self_service_pause' => '0' ) )['self_service_pause'] );
		$this->set_settings( array( 'self_service_pause' => false ) );
		$this->assertFalse( $actions->is_on( SelfServiceActions::PAUSE ) );
		$this->assertTrue( $actions->is_on( SelfServiceActions::SKIP ) );
	}

	public function test_statement_links_render_from_the_filter_and_nothing_when_empty(): void {
		$page = $this->service( ManagePage::class );
		$this->assertSame( '', $page->statements_view( self::EMAIL ) );
		add_filter( 'donation_widget_statement_links', array( $this, 'hostile_statement_links' ), 10, 2 );
		$html = $page->statements_view( self::EMAIL );
		$this->assertStringContainsString( '<h2 id="donation-widget-statements">Tax statements</h2>', $html );
		$this->assertStringContainsString( '2025–26 tax statement', $html );
		$this->assertStringContainsString( esc_url( home_url( '/statement/?year=2026' ) ), $html );
		$this->assertStringNotContainsString( '<script>', $html );
		$this->assertStringNotContainsString( 'javascript:', $html );
		$this->assertSame( '', $page->statements_view( 'other@example.org.au' ) );
	}

	/**
	 * Statement links for the test's donor, one of them hostile.
	 *
	 * @param array<int, array{label: string, url: string}> $links Links so far.
	 * @param string                                        $email The donor's address.
	 * @return array<int, array{label: string, url: string}>
	 */
	public function hostile_statement_links( array $links, string $email ): array {
		return self::EMAIL === $email
			? array(
				array(
					'label' => '2025–26 tax statement',
					'url'   => home_url( '/statement/?year=2026' ),
				),
				array(
					'label' => '<script>x</script>',
					'url'   => 'javascript:alert(1)',
				),
			)
			: $links;
	}

	public function test_only_the_page_the_administrator_chose_is_linked_to_and_returned_to(): void {
		$donor  = $this->recurring_donor();
		$author = wp_insert_user(
			array(
				'user_login' => 'author-' . wp_generate_password( 8, false ),
				'user_pass'  => wp_generate_password(),
				'role'       => 'author',
			)
		);
		$this->assertIsInt( $author );
		$other = (int) wp_insert_post(
			array(
				'post_type'    => 'post',
				'post_status'  => 'publish',
				'post_author'  => $author,
				'post_title'   => 'Manage here',
				'post_content' => '[donation_widget_manage]',
			)
		);
		// The settings screen offers the choice (a page dropdown, as the card-update page's).
		$fields = array_values( array_filter( SettingsSchema::fields(), static fn ( $field ): bool => SelfServicePage::SETTING === $field->key ) );
		$this->assertCount( 1, $fields );
		$this->assertSame( 'page', $fields[0]->type );
		$this->assertSame( 'self_service', $fields[0]->section );

		// A request from the author's post still emails a link to the chosen page.
		$next = $this->controller_of()->request(
			array(
				'email'   => self::EMAIL,
				'page_id' => $other,
			)
		);
		$this->assertStringStartsWith( (string) get_permalink( $this->manage_page ), $next );
		$this->deliver_mail();
		$this->assertStringContainsString( (string) get_permalink( $this->manage_page ), (string) $this->last_mail()['text'] );
		$this->assertStringNotContainsString( (string) get_permalink( $other ), (string) $this->last_mail()['text'] );

		// Forms naming the author's post return to the chosen page.
		$cookie  = $this->session_cookie();
		$session = $this->links_of()->session( $cookie );
		$this->assertNotNull( $session );
		$changed = $this->controller_of()->change(
			array(
				'page_id'         => $other,
				'manage_nonce'    => ManageLinks::nonce( $session ),
				'change'          => 'skip',
				'subscription_id' => $donor['subscription_id'],
			),
			$cookie
		);
		$this->assertStringStartsWith( (string) get_permalink( $this->manage_page ), $changed );

		// No page chosen: no link is emailed anywhere.
		$this->set_settings( array( SelfServicePage::SETTING => 0 ) );
		$this->deliver_mail();
		$before = count( $this->mailbox() );
		$this->assertSame( home_url( '/' ), $this->controller_of()->request( array( 'email' => self::EMAIL ) ) );
		$this->links_of()->request( self::EMAIL, $other, '192.0.2.77' );
		$this->deliver_mail();
		$this->assertCount( $before, $this->mailbox() );
	}

	public function test_sites_from_before_the_setting_keep_their_existing_page_once(): void {
		$stored = $this->service( Settings::class )->stored();
		unset( $stored[ SelfServicePage::SETTING ] );
		$callback = get_registered_settings()[ Settings::OPTION ]['sanitize_callback'] ?? null;
		if ( null !== $callback ) {
			remove_filter( 'sanitize_option_' . Settings::OPTION, $callback );
		}
		update_option( Settings::OPTION, $stored );
		$page = $this->service( SelfServicePage::class );
		$page->adopt_existing();
		// The site's oldest published page holding the block (this test's page or the site's own).
		$chosen = $this->service( Settings::class )->int( SelfServicePage::SETTING );
		$this->assertGreaterThan( 0, $chosen );
		$this->assertLessThanOrEqual( $this->manage_page, $chosen );
		$this->assertSame( 'page', get_post_type( $chosen ) );
		$this->assertTrue( has_block( ManagePage::BLOCK, get_post( $chosen ) ) );
		$this->assertNotNull( $page->page() );
		// Once only: an administrator's later choice stays.
		$this->set_settings( array( SelfServicePage::SETTING => 0 ) );
		$page->adopt_existing();
		$this->assertSame( 0, $this->service( Settings::class )->int( SelfServicePage::SETTING ) );
		if ( null !== $callback ) {
			add_filter( 'sanitize_option_' . Settings::OPTION, $callback );
		}
	}

	public function test_a_new_4_weekly_donation_shows_its_next_donation_four_weeks_after_its_first_gift(): void {
		$donor  = $this->recurring_donor();
		$charge = $this->stripe_object( '/v1/charges/' . $donor['provider_reference'] );

		$_COOKIE[ ManageController::COOKIE ] = $this->session_cookie();
		preg_match( '/data-manage-state="([^"]+)"/', $this->page_html(), $found );
		$state = json_decode( html_entity_decode( $found[1] ?? '', ENT_QUOTES ), true );

		$this->assertSame( SubscriptionChanges::date( (int) $charge['created'] + 28 * DAY_IN_SECONDS ), $state['subscriptions'][0]['nextDonation'] ?? null );
		$this->assertSame( (int) $charge['created'] + 28 * DAY_IN_SECONDS, $this->period_end( $donor['subscription_id'] ) );
	}

	public function test_the_react_pages_calls_keep_the_session_nonce_and_rules_of_the_forms(): void {
		$other   = $this->recurring_donor( array( 'email' => 'someone.else@example.org.au' ) );
		$donor   = $this->recurring_donor();
		$cookie  = $this->session_cookie();
		$session = $this->links_of()->session( $cookie );
		$this->assertNotNull( $session );
		$nonce = ManageLinks::nonce( $session );

		// The page hands React its state: the server's own texts and dates, the session nonce.
		$_COOKIE[ ManageController::COOKIE ] = $cookie;
		$html                                = $this->page_html();
		$this->assertTrue( wp_script_is( 'donation-widget-manage-app', 'enqueued' ), 'The manage page loads its React entry.' );
		$this->assertMatchesRegularExpression( '/data-manage-state="([^"]+)"/', $html );
		preg_match( '/data-manage-state="([^"]+)"/', $html, $found );
		$state = json_decode( html_entity_decode( $found[1], ENT_QUOTES ), true );
		$this->assertIsArray( $state );
		$this->assertSame( $nonce, $state['nonce'] );
		$this->assertSame( '$52.50 every 4 weeks', $state['subscriptions'][0]['heading'] );
		$this->assertSame( 'Visa ending in 4242', $state['subscriptions'][0]['card'] );
		$this->assertSame( SubscriptionChanges::date( $this->period_end( $donor['subscription_id'] ) ), $state['subscriptions'][0]['nextDonation'] );
		$this->assertNotContains( $other['subscription_id'], array_column( $state['subscriptions'], 'id' ) );

		// No session: nothing happens, the page says so.
		$ended = $this->controller_of()->json(
			array(
				'manage_nonce'    => $nonce,
				'op'              => 'change',
				'change'          => 'skip',
				'subscription_id' => $donor['subscription_id'],
			),
			''
		);
		$this->assertSame( 'session_ended', $ended['outcome'] );
		$this->assertStringContainsString( 'manage_request=session_ended', $ended['redirect'] ?? '' );
		// A nonce of another session (or none): refused.
		$forged = $this->json(
			$cookie,
			array(
				'manage_nonce'    => wp_create_nonce( 'anything' ),
				'op'              => 'change',
				'change'          => 'skip',
				'subscription_id' => $donor['subscription_id'],
			)
		);
		$this->assertSame( 'form_expired', $forged['outcome'] );
		$this->assertTrue( $forged['isError'] );
		$this->assertCount( 0, $this->subscription_posts( $donor['subscription_id'] ) );

		// The same rules as the forms: limits, ownership.
		$this->assertSame(
			'invalid_amount',
			$this->json(
				$cookie,
				array(
					'manage_nonce'    => $nonce,
					'op'              => 'change',
					'change'          => 'change_amount',
					'subscription_id' => $donor['subscription_id'],
					'amount'          => '4.99',
				)
			)['outcome']
		);
		$this->assertSame(
			'not_found',
			$this->json(
				$cookie,
				array(
					'manage_nonce'    => $nonce,
					'op'              => 'change',
					'change'          => 'skip',
					'subscription_id' => $other['subscription_id'],
				)
			)['outcome']
		);
		$this->assertCount( 0, $this->subscription_posts( $other['subscription_id'] ) );

		// A change answers with its message and the fresh state.
		$changed = $this->json(
			$cookie,
			array(
				'manage_nonce'    => $nonce,
				'op'              => 'change',
				'change'          => 'change_amount',
				'subscription_id' => $donor['subscription_id'],
				'amount'          => '42',
			)
		);
		$this->assertSame( 'amount_changed', $changed['outcome'] );
		$this->assertFalse( $changed['isError'] );
		$this->assertStringContainsString( 'Your amount has been changed', $changed['message'] );
		$this->assertSame( '$42.00 every 4 weeks', $changed['state']['subscriptions'][0]['heading'] ?? null );
		$this->assertContains( 'amount_changed', $this->audit_events( $donor['subscription_id'] ) );

		// Replace card: the page reloads to mount the widget; the token is in no URL.
		$controller = $this->controller_of();
		$card       = $controller->json(
			array(
				'manage_nonce'    => $nonce,
				'op'              => 'change',
				'change'          => 'replace_card',
				'subscription_id' => $donor['subscription_id'],
			),
			$cookie
		);
		$this->assertSame( 'card_link', $card['outcome'] );
		$this->assertIsString( $controller->card_request );
		$this->assertStringNotContainsString( $controller->card_request, (string) wp_json_encode( $card ) );

		// Sign out ends the session.
		$this->assertSame(
			'signed_out',
			$this->json(
				$cookie,
				array(
					'manage_nonce' => $nonce,
					'op'           => 'sign_out',
				)
			)['outcome']
		);
		$this->assertNull( $this->links_of()->session( $cookie ) );
	}

	/**
	 * One call of the React page.
	 *
	 * @param string               $cookie Session cookie.
	 * @param array<string, mixed> $fields POST fields.
	 * @return array<string, mixed>
	 */
	private function json( string $cookie, array $fields ): array {
		return $this->controller_of()->json( $fields, $cookie );
	}

	public function test_a_privacy_erasure_deletes_the_donors_links_and_sessions(): void {
		$this->recurring_donor();
		$cookie = $this->session_cookie();
		$eraser = apply_filters( 'wp_privacy_personal_data_erasers', array() )['donation-widget-self-service'] ?? null; // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own filter.
		$this->assertIsArray( $eraser );
		$result = call_user_func( $eraser['callback'], self::EMAIL, 1 );
		$this->assertTrue( $result['items_removed'] );
		$this->assertNull( $this->links_of()->session( $cookie ) );
		global $wpdb;
		$this->assertSame( '0', $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM ' . Schema::table( 'self_service_links' ) . ' WHERE email = %s', self::EMAIL ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
	}

	public function test_amounts_follow_spec_limits(): void {
		$this->assertSame( 500, SubscriptionChanges::cents( '5' ) );
		$this->assertSame( 99999999, SubscriptionChanges::cents( '999999.99' ) );
		$this->assertSame( 1250, SubscriptionChanges::cents( '12.5' ) );
		$this->assertNull( SubscriptionChanges::cents( '4.99' ) );
		$this->assertNull( SubscriptionChanges::cents( '1000000' ) );
		$this->assertNull( SubscriptionChanges::cents( '1,000' ) );
		$this->assertNull( SubscriptionChanges::cents( '' ) );
	}

	/**
	 * The controller.
	 */
	private function controller_of(): ManageController {
		return new ManageController( $this->links_of(), $this->service( SubscriptionChanges::class ), $this->service( SelfServicePage::class ), $this->service( ManagePage::class ) );
	}

	/**
	 * The link service.
	 */
	private function links_of(): ManageLinks {
		return $this->service( ManageLinks::class );
	}

	/**
	 * Requests a link for EMAIL and reads its token from the mailbox.
	 */
	private function request_token(): string {
		$this->links_of()->request( self::EMAIL, $this->manage_page, '192.0.2.1' );
		$this->deliver_mail();
		$this->assertMatchesRegularExpression( '/[?&]manage=([A-Za-z0-9_-]{43})/', (string) $this->last_mail()['text'] );
		preg_match( '/[?&]manage=([A-Za-z0-9_-]{43})/', (string) $this->last_mail()['text'], $found );
		return $found[1];
	}

	/**
	 * A session cookie for EMAIL, through a real link.
	 */
	private function session_cookie(): string {
		$cookie = $this->links_of()->open( $this->request_token(), '192.0.2.1' );
		$this->assertIsString( $cookie );
		return $cookie;
	}

	/**
	 * One change through the controller, with the session's nonce.
	 *
	 * @param string               $cookie          Session cookie.
	 * @param ManageSession        $session         Session.
	 * @param string               $change          Action.
	 * @param string               $subscription_id sub_… id.
	 * @param array<string, mixed> $fields          More fields.
	 */
	private function change( string $cookie, ManageSession $session, string $change, string $subscription_id, array $fields = array() ): string {
		return $this->controller_of()->change(
			array(
				'page_id'         => $this->manage_page,
				'manage_nonce'    => ManageLinks::nonce( $session ),
				'change'          => $change,
				'subscription_id' => $subscription_id,
			) + $fields,
			$cookie
		);
	}

	/**
	 * The plugin's POSTs updating one subscription.
	 *
	 * @param string $subscription_id sub_… id.
	 * @return list<array<string, mixed>>
	 */
	private function subscription_posts( string $subscription_id ): array {
		return $this->stripe_posts( '/v1/subscriptions/' . $subscription_id );
	}

	/**
	 * The block's HTML on its page.
	 */
	private function page_html(): string {
		global $wp_query;
		$wp_query->queried_object    = get_post( $this->manage_page );
		$wp_query->queried_object_id = $this->manage_page;
		return $this->service( ManagePage::class )->render();
	}

	/**
	 * What WP-Cron's mail event does: link requests become emails, then the worker sends them.
	 */
	private function deliver_mail(): void {
		$this->links_of()->process_requests();
		$this->run_mail_queue();
	}

	/**
	 * The newest email.
	 *
	 * @return array<string, mixed>
	 */
	private function last_mail(): array {
		$mailbox = $this->mailbox();
		$this->assertNotEmpty( $mailbox );
		return (array) end( $mailbox );
	}

	/**
	 * A change confirmation was emailed to the donor.
	 *
	 * @param string $text Part of its text.
	 */
	private function assertConfirmation( string $text ): void {
		$this->deliver_mail();
		$found = array_filter( $this->mailbox(), static fn ( array $mail ): bool => str_contains( (string) $mail['text'], $text ) && in_array( self::EMAIL, (array) $mail['to'], true ) );
		$this->assertNotEmpty( $found, "No confirmation saying \"{$text}\"." );
	}
}
