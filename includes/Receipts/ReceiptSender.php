<?php
/**
 * Emails receipts.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Receipts;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donations\Donation;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Emails\DonorMailer;
use DonationWidget\Emails\MailQueue;
use DonationWidget\Settings\Settings;

/**
 * Sends the receipt of a donation once, when it succeeds (the first gift or a 4-weekly
 * renewal), and a copy whenever staff ask. Every receipt is written to the receipt log.
 * The automatic receipt is written when the donation succeeds and queued (MailQueue), so the
 * donor's request and the webhook never wait for a mail server; its log row follows the
 * queue: queued, then sent or failed.
 */
final class ReceiptSender {

	public const SENT          = 'sent';
	public const FAILED        = 'failed';
	public const NOT_FOUND     = 'not_found';
	public const NOT_RECEIPTED = 'not_receipted';
	public const NO_EMAIL      = 'no_email';

	/**
	 * Donations with money kept by the charity: only these get a receipt.
	 */
	private const RECEIPTED = array( DonationStatus::SUCCEEDED, DonationStatus::PARTIALLY_REFUNDED );

	/**
	 * Builds the sender.
	 *
	 * @param DonationRepository $donations Donation records.
	 * @param ReceiptLog         $log       Receipts sent.
	 * @param ReceiptEmail       $email     The template.
	 * @param DonorMailer        $mailer    The way out.
	 * @param Settings           $settings  Whether to send, and the number prefix.
	 * @param MailQueue          $queue     Where the automatic receipt waits for the mail worker.
	 */
	public function __construct(
		private readonly DonationRepository $donations,
		private readonly ReceiptLog $log,
		private readonly ReceiptEmail $email,
		private readonly DonorMailer $mailer,
		private readonly Settings $settings,
		private readonly MailQueue $queue
	) {
	}

	/**
	 * Listener of donation_widget_donation_succeeded: queues the automatic receipt, unless it
	 * was already claimed (by this request or another server).
	 *
	 * @param mixed $donation_id The donation that succeeded.
	 */
	public function on_donation_succeeded( mixed $donation_id ): void {
		if ( ! is_numeric( $donation_id ) || true !== (bool) $this->settings->get( 'receipt_send_automatically' ) ) {
			return;
		}
		// Read again: the action says what happened, the row says what is true now.
		$donation = $this->donations->find( (int) $donation_id );
		if ( null === $donation || DonationStatus::SUCCEEDED !== $donation->status() || ! self::can_email( $donation->email() ) ) {
			return;
		}
		$number = $this->number( $donation );
		$log_id = $this->log->claim_automatic( $donation->id(), $number );
		if ( 0 === $log_id ) {
			return;
		}
		$queued = $this->queue->enqueue(
			MailQueue::RECEIPT,
			$donation->email(),
			$this->email->build( $donation, $number, false ),
			array(
				'donation_id'     => $donation->id(),
				'subscription_id' => $donation->subscription_id(),
				'source_id'       => $log_id,
			)
		);
		$this->log->finish( $log_id, 0 !== $queued ? ReceiptLog::QUEUED : ReceiptLog::FAILED );
	}

	/**
	 * Listener of the mail queue's outcomes: keeps the automatic receipt's log row in step.
	 *
	 * @param mixed  $kind      The email's kind.
	 * @param mixed  $source_id The receipt log row it was queued for.
	 * @param string $status    ReceiptLog::SENT, FAILED or QUEUED (staff retried it).
	 */
	public function record_delivery( mixed $kind, mixed $source_id, string $status ): void {
		if ( MailQueue::RECEIPT === $kind && is_numeric( $source_id ) && (int) $source_id > 0 ) {
			$this->log->finish( (int) $source_id, $status );
		}
	}

	/**
	 * The mail worker's SENT_ACTION: the receipt's log row says sent.
	 *
	 * @param mixed $id        The queued email's row id.
	 * @param mixed $kind      The email's kind.
	 * @param mixed $source_id The receipt log row it was queued for.
	 */
	public function on_mail_sent( mixed $id, mixed $kind, mixed $source_id ): void {
		$this->record_delivery( $kind, $source_id, ReceiptLog::SENT );
	}

	/**
	 * The mail worker's FAILED_ACTION: the receipt's log row says failed.
	 *
	 * @param mixed $id        The queued email's row id.
	 * @param mixed $kind      The email's kind.
	 * @param mixed $source_id The receipt log row it was queued for.
	 */
	public function on_mail_failed( mixed $id, mixed $kind, mixed $source_id ): void {
		$this->record_delivery( $kind, $source_id, ReceiptLog::FAILED );
	}

	/**
	 * The mail queue's REQUEUED_ACTION (staff retried it): the receipt's log row says queued.
	 *
	 * @param mixed $id        The queued email's row id.
	 * @param mixed $kind      The email's kind.
	 * @param mixed $source_id The receipt log row it was queued for.
	 */
	public function on_mail_requeued( mixed $id, mixed $kind, mixed $source_id ): void {
		$this->record_delivery( $kind, $source_id, ReceiptLog::QUEUED );
	}

	/**
	 * Sends a copy of a donation's receipt, for staff.
	 *
	 * @param int $donation_id Donation row id.
	 * @param int $user_id     Who asked.
	 * @return string SENT, FAILED, NOT_FOUND, NOT_RECEIPTED or NO_EMAIL.
	 */
	public function resend( int $donation_id, int $user_id ): string {
		$donation = $this->donations->find( $donation_id );
		if ( null === $donation ) {
			return self::NOT_FOUND;
		}
		if ( ! in_array( $donation->status(), self::RECEIPTED, true ) ) {
			return self::NOT_RECEIPTED;
		}
		if ( ! self::can_email( $donation->email() ) ) {
			return self::NO_EMAIL;
		}
		$number = $this->number( $donation );
		$log_id = $this->log->start_resend( $donation->id(), $number, $user_id );
		$sent   = $this->send( $donation, $number, true );
		$this->log->finish( $log_id, $sent ? ReceiptLog::SENT : ReceiptLog::FAILED );
		return $sent ? self::SENT : self::FAILED;
	}

	/**
	 * The receipt number of a donation: the one already sent, else its receipt sequence number
	 * with today's prefix; '' for money not received.
	 *
	 * @param Donation $donation The donation.
	 */
	public function number( Donation $donation ): string {
		$issued = $this->log->number_of( $donation->id() );
		if ( '' !== $issued ) {
			return $issued;
		}
		$sequence = $donation->receipt_seq();
		if ( 0 === $sequence && in_array( $donation->status(), self::RECEIPTED, true ) ) {
			// Paid, yet unnumbered: the request that recorded the payment ended between its writes.
			$sequence = $this->donations->give_receipt_number( $donation->id() );
		}
		return $sequence > 0 ? ReceiptNumber::format( $sequence, $this->settings->string( 'receipt_number_prefix' ) ) : '';
	}

	/**
	 * Whether a donor address can receive email: valid, and not the placeholder a personal-data
	 * erasure leaves behind.
	 *
	 * @param string $email Address.
	 */
	public static function can_email( string $email ): bool {
		return false !== is_email( $email ) && ! str_ends_with( strtolower( $email ), '@site.invalid' );
	}

	/**
	 * Sends one receipt.
	 *
	 * @param Donation $donation The donation.
	 * @param string   $number   Its receipt number.
	 * @param bool     $is_copy  Whether staff resent it.
	 */
	private function send( Donation $donation, string $number, bool $is_copy ): bool {
		$email = $this->email->build( $donation, $number, $is_copy );
		return $this->mailer->send( $donation->email(), $email['subject'], $email['html'], $email['text'] );
	}
}
