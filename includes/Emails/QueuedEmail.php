<?php
/**
 * One row of the mail queue.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Emails;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * A donor email as the queue holds it: what it says (fixed when its event happened), who it is
 * for, what it belongs to, and how sending it has gone so far. Times are UTC ('Y-m-d H:i:s').
 */
final class QueuedEmail {

	/**
	 * Builds it from a database row.
	 *
	 * @param int    $id              Row id.
	 * @param string $kind            One of MailQueue::KINDS.
	 * @param string $recipient       Address.
	 * @param string $subject         Subject line.
	 * @param string $html            HTML body.
	 * @param string $text            Plain-text body.
	 * @param bool   $single_use      Whether the body carries a one-time link (kept only until sent).
	 * @param int    $donation_id     The donation it is about, or 0.
	 * @param string $subscription_id The 4-weekly donation it is about, or ''.
	 * @param int    $source_id       The sending domain's own record (receipt log row, card-update link), or 0.
	 * @param int    $resent_from     The email this is a copy of, or 0.
	 * @param int    $requested_by    The user who asked for the copy or retry, or 0.
	 * @param string $status          One of the MailQueue statuses.
	 * @param int    $attempts        Sending attempts so far.
	 * @param string $next_attempt_at When it may be tried next.
	 * @param string $last_error      Why the last attempt failed, or ''.
	 * @param string $claimed_at      When a worker took it, or ''.
	 * @param string $sent_at         When it was sent, or ''.
	 * @param string $created_at      When it was queued.
	 */
	public function __construct(
		public readonly int $id,
		public readonly string $kind,
		public readonly string $recipient,
		public readonly string $subject,
		public readonly string $html,
		public readonly string $text,
		public readonly bool $single_use,
		public readonly int $donation_id,
		public readonly string $subscription_id,
		public readonly int $source_id,
		public readonly int $resent_from,
		public readonly int $requested_by,
		public readonly string $status,
		public readonly int $attempts,
		public readonly string $next_attempt_at,
		public readonly string $last_error,
		public readonly string $claimed_at,
		public readonly string $sent_at,
		public readonly string $created_at
	) {
	}

	/**
	 * Builds it from $wpdb's ARRAY_A row.
	 *
	 * @param array<string, mixed> $row Column => value.
	 */
	public static function from_row( array $row ): self {
		$string = static fn ( string $key ): string => isset( $row[ $key ] ) && is_scalar( $row[ $key ] ) ? (string) $row[ $key ] : '';
		$int    = static fn ( string $key ): int => (int) $string( $key );
		return new self(
			$int( 'id' ),
			$string( 'kind' ),
			$string( 'recipient' ),
			$string( 'subject' ),
			$string( 'html' ),
			$string( 'text' ),
			1 === $int( 'single_use' ),
			$int( 'donation_id' ),
			$string( 'subscription_id' ),
			$int( 'source_id' ),
			$int( 'resent_from' ),
			$int( 'requested_by' ),
			$string( 'status' ),
			$int( 'attempts' ),
			$string( 'next_attempt_at' ),
			$string( 'last_error' ),
			$string( 'claimed_at' ),
			$string( 'sent_at' ),
			$string( 'created_at' )
		);
	}

	/**
	 * Whether staff may ask for it again: a sent email as a new copy, a failing or failed one
	 * retried now. An email whose one-time link was removed after sending cannot be copied.
	 */
	public function can_resend(): bool {
		if ( MailQueue::SENT === $this->status ) {
			return ! $this->single_use;
		}
		return MailQueue::FAILED === $this->status || ( MailQueue::QUEUED === $this->status && $this->attempts > 0 );
	}
}
