<?php
/**
 * The table of donor emails waiting to be sent, and of those sent or given up on.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Emails;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the mail queue's one gateway: every claim must be decided by the shared database on every server (never a cache); the only interpolated name is the plugin's own table from Schema::table(), every value goes through $wpdb->prepare(), $wpdb->insert() or $wpdb->update().

/**
 * An email is queued with its final words when its event happens (a donation succeeded, a
 * renewal failed, a 4-weekly donation ended), so the donor's request or the webhook never waits
 * for a mail server. A worker (MailWorker) takes each due row with a conditional UPDATE that
 * only one server can win, and records how it went.
 *
 * Statuses: queued (waiting, maybe after a failed attempt) → sending (claimed by one worker) →
 * sent, or failed once every attempt failed.
 */
final class MailQueue {

	public const QUEUED  = 'queued';
	public const SENDING = 'sending';
	public const SENT    = 'sent';
	public const FAILED  = 'failed';

	public const RECEIPT        = 'receipt';
	public const FAILED_RENEWAL = 'failed_renewal';
	public const CANCELLATION   = 'cancellation';

	/**
	 * Fired when a row is queued (new, copied or retried): the schedule wakes the worker.
	 */
	public const QUEUED_ACTION = 'donation_widget_email_queued';

	/**
	 * Fired when staff put an email back in the queue: (int id, string kind, int source_id).
	 */
	public const REQUEUED_ACTION = 'donation_widget_email_requeued';

	/**
	 * Text that replaces the body of a single-use email once it is sent.
	 */
	private const REMOVED = '[removed after sending: this email carried a one-time link]';

	/**
	 * Every status, for the admin's filters.
	 *
	 * @return list<string>
	 */
	public static function statuses(): array {
		return array( self::QUEUED, self::SENDING, self::SENT, self::FAILED );
	}

	/**
	 * Queues an email.
	 *
	 * @param string                                                                                 $kind      RECEIPT, FAILED_RENEWAL, CANCELLATION or another short name.
	 * @param string                                                                                 $recipient Address.
	 * @param array{subject: string, html: string, text: string}                                     $email     What it says.
	 * @param array{donation_id?: int, subscription_id?: string, source_id?: int, single_use?: bool} $about What it belongs to.
	 * @return int The row's id, or 0 when the database refused it.
	 */
	public function enqueue( string $kind, string $recipient, array $email, array $about = array() ): int {
		global $wpdb;
		$now      = self::now();
		$inserted = $wpdb->insert(
			Schema::table( 'mail_queue' ),
			array(
				'kind'            => sanitize_key( $kind ),
				'recipient'       => $recipient,
				'subject'         => mb_substr( $email['subject'], 0, 255 ),
				'html'            => $email['html'],
				'text'            => $email['text'],
				'single_use'      => empty( $about['single_use'] ) ? 0 : 1,
				'donation_id'     => (int) ( $about['donation_id'] ?? 0 ),
				'subscription_id' => (string) ( $about['subscription_id'] ?? '' ),
				'source_id'       => (int) ( $about['source_id'] ?? 0 ),
				'status'          => self::QUEUED,
				'attempts'        => 0,
				'next_attempt_at' => $now,
				'created_at'      => $now,
			),
			array( '%s', '%s', '%s', '%s', '%s', '%d', '%d', '%s', '%d', '%s', '%d', '%s', '%s' )
		);
		if ( false === $inserted ) {
			return 0;
		}
		$id = (int) $wpdb->insert_id;
		/** Wakes the worker: see MailSchedule. */
		do_action( 'donation_widget_email_queued', $id );
		return $id;
	}

	/**
	 * One row.
	 *
	 * @param int $id Row id.
	 */
	public function find( int $id ): ?QueuedEmail {
		global $wpdb;
		$table = Schema::table( 'mail_queue' );
		$row   = $wpdb->get_row( $wpdb->prepare( "SELECT * FROM {$table} WHERE id = %d", $id ), ARRAY_A );
		return is_array( $row ) ? QueuedEmail::from_row( $row ) : null;
	}

	/**
	 * The ids of queued rows that are due, oldest due first.
	 *
	 * @param int $limit At most this many.
	 * @return list<int>
	 */
	public function due_ids( int $limit ): array {
		global $wpdb;
		$table = Schema::table( 'mail_queue' );
		$ids   = $wpdb->get_col( $wpdb->prepare( "SELECT id FROM {$table} WHERE status = %s AND next_attempt_at <= %s ORDER BY next_attempt_at ASC, id ASC LIMIT %d", self::QUEUED, self::now(), $limit ) );
		return array_values( array_map( 'intval', $ids ) );
	}

	/**
	 * Takes a due row for one worker: only the UPDATE that moves it from queued to sending wins,
	 * so when two servers try the same row, one of them gets false and sends nothing. The attempt
	 * is counted here, so an attempt that dies half way still counts.
	 *
	 * @param int    $id    Row id.
	 * @param string $token The worker's claim token (32 characters).
	 * @return QueuedEmail|null The row as claimed, or null when another worker has it or it is not due.
	 */
	public function claim( int $id, string $token ): ?QueuedEmail {
		global $wpdb;
		$table = Schema::table( 'mail_queue' );
		$now   = self::now();
		$wpdb->query(
			$wpdb->prepare(
				"UPDATE {$table} SET status = %s, claim_token = %s, claimed_at = %s, attempts = attempts + 1 WHERE id = %d AND status = %s AND next_attempt_at <= %s",
				self::SENDING,
				$token,
				$now,
				$id,
				self::QUEUED,
				$now
			)
		);
		if ( 1 !== (int) $wpdb->rows_affected ) {
			return null;
		}
		$claimed = $this->find( $id );
		return null !== $claimed && self::SENDING === $claimed->status ? $claimed : null;
	}

	/**
	 * Records a sent email. A single-use email loses its body here: its one-time link must not
	 * stay readable in the database.
	 *
	 * @param int    $id    Row id.
	 * @param string $token The claim token it was sent under.
	 * @return bool Whether this worker still held the claim.
	 */
	public function mark_sent( int $id, string $token ): bool {
		global $wpdb;
		$table = Schema::table( 'mail_queue' );
		$wpdb->query(
			$wpdb->prepare(
				"UPDATE {$table} SET status = %s, sent_at = %s, last_error = '', claim_token = NULL,
					html = IF(single_use = 1, %s, html), text = IF(single_use = 1, %s, text)
				WHERE id = %d AND status = %s AND claim_token = %s",
				self::SENT,
				self::now(),
				self::REMOVED,
				self::REMOVED,
				$id,
				self::SENDING,
				$token
			)
		);
		return 1 === (int) $wpdb->rows_affected;
	}

	/**
	 * Puts a failed attempt back in the queue until a later time.
	 *
	 * @param int    $id      Row id.
	 * @param string $token   The claim token.
	 * @param string $error   Why it failed.
	 * @param int    $retry_at Unix time of the next attempt.
	 * @return bool Whether this worker still held the claim.
	 */
	public function mark_retry( int $id, string $token, string $error, int $retry_at ): bool {
		return $this->release( $id, $token, self::QUEUED, $error, gmdate( 'Y-m-d H:i:s', $retry_at ) );
	}

	/**
	 * Gives up on an email after its last attempt.
	 *
	 * @param int    $id    Row id.
	 * @param string $token The claim token.
	 * @param string $error Why the last attempt failed.
	 * @return bool Whether this worker still held the claim.
	 */
	public function mark_failed( int $id, string $token, string $error ): bool {
		return $this->release( $id, $token, self::FAILED, $error, self::now() );
	}

	/**
	 * Rows a worker claimed but never finished (its PHP process died, or timed out): back to
	 * the queue, or failed when that was their last attempt.
	 *
	 * @param int $older_than   Seconds a claim may last.
	 * @param int $max_attempts Attempts an email gets.
	 * @return list<QueuedEmail> The rows released, as they were while stuck.
	 */
	public function release_stuck( int $older_than, int $max_attempts ): array {
		global $wpdb;
		$table  = Schema::table( 'mail_queue' );
		$cutoff = gmdate( 'Y-m-d H:i:s', time() - $older_than );
		$rows   = $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$table} WHERE status = %s AND claimed_at < %s ORDER BY id ASC LIMIT 100", self::SENDING, $cutoff ), ARRAY_A );
		$stuck  = array();
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$email = QueuedEmail::from_row( $row );
			$error = __( 'The attempt did not finish (the sending process stopped).', 'donation-widget' );
			// Conditional on the same token and claim time: a worker that finishes now keeps its result.
			$wpdb->query(
				$wpdb->prepare(
					"UPDATE {$table} SET status = %s, claim_token = NULL, last_error = %s, next_attempt_at = %s WHERE id = %d AND status = %s AND claim_token = %s AND claimed_at < %s",
					$email->attempts >= $max_attempts ? self::FAILED : self::QUEUED,
					$error,
					self::now(),
					$email->id,
					self::SENDING,
					(string) $row['claim_token'],
					$cutoff
				)
			);
			if ( 1 === (int) $wpdb->rows_affected ) {
				$stuck[] = $email;
			}
		}
		return $stuck;
	}

	/**
	 * Staff retry of a failed or failing email: due now, with a fresh set of attempts.
	 *
	 * @param int $id      Row id.
	 * @param int $user_id Who asked.
	 * @return bool Whether it was queued again (false when it was sent or being sent meanwhile).
	 */
	public function retry_now( int $id, int $user_id ): bool {
		global $wpdb;
		$table = Schema::table( 'mail_queue' );
		$wpdb->query(
			$wpdb->prepare(
				"UPDATE {$table} SET status = %s, attempts = 0, next_attempt_at = %s, requested_by = %d WHERE id = %d AND ( status = %s OR ( status = %s AND attempts > 0 ) )",
				self::QUEUED,
				self::now(),
				$user_id,
				$id,
				self::FAILED,
				self::QUEUED
			)
		);
		if ( 1 !== (int) $wpdb->rows_affected ) {
			return false;
		}
		$email = $this->find( $id );
		if ( null !== $email ) {
			/** Lets the email's own domain put its record back to "queued". */
			do_action( 'donation_widget_email_requeued', $email->id, $email->kind, $email->source_id );
		}
		do_action( 'donation_widget_email_queued', $id );
		return true;
	}

	/**
	 * Staff resend of a sent email: a new copy with the same words, queued now.
	 *
	 * @param QueuedEmail $email   A sent email that can be copied.
	 * @param int         $user_id Who asked.
	 * @return int The copy's id, or 0.
	 */
	public function copy( QueuedEmail $email, int $user_id ): int {
		global $wpdb;
		if ( self::SENT !== $email->status || $email->single_use ) {
			return 0;
		}
		$now      = self::now();
		$inserted = $wpdb->insert(
			Schema::table( 'mail_queue' ),
			array(
				'kind'            => $email->kind,
				'recipient'       => $email->recipient,
				'subject'         => $email->subject,
				'html'            => $email->html,
				'text'            => $email->text,
				'donation_id'     => $email->donation_id,
				'subscription_id' => $email->subscription_id,
				'resent_from'     => $email->id,
				'requested_by'    => $user_id,
				'status'          => self::QUEUED,
				'next_attempt_at' => $now,
				'created_at'      => $now,
			),
			array( '%s', '%s', '%s', '%s', '%s', '%d', '%s', '%d', '%d', '%s', '%s', '%s' )
		);
		if ( false === $inserted ) {
			return 0;
		}
		$id = (int) $wpdb->insert_id;
		do_action( 'donation_widget_email_queued', $id );
		return $id;
	}

	/**
	 * How many rows are in each status.
	 *
	 * @return array<string, int> Status => count, every status present.
	 */
	public function counts(): array {
		global $wpdb;
		$table  = Schema::table( 'mail_queue' );
		$counts = array_fill_keys( self::statuses(), 0 );
		$rows   = $wpdb->get_results( "SELECT status, COUNT(*) AS n FROM {$table} GROUP BY status", ARRAY_A );
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$counts[ (string) $row['status'] ] = (int) $row['n'];
		}
		return $counts;
	}

	/**
	 * A page of rows, newest first.
	 *
	 * @param string $status   One of statuses(), or '' for all.
	 * @param int    $per_page Rows a page.
	 * @param int    $page     1-based page.
	 * @return list<QueuedEmail>
	 */
	public function page( string $status, int $per_page, int $page ): array {
		global $wpdb;
		$table  = Schema::table( 'mail_queue' );
		$offset = max( 0, $page - 1 ) * $per_page;
		$rows   = '' === $status
			? $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$table} ORDER BY id DESC LIMIT %d OFFSET %d", $per_page, $offset ), ARRAY_A )
			: $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$table} WHERE status = %s ORDER BY id DESC LIMIT %d OFFSET %d", $status, $per_page, $offset ), ARRAY_A );
		return array_values( array_map( array( QueuedEmail::class, 'from_row' ), is_array( $rows ) ? $rows : array() ) );
	}

	/**
	 * Removes sent emails older than a number of days: the queue is not an archive of donors'
	 * details (the receipt log and the donation keep the record).
	 *
	 * @param int $days  Age in days.
	 * @param int $limit At most this many rows a call.
	 * @return int Rows removed.
	 */
	public function purge_sent( int $days, int $limit ): int {
		global $wpdb;
		$table = Schema::table( 'mail_queue' );
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$table} WHERE status = %s AND sent_at < %s ORDER BY id ASC LIMIT %d", self::SENT, gmdate( 'Y-m-d H:i:s', time() - $days * DAY_IN_SECONDS ), $limit ) );
		return (int) $wpdb->rows_affected;
	}

	/**
	 * The current time as the table stores it (UTC).
	 */
	public static function now(): string {
		return gmdate( 'Y-m-d H:i:s' );
	}

	/**
	 * Ends a claim with a new status.
	 *
	 * @param int    $id       Row id.
	 * @param string $token    The claim token.
	 * @param string $status   QUEUED or FAILED.
	 * @param string $error    Why.
	 * @param string $retry_at When it is due again (UTC).
	 */
	private function release( int $id, string $token, string $status, string $error, string $retry_at ): bool {
		global $wpdb;
		$table = Schema::table( 'mail_queue' );
		$wpdb->query(
			$wpdb->prepare(
				"UPDATE {$table} SET status = %s, last_error = %s, next_attempt_at = %s, claim_token = NULL WHERE id = %d AND status = %s AND claim_token = %s",
				$status,
				mb_substr( $error, 0, 255 ),
				$retry_at,
				$id,
				self::SENDING,
				$token
			)
		);
		return 1 === (int) $wpdb->rows_affected;
	}
}
