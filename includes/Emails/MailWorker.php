<?php
/**
 * Sends the queued donor emails.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Emails;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * One pass over the queue, run by WP-Cron (MailSchedule): releases claims that died, then takes
 * due rows one at a time with MailQueue::claim() (so a row two servers reach at once is sent by
 * one), sends each through DonorMailer, and records the outcome. A failed attempt is retried
 * after 5 minutes, 30 minutes, 2 hours and 12 hours; after the fifth it is failed.
 *
 * A pass stops after PASS_ROWS rows or PASS_SECONDS seconds, and asks for another pass when
 * due rows remain, so one cron request never runs long.
 */
final class MailWorker {

	/**
	 * Days a sent email stays in the queue's table (shown in the Emails screen) before it is removed.
	 */
	public const KEEP_SENT_DAYS = 90;

	/**
	 * Seconds to wait after each failed attempt; one more attempt than delays.
	 */
	public const BACKOFF = array( 5 * MINUTE_IN_SECONDS, 30 * MINUTE_IN_SECONDS, 2 * HOUR_IN_SECONDS, 12 * HOUR_IN_SECONDS );

	public const MAX_ATTEMPTS = 5;

	/**
	 * A claim older than this is taken to be dead (far longer than any SMTP conversation).
	 */
	public const STUCK_AFTER = 15 * MINUTE_IN_SECONDS;

	public const PASS_ROWS = 50;

	public const PASS_SECONDS = 20;

	/**
	 * Fired after an email left: (int id, string kind, int source_id).
	 */
	public const SENT_ACTION = 'donation_widget_email_sent';

	/**
	 * Fired when an email is given up on after its last attempt: (int id, string kind, int source_id, string error).
	 */
	public const FAILED_ACTION = 'donation_widget_email_failed';

	/**
	 * Builds the worker.
	 *
	 * @param MailQueue    $queue    The queue.
	 * @param DonorMailer  $mailer   The way out.
	 * @param MailSchedule $schedule Asks for another pass when rows remain.
	 */
	public function __construct(
		private readonly MailQueue $queue,
		private readonly DonorMailer $mailer,
		private readonly MailSchedule $schedule
	) {
	}

	/**
	 * The five-minute safety net: a pass (a lost wake-up must not strand an email), then sent
	 * emails older than KEEP_SENT_DAYS leave the queue's table.
	 */
	public function run_safety_net(): void {
		$this->run();
		$this->queue->purge_sent( self::KEEP_SENT_DAYS, 500 );
	}

	/**
	 * One bounded pass.
	 *
	 * @param int $max_rows    Rows at most.
	 * @param int $max_seconds Seconds at most (checked before each row).
	 * @return array{sent: int, retried: int, failed: int, released: int, lost: int, more: bool} What happened.
	 */
	public function run( int $max_rows = self::PASS_ROWS, int $max_seconds = self::PASS_SECONDS ): array {
		$result = array(
			'sent'     => 0,
			'retried'  => 0,
			'failed'   => 0,
			'released' => 0,
			'lost'     => 0,
			'more'     => false,
		);
		foreach ( $this->queue->release_stuck( self::STUCK_AFTER, self::MAX_ATTEMPTS ) as $stuck ) {
			++$result['released'];
			if ( $stuck->attempts >= self::MAX_ATTEMPTS ) {
				++$result['failed'];
				$this->announce_failure( $stuck, __( 'The attempt did not finish (the sending process stopped).', 'donation-widget' ) );
			}
		}

		$started = microtime( true );
		$token   = self::token();
		// One more than the pass takes, to learn whether another pass is needed.
		$due = $this->queue->due_ids( $max_rows + 1 );
		foreach ( array_slice( $due, 0, $max_rows ) as $id ) {
			if ( microtime( true ) - $started >= $max_seconds ) {
				$result['more'] = true;
				break;
			}
			$email = $this->queue->claim( $id, $token );
			if ( null === $email ) {
				// Another server took it first.
				++$result['lost'];
				continue;
			}
			++$result[ $this->deliver( $email, $token ) ];
		}
		if ( count( $due ) > $max_rows || $result['more'] ) {
			$result['more'] = true;
			$this->schedule->soon();
		}
		return $result;
	}

	/**
	 * Claims and sends one row now, if it is due and no one else has it (staff's "Resend").
	 *
	 * @param int $id Row id.
	 * @return string 'sent', 'retried', 'failed', or 'lost' when it was not claimable.
	 */
	public function send_now( int $id ): string {
		$token = self::token();
		$email = $this->queue->claim( $id, $token );
		return null === $email ? 'lost' : $this->deliver( $email, $token );
	}

	/**
	 * Sends a claimed row and records the outcome.
	 *
	 * @param QueuedEmail $email A row this worker claimed (attempts already counted).
	 * @param string      $token The claim token.
	 * @return 'sent'|'retried'|'failed'
	 */
	private function deliver( QueuedEmail $email, string $token ): string {
		$error   = '';
		$capture = static function ( $wp_error ) use ( &$error ): void {
			if ( $wp_error instanceof \WP_Error ) {
				$error = $wp_error->get_error_message();
			}
		};
		add_action( 'wp_mail_failed', $capture );
		try {
			$sent = $this->mailer->send( $email->recipient, $email->subject, $email->html, $email->text );
		} catch ( \Throwable $thrown ) {
			$sent  = false;
			$error = $thrown->getMessage();
		} finally {
			remove_action( 'wp_mail_failed', $capture );
		}

		if ( $sent ) {
			if ( $this->queue->mark_sent( $email->id, $token ) ) {
				/** Lets the email's own domain record that it left (the receipt log, the card-update audit). */
				do_action( 'donation_widget_email_sent', $email->id, $email->kind, $email->source_id );
			}
			return 'sent';
		}

		if ( '' === $error ) {
			$error = is_email( $email->recipient ) ? __( 'wp_mail() could not send it.', 'donation-widget' ) : __( 'The recipient address is not valid.', 'donation-widget' );
		}
		if ( $email->attempts >= self::MAX_ATTEMPTS ) {
			if ( $this->queue->mark_failed( $email->id, $token, $error ) ) {
				$this->announce_failure( $email, $error );
			}
			return 'failed';
		}
		$retry_at = time() + self::BACKOFF[ max( 0, min( $email->attempts, count( self::BACKOFF ) ) - 1 ) ];
		$this->queue->mark_retry( $email->id, $token, $error, $retry_at );
		// The recurring pass would find it too; this wakes the worker close to the time.
		$this->schedule->at( $retry_at );
		return 'retried';
	}

	/**
	 * Tells the email's domain, and the log, that it was given up on.
	 *
	 * @param QueuedEmail $email The email.
	 * @param string      $error Why.
	 */
	private function announce_failure( QueuedEmail $email, string $error ): void {
		// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- the admin must learn a donor was not told.
		error_log( sprintf( 'Donation Widget: the %s email #%d could not be sent after %d attempts: %s', $email->kind, $email->id, $email->attempts, $error ) );
		/** Lets the email's own domain record that it failed. */
		do_action( 'donation_widget_email_failed', $email->id, $email->kind, $email->source_id, $error );
	}

	/**
	 * A claim token: random, so each worker pass is told apart.
	 */
	private static function token(): string {
		return bin2hex( random_bytes( 16 ) );
	}
}
