<?php
/**
 * Refunds from the donation's screen and from Stripe's side converge on one record.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Books;

use DonationWidget\Admin\Donations\RefundPanel;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Books\Refunds\RefundOutcome;
use DonationWidget\Database\Schema;
use DonationWidget\Reconciliation\ReconciliationReport;
use DonationWidget\Reconciliation\Reconciler;
use DonationWidget\Tests\Integration\Admin\AdminStop;
use DonationWidget\Tests\Integration\PaymentTestCase;

final class RefundsTest extends PaymentTestCase {

	protected function tearDown(): void {
		$_POST    = array();
		$_REQUEST = array();
		parent::tearDown();
	}

	/**
	 * A one-off card gift of $52.50 (the form's default), paid.
	 */
	private function paid_gift(): array {
		$request = $this->card_request();
		$this->assertAnswer( 200, '', $this->payment_call( 'process_payment_method', $request ) );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'succeeded', $row['status'] );
		return $row;
	}

	/**
	 * The admin's confirmed refund, as admin-post.php runs it; returns the redirect's query.
	 *
	 * @return array<string, string>
	 */
	private function refund_from_admin( int $donation_id, int|string|array $cents, int|string $seen, string $reason = 'Gave twice by mistake' ): array {
		$fields   = array(
			'action'              => RefundPanel::ACTION,
			'donation_id'         => (string) $donation_id,
			'amount_cents'        => is_array( $cents ) ? $cents : (string) $cents,
			'seen_refunded_cents' => (string) $seen,
			'reason'              => $reason,
			'_wpnonce'            => wp_create_nonce( RefundPanel::nonce_action( $donation_id ) ),
		);
		$_POST    = wp_slash( $fields );
		$_REQUEST = wp_slash( $fields );
		$redirect = static function ( $location ): void {
			throw new AdminStop( 'redirect', (string) $location, 302 );
		};
		add_filter( 'wp_redirect', $redirect );
		try {
			do_action( 'admin_post_' . RefundPanel::ACTION ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own admin-post hook.
			$this->fail( 'The refund did not redirect.' );
		} catch ( AdminStop $stop ) {
			parse_str( (string) wp_parse_url( $stop->detail, PHP_URL_QUERY ), $args );
			return $args;
		} finally {
			remove_filter( 'wp_redirect', $redirect );
		}
	}

	/**
	 * The refunds rows of a donation.
	 *
	 * @return list<array<string, string>>
	 */
	private function refund_rows( int $donation_id ): array {
		global $wpdb;
		return $wpdb->get_results( $wpdb->prepare( 'SELECT * FROM ' . Schema::table( 'refunds' ) . ' WHERE donation_id = %d ORDER BY id', $donation_id ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
	}

	/**
	 * The latest event of a type about an object the Stripe stand-in emitted.
	 */
	private function last_event( string $type, string $object_id ): array {
		$events = $this->control( 'GET', '/__control/stripe/events?type=' . rawurlencode( $type ) )['body'];
		$events = array_values( array_filter( $events, static fn ( array $event ): bool => $object_id === $event['data']['object']['id'] ) );
		$this->assertNotEmpty( $events, "The stand-in emitted no {$type} event." );
		return end( $events );
	}

	public function test_a_partial_refund_from_the_admin_and_stripes_own_news_of_it_make_one_refund(): void {
		$user = $this->log_in_as( 'administrator' );
		$row  = $this->paid_gift();
		$id   = (int) $row['id'];

		$answer = $this->refund_from_admin( $id, 1000, 0 );

		$this->assertSame( RefundOutcome::REFUNDED, $answer['refund_result'] );
		$posts = $this->stripe_posts( '/v1/refunds' );
		$this->assertCount( 1, $posts );
		$this->assertSame( 'donation-widget-refund-' . $answer['refund_id'], $posts[0]['headers']['idempotency-key'] );
		$this->assertSame( $row['provider_reference'], $posts[0]['body']['charge'] );
		$this->assertSame( '1000', (string) $posts[0]['body']['amount'] );

		// Stripe tells of the same refund twice more: charge.refunded and refund.created.
		$refund_id = $this->refund_rows( $id )[0]['provider_refund_id'];
		$this->assertSame( 200, $this->deliver( $this->last_event( 'charge.refunded', $row['provider_reference'] ) )->get_status() );
		$this->assertSame( 200, $this->deliver( $this->last_event( 'refund.created', $refund_id ) )->get_status() );

		$rows = $this->refund_rows( $id );
		$this->assertCount( 1, $rows );
		$this->assertSame( array( (string) $answer['refund_id'], '1000', 'succeeded', (string) $user, 'Gave twice by mistake' ), array( $rows[0]['id'], $rows[0]['amount_cents'], $rows[0]['status'], $rows[0]['requested_by'], $rows[0]['reason'] ) );
		$this->assertMatchesRegularExpression( '/^re_/', $refund_id );
		$donation = $this->donation_row( $row['attempt_id'] );
		$this->assertSame( array( 'partially_refunded', '1000' ), array( $donation['status'], $donation['refunded_cents'] ) );
	}

	public function test_a_refund_made_in_stripes_dashboard_is_recorded_once_beside_the_admins(): void {
		$this->log_in_as( 'administrator' );
		$row = $this->paid_gift();
		$id  = (int) $row['id'];
		$this->assertSame( RefundOutcome::REFUNDED, $this->refund_from_admin( $id, 1000, 0 )['refund_result'] );

		// Someone refunds $5 more in Stripe's dashboard; Stripe sends charge.refunded twice.
		$this->stripe(
			'POST',
			'/v1/refunds',
			array(
				'charge' => $row['provider_reference'],
				'amount' => '500',
			),
			self::SECRET_KEY
		);
		$event = $this->last_event( 'charge.refunded', $row['provider_reference'] );
		$this->deliver( $event );
		$event['id'] .= '_again';
		$this->deliver( $event );

		$rows = $this->refund_rows( $id );
		$this->assertSame( array( '1000', '500' ), array_column( $rows, 'amount_cents' ) );
		$this->assertSame( '0', $rows[1]['requested_by'] );
		$this->assertSame( '1500', $this->donation_row( $row['attempt_id'] )['refunded_cents'] );

		// The rest, from the admin, makes it refunded in full.
		$left = (int) $row['total_cents'] - 1500;
		$this->assertSame( RefundOutcome::REFUNDED, $this->refund_from_admin( $id, $left, 1500 )['refund_result'] );
		$donation = $this->donation_row( $row['attempt_id'] );
		$this->assertSame( array( 'refunded', $row['total_cents'] ), array( $donation['status'], $donation['refunded_cents'] ) );
	}

	public function test_a_double_click_refunds_once(): void {
		$this->log_in_as( 'administrator' );
		$row = $this->paid_gift();
		$id  = (int) $row['id'];

		$first  = $this->refund_from_admin( $id, 1000, 0 );
		$second = $this->refund_from_admin( $id, 1000, 0 );

		$this->assertSame( RefundOutcome::REFUNDED, $first['refund_result'] );
		$this->assertSame( array( RefundOutcome::ALREADY, $first['refund_id'] ), array( $second['refund_result'], $second['refund_id'] ) );
		$this->assertCount( 1, $this->stripe_posts( '/v1/refunds' ) );
		$this->assertSame( '1000', $this->donation_row( $row['attempt_id'] )['refunded_cents'] );
	}

	public function test_a_refund_stripe_refuses_changes_nothing_and_may_be_asked_again(): void {
		$this->log_in_as( 'administrator' );
		$row = $this->paid_gift();
		$id  = (int) $row['id'];
		// Refunded in full at Stripe, but its webhook has not arrived yet.
		$this->stripe( 'POST', '/v1/refunds', array( 'charge' => $row['provider_reference'] ), self::SECRET_KEY );

		$answer = $this->refund_from_admin( $id, 1000, 0 );

		$this->assertSame( RefundOutcome::REFUSED, $answer['refund_result'] );
		$refused = $this->refund_rows( $id )[0];
		$this->assertSame( array( 'refused', null ), array( $refused['status'], $refused['request_key'] ) );
		$this->assertStringContainsString( 'already been refunded', $refused['failure'] );
		$this->assertSame( array( 'succeeded', '0' ), array( $this->donation_row( $row['attempt_id'] )['status'], $this->donation_row( $row['attempt_id'] )['refunded_cents'] ) );
	}

	public function test_a_refund_whose_answers_were_all_lost_is_made_once_when_confirmed_again_later(): void {
		global $wpdb;
		$this->log_in_as( 'administrator' );
		$row = $this->paid_gift();
		$id  = (int) $row['id'];
		$this->queue(
			'stripe',
			'lost_answer',
			array(
				'path'  => '/v1/refunds',
				'times' => 3,
			)
		);

		$lost = $this->refund_from_admin( $id, 1000, 0 );

		$this->assertSame( RefundOutcome::UNKNOWN, $lost['refund_result'] );
		$this->assertSame( '0', $this->donation_row( $row['attempt_id'] )['refunded_cents'] );
		// Confirmed again at once: that request may still be running, so nothing is sent.
		$this->assertSame( RefundOutcome::ALREADY, $this->refund_from_admin( $id, 1000, 0 )['refund_result'] );
		$this->assertCount( 3, $this->stripe_posts( '/v1/refunds' ) );

		// Five minutes on, confirmed again: the same key, Stripe's first refund, counted once.
		$wpdb->query( $wpdb->prepare( 'UPDATE ' . Schema::table( 'refunds' ) . ' SET created_at = %s WHERE id = %d', gmdate( 'Y-m-d H:i:s', time() - 300 ), $lost['refund_id'] ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		$again = $this->refund_from_admin( $id, 1000, 0 );

		$this->assertSame( array( RefundOutcome::REFUNDED, $lost['refund_id'] ), array( $again['refund_result'], $again['refund_id'] ) );
		$posts = $this->stripe_posts( '/v1/refunds' );
		$this->assertSame( array( 'donation-widget-refund-' . $lost['refund_id'] ), array_values( array_unique( array_map( static fn ( array $post ): string => $post['headers']['idempotency-key'], $posts ) ) ) );
		$listed = $this->stripe( 'GET', '/v1/refunds', array( 'charge' => $row['provider_reference'] ), self::SECRET_KEY );
		$this->assertSame( array( 1000 ), array_column( $listed['data'], 'amount' ) );
		$this->assertSame( '1000', $this->donation_row( $row['attempt_id'] )['refunded_cents'] );
		$this->assertCount( 1, $this->refund_rows( $id ) );
	}

	public function test_a_refund_whose_answers_were_all_lost_is_recorded_by_the_reconciliation_pass(): void {
		global $wpdb;
		$this->log_in_as( 'administrator' );
		$row = $this->paid_gift();
		$id  = (int) $row['id'];
		$this->queue(
			'stripe',
			'lost_answer',
			array(
				'path'  => '/v1/refunds',
				'times' => 3,
			)
		);
		$lost = $this->refund_from_admin( $id, 1000, 0 );
		$this->assertSame( RefundOutcome::UNKNOWN, $lost['refund_result'] );

		// A pass within the grace period leaves the claim to its own request.
		$this->service( Reconciler::class )->run();
		$this->assertSame( 'requested', $this->refund_rows( $id )[0]['status'] );

		// Twenty minutes on, the pass asks Stripe again with the claim's own key: Stripe's first
		// refund, recorded once, with no webhook and no admin confirming again.
		$wpdb->query( $wpdb->prepare( 'UPDATE ' . Schema::table( 'refunds' ) . ' SET created_at = %s WHERE id = %d', gmdate( 'Y-m-d H:i:s', time() - 1200 ), $lost['refund_id'] ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		$report = $this->service( Reconciler::class )->run();

		$this->assertContains( ReconciliationReport::REFUND_RECORDED, array_column( $report->lines(), 'result' ) );
		$listed = $this->stripe( 'GET', '/v1/refunds', array( 'charge' => $row['provider_reference'] ), self::SECRET_KEY );
		$this->assertSame( array( 1000 ), array_column( $listed['data'], 'amount' ) );
		$rows = $this->refund_rows( $id );
		$this->assertCount( 1, $rows );
		$this->assertSame( array( 'succeeded', $listed['data'][0]['id'] ), array( $rows[0]['status'], $rows[0]['provider_refund_id'] ) );
		$this->assertSame( '1000', $this->donation_row( $row['attempt_id'] )['refunded_cents'] );
		$this->assertSame( array( 'donation-widget-refund-' . $lost['refund_id'] ), array_values( array_unique( array_map( static fn ( array $post ): string => $post['headers']['idempotency-key'], $this->stripe_posts( '/v1/refunds' ) ) ) ) );
	}

	public function test_only_staff_who_may_see_donations_can_refund(): void {
		$row = $this->paid_gift();
		$this->log_in_as( 'editor' );
		$fields   = array(
			'donation_id'  => $row['id'],
			'amount_cents' => '1000',
			'_wpnonce'     => wp_create_nonce( RefundPanel::nonce_action( (int) $row['id'] ) ),
		);
		$_POST    = wp_slash( $fields );
		$_REQUEST = wp_slash( $fields );
		$die      = static fn (): callable => static function ( $message, $title = '', $args = array() ): void {
			throw new AdminStop( 'die', '', is_array( $args ) ? (int) ( $args['response'] ?? 500 ) : 500 );
		};
		add_filter( 'wp_die_handler', $die );
		try {
			do_action( 'admin_post_' . RefundPanel::ACTION ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own admin-post hook.
			$this->fail( 'An editor refunded a donation.' );
		} catch ( AdminStop $stop ) {
			$this->assertSame( 403, $stop->status );
		} finally {
			remove_filter( 'wp_die_handler', $die );
		}
		$this->assertSame( array(), $this->stripe_posts( '/v1/refunds' ) );
	}

	/**
	 * Hand-made amounts a nonce-carrying POST could send, none of them a whole number of cents
	 * from 1 to what is left.
	 *
	 * @return array<string, array{string|array<int, string>}>
	 */
	public static function hand_made_amounts(): array {
		return array(
			'a minus sign'        => array( '-1' ),
			'dollars, not cents'  => array( '12.50' ),
			'an exponent'         => array( '1e3' ),
			'a leading space'     => array( ' 100' ),
			'a trailing newline'  => array( "100\n" ),
			'zero'                => array( '0' ),
			'nothing'             => array( '' ),
			'an array'            => array( array( '100' ) ),
			'more than was given' => array( '5251' ),
		);
	}

	/**
	 * @dataProvider hand_made_amounts
	 */
	public function test_a_hand_made_amount_is_refused_and_nothing_reaches_stripe( string|array $amount ): void {
		$this->log_in_as( 'administrator' );
		$row = $this->paid_gift();
		$this->assertSame( '5250', $row['total_cents'] );
		$this->control( 'DELETE', '/__control/requests' );

		$answer = $this->refund_from_admin( (int) $row['id'], $amount, 0 );

		$this->assertSame( RefundOutcome::INVALID_AMOUNT, $answer['refund_result'] );
		$this->assertSame( array(), $this->provider_requests( 'stripe', '/v1/refunds', 'POST' ), 'Stripe was asked for a refund.' );
		$this->assertSame( array(), $this->refund_rows( (int) $row['id'] ) );
		$this->assertSame( array( 'succeeded', '0' ), array( $this->donation_row( $row['attempt_id'] )['status'], $this->donation_row( $row['attempt_id'] )['refunded_cents'] ) );
	}

	public function test_a_hand_made_seen_total_is_refused_and_nothing_reaches_stripe(): void {
		$this->log_in_as( 'administrator' );
		$row = $this->paid_gift();
		$this->control( 'DELETE', '/__control/requests' );

		$answer = $this->refund_from_admin( (int) $row['id'], 1000, '-0' );

		$this->assertSame( RefundOutcome::INVALID_AMOUNT, $answer['refund_result'] );
		$this->assertSame( array(), $this->provider_requests( 'stripe', '/v1/refunds', 'POST' ) );
	}

	/**
	 * The Refunds section as the donation's screen prints it for a query.
	 *
	 * @param array<string, string> $query The screen's GET fields.
	 */
	private function refund_section( int $donation_id, array $query ): string {
		$_GET     = wp_slash( $query );
		$donation = $this->service( DonationRepository::class )->find( $donation_id );
		$this->assertNotNull( $donation );
		ob_start();
		try {
			$this->service( RefundPanel::class )->render( $donation );
		} finally {
			$html = (string) ob_get_clean();
			$_GET = array();
		}
		return $html;
	}

	public function test_the_review_step_offers_only_a_plain_amount_and_says_why_beside_the_field(): void {
		$this->log_in_as( 'administrator' );
		$row    = $this->paid_gift();
		$review = static fn ( string $typed ): array => array(
			'confirm'       => 'refund',
			'refund_amount' => $typed,
			'refund_seen'   => '0',
		);

		foreach ( array( '12', '12.5', '12.50' ) as $typed ) {
			$html = $this->refund_section( (int) $row['id'], $review( $typed ) );
			$this->assertStringContainsString( 'Refund $12.', $html, $typed );
			$this->assertMatchesRegularExpression( '/name="amount_cents" value="12(00|50)"/', $html, $typed );
		}
		foreach ( array( '-1', '12.505', '1e3', ' 12', "12\n", '0', '', '$12.50', '1,234.50', '52.51' ) as $typed ) {
			$html = $this->refund_section( (int) $row['id'], $review( $typed ) );
			$this->assertStringNotContainsString( 'amount_cents', $html, wp_json_encode( $typed ) );
			$this->assertStringContainsString( 'aria-errormessage="donation-widget-refund-amount-error"', $html, wp_json_encode( $typed ) );
			$this->assertStringContainsString( 'Enter an amount from $0.01 to $52.50.', $html, wp_json_encode( $typed ) );
		}
		$this->assertStringContainsString( 'with no $ sign, commas or spaces', $this->refund_section( (int) $row['id'], $review( '$12.50' ) ) );

		$refused = $this->refund_section( (int) $row['id'], array( 'refund_result' => RefundOutcome::INVALID_AMOUNT ) );
		$this->assertStringContainsString( 'Enter an amount from $0.01 to $52.50.', $refused, 'A refused confirmation says so beside the field.' );
		$this->assertSame( array(), $this->stripe_posts( '/v1/refunds' ) );
	}
}
