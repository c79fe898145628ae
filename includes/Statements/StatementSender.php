<?php
/**
 * Sends statements: one, a test, or a whole year in the background.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Statements;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Emails\MailQueue;

/**
 * Every statement email goes through the mail queue (kind "statement"), so sending a year never
 * waits on a mail server and a failing one is retried like any donor email. A statement is
 * rebuilt from the donations at the moment it is sent, so a refund made after the year's donors
 * were found is still left out (and a donor taken below $2 by refunds is skipped).
 *
 * Once a donor's statement of a year is issued (sent, or opened from its link), it is recorded
 * as issued (IssuedStatements) and every later send of it, a resend or "Send all" again, sends
 * that statement exactly as issued; a change to its gifts since waits in an amended statement
 * (StatementAmendments) until staff send it.
 *
 * A year's run advances in steps: each finds one page of donors, or sends one batch of their
 * statements, and any server may take a step (the admin's progress requests and WP-Cron). Each
 * statement is claimed before it is queued (StatementLog::claim()), so two servers stepping at
 * once never send one twice.
 */
final class StatementSender {

	public const KIND = 'statement';

	public const TEST_KIND = 'statement_test';

	/**
	 * The action fired once a donor's statement is queued to them.
	 */
	public const SENT_ACTION = 'donation_widget_statement_sent';

	/**
	 * Donor addresses looked at per step while finding.
	 */
	public const FIND_PAGE = 200;

	/**
	 * Statements queued per step while sending.
	 */
	public const SEND_BATCH = 25;

	/**
	 * Builds the sender.
	 *
	 * @param StatementQuery      $query      Reads gifts.
	 * @param StatementLog        $log        The statements table.
	 * @param StatementRuns       $runs       The years' runs.
	 * @param StatementDocument   $document   What a statement says.
	 * @param StatementLinks      $links      Printable links.
	 * @param MailQueue           $queue      The mail queue.
	 * @param IssuedStatements    $issued     Statements as issued.
	 * @param StatementAmendments $amendments The statement a donor holds.
	 */
	public function __construct(
		private readonly StatementQuery $query,
		private readonly StatementLog $log,
		private readonly StatementRuns $runs,
		private readonly StatementDocument $document,
		private readonly StatementLinks $links,
		private readonly MailQueue $queue,
		private readonly IssuedStatements $issued,
		private readonly StatementAmendments $amendments
	) {
	}

	/**
	 * Sends one donor's statement, unless it was sent already and this is not a resend.
	 *
	 * @param Statement $statement The statement.
	 * @param bool      $resend    Whether to send it again if it was sent.
	 * @return string 'sent', 'already_sent' (not a resend) or 'busy' (another server is sending it, or the queue refused it).
	 */
	public function send( Statement $statement, bool $resend = false ): string {
		$id    = $this->log->record( $statement->year, $statement->email, $statement->organisation, $statement->name, count( $statement->gifts ), $statement->total_cents() );
		$token = self::token();
		if ( ! $this->log->claim( $id, $token, $resend ) ) {
			$row = $this->log->find( $id );
			return null !== $row && StatementLog::SENT === $row['status'] ? 'already_sent' : 'busy';
		}
		return $this->deliver( $id, $token, $statement ) ? 'sent' : 'busy';
	}

	/**
	 * Queues a copy of a statement to a member of staff, marked as a test; the donor's own
	 * statement is not counted as sent.
	 *
	 * @param Statement $statement The statement.
	 * @param string    $to        Staff address.
	 * @return int The mail queue row, or 0.
	 */
	public function send_test( Statement $statement, string $to ): int {
		$url = $this->links->url( $statement->email, $statement->organisation, $statement->year, StatementLinks::EMAIL_SECONDS );
		return $this->queue->enqueue( self::TEST_KIND, $to, $this->document->email( $statement, $url, true ) );
	}

	/**
	 * One step of a year's run: a page of donors found, or a batch of statements sent.
	 *
	 * @param FinancialYear $year The year.
	 * @return bool Whether there is more to do.
	 */
	public function step( FinancialYear $year ): bool {
		$run = $this->runs->find( $year );
		if ( null === $run || StatementRuns::DONE === $run['status'] ) {
			return false;
		}
		if ( StatementRuns::FINDING === $run['status'] ) {
			$emails = $this->query->donor_page( $run['cursor_email'], self::FIND_PAGE );
			foreach ( $this->query->totals_of( $emails, $year ) as $donor ) {
				$this->log->record( $year, $donor['email'], $donor['organisation'], $donor['name'], $donor['gifts'], $donor['total_cents'] );
			}
			$last = count( $emails ) < self::FIND_PAGE;
			$this->runs->advance( $year, $run['cursor_email'], $last ? $run['cursor_email'] : (string) end( $emails ), $last );
			return true;
		}
		$this->log->release_stale( $year );
		$ids = $this->log->pending_ids( $year, self::SEND_BATCH );
		foreach ( $ids as $id ) {
			$token = self::token();
			if ( ! $this->log->claim( $id, $token ) ) {
				// Another server has it.
				continue;
			}
			$row       = $this->log->find( $id );
			$statement = null !== $row ? $this->query->statement( $row['email'], $row['organisation'], $year ) : null;
			if ( null === $statement ) {
				$this->log->finish( $id, $token, StatementLog::SKIPPED, 0, 0, 0 );
				continue;
			}
			$this->deliver( $id, $token, $statement );
		}
		$counts = $this->log->counts( $year );
		if ( 0 === $counts[ StatementLog::PENDING ] && 0 === $counts[ StatementLog::SENDING ] ) {
			$this->runs->finish( $year );
			return false;
		}
		return true;
	}

	/**
	 * Steps every unfinished year for a while (WP-Cron).
	 *
	 * @param float $seconds Time budget.
	 * @return bool Whether any year has more to do.
	 */
	public function run( float $seconds = 20.0 ): bool {
		$until = microtime( true ) + $seconds;
		$more  = false;
		foreach ( $this->runs->unfinished() as $year ) {
			do {
				$more_of_year = $this->step( $year );
			} while ( $more_of_year && microtime( true ) < $until );
			$more = $more || $more_of_year;
		}
		return $more;
	}

	/**
	 * Queues a claimed statement and records it sent. A year that has ended is sent as issued:
	 * the statement the donor already holds, or, for their first, the gifts as they are now,
	 * recorded as issued before the email is queued so that it carries its number.
	 *
	 * @param int       $id        Row id.
	 * @param string    $token     The claim.
	 * @param Statement $statement The statement as it is now.
	 */
	private function deliver( int $id, string $token, Statement $statement ): bool {
		$url  = $this->links->url( $statement->email, $statement->organisation, $statement->year, StatementLinks::EMAIL_SECONDS );
		$held = null;
		if ( $statement->year->has_ended() ) {
			$held = $this->amendments->held( $statement->year, $statement->email, $statement->organisation )
				?? $this->issued->issue_original( $statement, IssuedStatement::BY_EMAIL );
		}
		$email   = null !== $held ? $this->document->email_issued( $held, $url ) : $this->document->email( $statement, $url );
		$mail_id = $this->queue->enqueue( self::KIND, $statement->email, $email, array( 'source_id' => $id ) );
		if ( 0 === $mail_id ) {
			$this->log->release( $id, $token );
			return false;
		}
		if ( null !== $held ) {
			$this->issued->note_mail( $held->id, $mail_id );
			$finished = $this->log->finish( $id, $token, StatementLog::SENT, $mail_id, $held->gifts, $held->total_cents );
		} else {
			$finished = $this->log->finish( $id, $token, StatementLog::SENT, $mail_id, count( $statement->gifts ), $statement->total_cents() );
		}
		/**
		 * A donor's statement was queued to them (sent, resent, or sent by a year's run).
		 *
		 * @param string $email        The address it went to.
		 * @param string $organisation '' for the donor's own, else the organisation's name.
		 * @param int    $year         The financial year it is for (the year it ends in).
		 */
		do_action( 'donation_widget_statement_sent', $statement->email, $statement->organisation, $statement->year->ending );
		return $finished;
	}

	/**
	 * A claim token.
	 */
	private static function token(): string {
		return bin2hex( random_bytes( 16 ) );
	}
}
