<?php
/**
 * The mail queue: donor emails leave the donor's request, are sent once by whichever server
 * claims them, are retried with backoff, and can be resent by staff from the Emails screen.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Emails;

use DonationWidget\Admin\Emails\EmailsPage;
use DonationWidget\Database\Schema;
use DonationWidget\Emails\MailQueue;
use DonationWidget\Emails\MailSchedule;
use DonationWidget\Emails\MailWorker;
use DonationWidget\Emails\QueuedEmail;
use DonationWidget\Tests\Integration\Admin\AdminTestCase;

final class MailQueueTest extends AdminTestCase {

	/**
	 * Makes every wp_mail() call fail while set, as a mail server that refuses would.
	 *
	 * @var callable|null
	 */
	private $refuse = null;

	protected function tearDown(): void {
		$this->mail_works();
		parent::tearDown();
	}

	private function mail_fails(): void {
		$this->refuse = static fn () => false;
		add_filter( 'pre_wp_mail', $this->refuse );
	}

	private function mail_works(): void {
		if ( null !== $this->refuse ) {
			remove_filter( 'pre_wp_mail', $this->refuse );
			$this->refuse = null;
		}
	}

	private function queue(): MailQueue {
		return $this->service( MailQueue::class );
	}

	/**
	 * A donation that succeeds, so its receipt is queued.
	 *
	 * @return array{donation: int, email: QueuedEmail}
	 */
	private function queued_receipt(): array {
		$id = $this->insert_donation();
		do_action( 'donation_widget_donation_succeeded', $id );
		$rows = array_values( array_filter( $this->queue()->page( '', 50, 1 ), static fn ( QueuedEmail $e ): bool => $e->donation_id === $id ) );
		$this->assertCount( 1, $rows );
		return array(
			'donation' => $id,
			'email'    => $rows[0],
		);
	}

	private function receipt_status( int $donation_id ): string {
		global $wpdb;
		$table = Schema::table( 'receipts' );
		return (string) $wpdb->get_var( $wpdb->prepare( "SELECT status FROM {$table} WHERE automatic_donation_id = %d", $donation_id ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
	}

	/**
	 * Time passes: the email's next attempt is due now.
	 */
	private function make_due( int $id ): void {
		global $wpdb;
		$wpdb->update( Schema::table( 'mail_queue' ), array( 'next_attempt_at' => gmdate( 'Y-m-d H:i:s', time() - 1 ) ), array( 'id' => $id ) );
	}

	private function fresh( int $id ): QueuedEmail {
		$email = $this->queue()->find( $id );
		$this->assertNotNull( $email );
		return $email;
	}

	public function test_a_succeeded_donation_queues_its_receipt_and_wakes_the_worker(): void {
		wp_clear_scheduled_hook( MailSchedule::HOOK );

		$queued = $this->queued_receipt();

		$email = $queued['email'];
		$this->assertSame( array(), $this->mailbox(), 'nothing is sent inside the donor\'s request' );
		$this->assertSame( array( MailQueue::RECEIPT, MailQueue::QUEUED, 0, $this->email() ), array( $email->kind, $email->status, $email->attempts, $email->recipient ) );
		$this->assertStringStartsWith( 'Your receipt from Helping Hands Australia', $email->subject );
		$this->assertStringContainsString( 'Dear Jane,', $email->text, 'written when the donation succeeded' );
		$this->assertGreaterThan( 0, $email->source_id, 'tied to its receipt log row' );
		$this->assertSame( 'queued', $this->receipt_status( $queued['donation'] ) );
		$next = wp_next_scheduled( MailSchedule::HOOK );
		$this->assertIsInt( $next );
		$this->assertLessThanOrEqual( time() + 60, $next, 'a pass runs within a minute' );
		$this->assertIsInt( wp_next_scheduled( MailSchedule::SAFETY_NET_HOOK ), 'the recurring safety net is scheduled' );
		$this->assertSame( \DonationWidget\Scheduling\RecurringEvents::FIVE_MINUTES, wp_get_schedule( MailSchedule::SAFETY_NET_HOOK ) );
	}

	public function test_the_worker_sends_each_email_once(): void {
		$queued = $this->queued_receipt();

		$first  = $this->run_mail_queue();
		$second = $this->run_mail_queue();

		$this->assertSame( 1, $first['sent'] );
		$this->assertSame( 0, $second['sent'] );
		$this->assertCount( 1, $this->mailbox() );
		$this->assertSame( array( $this->email() ), $this->mailbox()[0]['to'] );
		$sent = $this->fresh( $queued['email']->id );
		$this->assertSame( array( MailQueue::SENT, 1, '' ), array( $sent->status, $sent->attempts, $sent->last_error ) );
		$this->assertNotSame( '', $sent->sent_at );
		$this->assertSame( 'sent', $this->receipt_status( $queued['donation'] ) );
	}

	public function test_when_two_servers_claim_the_same_email_only_one_sends_it(): void {
		$id    = $this->queued_receipt()['email']->id;
		$queue = $this->queue();

		$server_a = $queue->claim( $id, str_repeat( 'a', 32 ) );
		$server_b = $queue->claim( $id, str_repeat( 'b', 32 ) );
		// A third server's pass, and staff pressing Resend, reach the same row meanwhile.
		$pass   = $this->run_mail_queue();
		$resend = $this->service( MailWorker::class )->send_now( $id );

		$this->assertNotNull( $server_a );
		$this->assertNull( $server_b, 'the second conditional UPDATE changes no row' );
		$this->assertSame( 0, $pass['sent'] );
		$this->assertSame( 'lost', $resend );
		$this->assertSame( array(), $this->mailbox() );
		$this->assertSame( array( MailQueue::SENDING, 1 ), array( $this->fresh( $id )->status, $this->fresh( $id )->attempts ) );
		$this->assertFalse( $queue->mark_sent( $id, str_repeat( 'b', 32 ) ), 'a server without the claim cannot finish it' );
		$this->assertTrue( $queue->mark_sent( $id, str_repeat( 'a', 32 ) ) );
		$this->assertSame( MailQueue::SENT, $this->fresh( $id )->status );
	}

	public function test_a_failed_attempt_is_retried_after_5_minutes_30_minutes_2_hours_and_12_hours_then_failed(): void {
		$queued = $this->queued_receipt();
		$id     = $queued['email']->id;
		$failed = array();
		$spy    = static function ( ...$args ) use ( &$failed ): void {
			$failed[] = $args;
		};
		add_action( 'donation_widget_email_failed', $spy, 10, 4 );
		$this->mail_fails();

		$delays = array();
		foreach ( array( 1, 2, 3, 4 ) as $attempt ) {
			$before = time();
			$this->assertSame( 1, $this->run_mail_queue()['retried'] );
			$email = $this->fresh( $id );
			$this->assertSame( array( MailQueue::QUEUED, $attempt ), array( $email->status, $email->attempts ) );
			$this->assertSame( 'wp_mail() could not send it.', $email->last_error );
			$this->assertSame( 0, $this->run_mail_queue()['retried'], 'not due before its time' );
			$delays[] = strtotime( $email->next_attempt_at . ' UTC' ) - $before;
			$this->assertIsInt( wp_next_scheduled( MailSchedule::HOOK ), 'a pass is scheduled for the retry' );
			$this->make_due( $id );
		}
		foreach ( array( 300, 1800, 7200, 43200 ) as $i => $expected ) {
			$this->assertEqualsWithDelta( $expected, $delays[ $i ], 2, "delay after attempt {$i}" );
		}
		$this->assertSame( 'queued', $this->receipt_status( $queued['donation'] ), 'still on its way while retries remain' );

		$this->assertSame( 1, $this->run_mail_queue()['failed'] );
		remove_action( 'donation_widget_email_failed', $spy, 10 );

		$email = $this->fresh( $id );
		$this->assertSame( array( MailQueue::FAILED, MailWorker::MAX_ATTEMPTS ), array( $email->status, $email->attempts ) );
		$this->make_due( $id );
		$this->assertSame( 0, $this->run_mail_queue()['retried'] + $this->run_mail_queue()['failed'], 'a failed email is left alone' );
		$this->assertSame( array(), $this->mailbox() );
		$this->assertSame( 'failed', $this->receipt_status( $queued['donation'] ) );
		$this->assertCount( 1, $failed );
		$this->assertSame( array( $id, MailQueue::RECEIPT, $email->source_id ), array_slice( $failed[0], 0, 3 ) );
	}

	public function test_an_exception_while_sending_counts_as_a_failed_attempt(): void {
		$id    = $this->queued_receipt()['email']->id;
		$throw = static function (): void {
			throw new \RuntimeException( 'SMTP connect() failed.' );
		};
		add_filter( 'pre_wp_mail', $throw );

		$result = $this->run_mail_queue();
		remove_filter( 'pre_wp_mail', $throw );

		$this->assertSame( 1, $result['retried'] );
		$this->assertSame( array( MailQueue::QUEUED, 'SMTP connect() failed.' ), array( $this->fresh( $id )->status, $this->fresh( $id )->last_error ) );
	}

	public function test_an_email_stuck_in_sending_is_released_and_sent(): void {
		global $wpdb;
		$id = $this->queued_receipt()['email']->id;
		$this->assertNotNull( $this->queue()->claim( $id, str_repeat( 'd', 32 ) ), 'a server claims it, then its PHP process dies' );
		$wpdb->update( Schema::table( 'mail_queue' ), array( 'claimed_at' => gmdate( 'Y-m-d H:i:s', time() - 5 * MINUTE_IN_SECONDS ) ), array( 'id' => $id ) );

		$this->assertSame( 0, $this->run_mail_queue()['released'], 'five minutes may still be a slow server' );
		$wpdb->update( Schema::table( 'mail_queue' ), array( 'claimed_at' => gmdate( 'Y-m-d H:i:s', time() - MailWorker::STUCK_AFTER - 60 ) ), array( 'id' => $id ) );
		$result = $this->run_mail_queue();

		$this->assertSame( array( 1, 1 ), array( $result['released'], $result['sent'] ) );
		$this->assertCount( 1, $this->mailbox() );
		$this->assertSame( array( MailQueue::SENT, 2 ), array( $this->fresh( $id )->status, $this->fresh( $id )->attempts ) );
	}

	public function test_a_stuck_email_on_its_last_attempt_is_failed(): void {
		global $wpdb;
		$queued = $this->queued_receipt();
		$id     = $queued['email']->id;
		$wpdb->update(
			Schema::table( 'mail_queue' ),
			array(
				'status'      => MailQueue::SENDING,
				'attempts'    => MailWorker::MAX_ATTEMPTS,
				'claim_token' => str_repeat( 'e', 32 ),
				'claimed_at'  => gmdate( 'Y-m-d H:i:s', time() - HOUR_IN_SECONDS ),
			),
			array( 'id' => $id )
		);

		$result = $this->run_mail_queue();

		$this->assertSame( array( 1, 1, 0 ), array( $result['released'], $result['failed'], $result['sent'] ) );
		$this->assertSame( MailQueue::FAILED, $this->fresh( $id )->status );
		$this->assertSame( 'failed', $this->receipt_status( $queued['donation'] ) );
	}

	public function test_a_pass_is_bounded_and_asks_for_another_when_rows_remain(): void {
		foreach ( array( 1, 2, 3 ) as $n ) {
			$this->queue()->enqueue(
				MailQueue::CANCELLATION,
				$this->email( "donor{$n}" ),
				array(
					'subject' => "Email {$n}",
					'html'    => '<p>Hi</p>',
					'text'    => 'Hi',
				)
			);
		}
		wp_clear_scheduled_hook( MailSchedule::HOOK );

		$first = $this->service( MailWorker::class )->run( 2, 20 );

		$this->assertSame( array( 2, true ), array( $first['sent'], $first['more'] ) );
		$this->assertIsInt( wp_next_scheduled( MailSchedule::HOOK ) );
		$this->assertSame( array( 'Email 1', 'Email 2' ), array_column( $this->mailbox(), 'subject' ), 'oldest first' );
		$second = $this->service( MailWorker::class )->run( 2, 20 );
		$this->assertSame( array( 1, false ), array( $second['sent'], $second['more'] ) );
		$this->assertCount( 3, $this->mailbox() );
	}

	public function test_staff_resend_a_sent_email_as_a_new_copy(): void {
		$queued = $this->queued_receipt();
		$this->run_mail_queue();
		$admin = $this->log_in_as( 'administrator' );
		$id    = $queued['email']->id;

		$result = $this->admin_post(
			EmailsPage::RESEND_ACTION,
			array(
				'email'    => $id,
				'_wpnonce' => wp_create_nonce( EmailsPage::resend_nonce_action( $id ) ),
			)
		);

		$this->assertSame( 'sent', $this->redirected_to( $result )['resent'] );
		$mail = $this->mailbox();
		$this->assertCount( 2, $mail );
		$this->assertSame( $mail[0]['subject'], $mail[1]['subject'] );
		$copy = $this->queue()->page( '', 1, 1 )[0];
		$this->assertSame( array( $id, $admin, MailQueue::SENT, $queued['donation'] ), array( $copy->resent_from, $copy->requested_by, $copy->status, $copy->donation_id ) );
		$this->assertSame( MailQueue::SENT, $this->fresh( $id )->status, 'the original keeps its record' );
	}

	public function test_staff_retry_a_failed_email_now_and_its_receipt_log_follows(): void {
		global $wpdb;
		$queued = $this->queued_receipt();
		$id     = $queued['email']->id;
		$this->mail_fails();
		$this->run_mail_queue();
		$wpdb->update( Schema::table( 'mail_queue' ), array( 'attempts' => MailWorker::MAX_ATTEMPTS - 1 ), array( 'id' => $id ) );
		$this->make_due( $id );
		$this->run_mail_queue();
		$this->assertSame( 'failed', $this->receipt_status( $queued['donation'] ) );
		$this->mail_works();
		$this->log_in_as( 'administrator' );

		$result = $this->admin_post(
			EmailsPage::RESEND_ACTION,
			array(
				'email'    => $id,
				'_wpnonce' => wp_create_nonce( EmailsPage::resend_nonce_action( $id ) ),
			)
		);

		$this->assertSame( 'sent', $this->redirected_to( $result )['resent'] );
		$this->assertCount( 1, $this->mailbox() );
		$email = $this->fresh( $id );
		$this->assertSame( array( MailQueue::SENT, 1 ), array( $email->status, $email->attempts ), 'the same row, with a fresh set of attempts' );
		$this->assertSame( 'sent', $this->receipt_status( $queued['donation'] ) );
		$this->assertCount( 1, $this->queue()->page( '', 50, 1 ) );
	}

	public function test_resend_that_fails_again_stays_queued_for_the_worker(): void {
		$id = $this->queued_receipt()['email']->id;
		$this->mail_fails();
		$this->run_mail_queue();
		$this->log_in_as( 'administrator' );

		$result = $this->admin_post(
			EmailsPage::RESEND_ACTION,
			array(
				'email'    => $id,
				'_wpnonce' => wp_create_nonce( EmailsPage::resend_nonce_action( $id ) ),
			)
		);

		$this->assertSame( 'queued', $this->redirected_to( $result )['resent'] );
		$this->assertSame( array( MailQueue::QUEUED, 1 ), array( $this->fresh( $id )->status, $this->fresh( $id )->attempts ) );
	}

	public function test_resend_needs_the_nonce_of_that_email_and_the_capability(): void {
		$id    = $this->queued_receipt()['email']->id;
		$other = $this->queue()->enqueue(
			MailQueue::CANCELLATION,
			$this->email( 'other' ),
			array(
				'subject' => 'Other',
				'html'    => '<p>Other</p>',
				'text'    => 'Other',
			)
		);
		$this->run_mail_queue();

		$this->log_in_as( 'administrator' );
		$this->assertDied( 403, $this->admin_post( EmailsPage::RESEND_ACTION, array( 'email' => $id ) ) );
		$this->assertDied(
			403,
			$this->admin_post(
				EmailsPage::RESEND_ACTION,
				array(
					'email'    => $id,
					'_wpnonce' => wp_create_nonce( EmailsPage::resend_nonce_action( $other ) ),
				)
			)
		);
		$this->log_in_as( 'editor' );
		$this->assertDied(
			403,
			$this->admin_post(
				EmailsPage::RESEND_ACTION,
				array(
					'email'    => $id,
					'_wpnonce' => wp_create_nonce( EmailsPage::resend_nonce_action( $id ) ),
				)
			)
		);

		$this->assertCount( 2, $this->mailbox(), 'nothing was sent again' );
		$this->assertCount( 2, $this->queue()->page( '', 50, 1 ) );
	}

	public function test_the_emails_screen_lists_queued_sent_and_failing_emails_with_counts_in_the_site_time_zone(): void {
		update_option( 'timezone_string', 'Australia/Sydney' );
		update_option( 'date_format', 'j F Y' );
		global $wpdb;
		$sent = $this->queued_receipt()['email']->id;
		$this->run_mail_queue();
		$wpdb->update( Schema::table( 'mail_queue' ), array( 'sent_at' => '2026-03-01 13:30:00' ), array( 'id' => $sent ) );
		$this->mail_fails();
		$failing = $this->queue()->enqueue(
			MailQueue::CANCELLATION,
			$this->email( 'failing' ),
			array(
				'subject' => 'Your 4-weekly donation to Helping Hands Australia has been cancelled',
				'html'    => '<p>Bye</p>',
				'text'    => 'Bye',
			)
		);
		$this->run_mail_queue();
		$this->mail_works();
		$this->log_in_as( 'administrator' );

		$_GET = array( 'page' => EmailsPage::SLUG );
		set_current_screen( 'donation-widget_page_' . EmailsPage::SLUG );
		$html = $this->run_stoppable( fn () => $this->service( EmailsPage::class )->render() )['output'];

		$this->assertStringContainsString( 'Sent <span class="count">(1)</span>', $html );
		$this->assertStringContainsString( 'Queued <span class="count">(1)</span>', $html );
		$this->assertStringContainsString( 'All <span class="count">(2)</span>', $html );
		$this->assertStringContainsString( 'Receipt', $html );
		$this->assertStringContainsString( 'Retrying', $html );
		$this->assertStringContainsString( 'wp_mail() could not send it.', $html );
		$this->assertStringContainsString( $this->email( 'failing' ), $html );
		$this->assertStringContainsString( '2 March 2026', $html, 'times in the site time zone' );
		$this->assertStringContainsString( esc_url( EmailsPage::resend_url( $failing ) ), $html );
		$this->assertStringContainsString( esc_url( EmailsPage::resend_url( $sent ) ), $html );

		$_GET     = array(
			'page'   => EmailsPage::SLUG,
			'status' => 'sent',
		);
		$filtered = $this->run_stoppable( fn () => $this->service( EmailsPage::class )->render() )['output'];
		$this->assertStringNotContainsString( $this->email( 'failing' ), $filtered );

		$this->log_in_as( 'editor' );
		$this->assertDied( 403, $this->run_stoppable( fn () => $this->service( EmailsPage::class )->render() ) );
	}

	public function test_erasing_a_donors_personal_data_deletes_their_emails_from_the_queue(): void {
		$this->queued_receipt();
		$this->run_mail_queue();
		$this->queued_receipt();
		$other = $this->queue()->enqueue(
			MailQueue::CANCELLATION,
			$this->email( 'other' ),
			array(
				'subject' => 'Other',
				'html'    => '<p>Other</p>',
				'text'    => 'Other',
			)
		);

		$result = $this->service( \DonationWidget\Privacy\DonorDataEraser::class )->erase( $this->email() );

		$this->assertTrue( $result['items_removed'] );
		$left = $this->queue()->page( '', 50, 1 );
		$this->assertSame( array( $other ), array_map( static fn ( QueuedEmail $e ): int => $e->id, $left ), 'only the other donor\'s email is left' );
	}
}
