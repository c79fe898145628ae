<?php
/**
 * Amended statements: prepared when a year already issued changes, sent when staff choose.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Statements;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Emails\MailQueue;

/**
 * A donor keeps the statement they were given: a refund, lost chargeback or late payment of a
 * gift in a year whose statement was issued never changes it. Instead the change prepares an
 * amended statement (the gifts as they are now, replacing the latest statement issued), which
 * waits until staff send it from the Tax statements screen. A second change rewrites the
 * waiting amendment; a change that brings the figures back to what the donor holds drops it.
 *
 * Found from the donations' own change event (DonationRepository::MONEY_CHANGED, wired in this
 * domain's provider, so Books never calls Statements): one read by primary key per change, and
 * one of the issued_statements key only for a gift of a year that has ended, so payouts, fees
 * and this year's refunds cost nothing more at a million donations. Staff opening a donor on the
 * screen prepare it too (on demand), for changes made before the event existed.
 */
final class StatementAmendments {

	public const KIND = 'statement_amended';

	/**
	 * The donation columns that change what a statement lists.
	 */
	private const COUNTED = array( 'status', 'refunded_cents', 'dispute_lost_cents' );

	/**
	 * Builds the service.
	 *
	 * @param StatementQuery    $query    Gifts as they are now.
	 * @param IssuedStatements  $issued   Statements as issued.
	 * @param StatementLog      $log      Sends recorded before statements were kept line by line.
	 * @param StatementDocument $document What an amended statement says.
	 * @param StatementLinks    $links    Printable links.
	 * @param MailQueue         $queue    The mail queue.
	 */
	public function __construct(
		private readonly StatementQuery $query,
		private readonly IssuedStatements $issued,
		private readonly StatementLog $log,
		private readonly StatementDocument $document,
		private readonly StatementLinks $links,
		private readonly MailQueue $queue
	) {
	}

	/**
	 * The donation_widget_donation_money_changed action.
	 *
	 * @param mixed $donation_id The donation changed.
	 * @param mixed $changed     The columns written.
	 */
	public function donation_changed( mixed $donation_id, mixed $changed = array() ): void {
		if ( ! is_numeric( $donation_id ) || ( is_array( $changed ) && array() === array_intersect( self::COUNTED, $changed ) ) ) {
			return;
		}
		$key = $this->query->statement_key_of( (int) $donation_id );
		if ( null === $key || ! $key['year']->has_ended() ) {
			return;
		}
		$this->prepare( $key['year'], $key['email'], $key['organisation'] );
	}

	/**
	 * Compares a statement the donor holds with the gifts as they are now, and prepares,
	 * rewrites or drops the amendment waiting to be sent.
	 *
	 * @param FinancialYear $year         The year.
	 * @param string        $email        Donor.
	 * @param string        $organisation '' for the donor's own.
	 * @return IssuedStatement|null The amendment waiting, if any.
	 */
	public function prepare( FinancialYear $year, string $email, string $organisation ): ?IssuedStatement {
		$held = $this->held( $year, $email, $organisation );
		if ( null === $held ) {
			// Nothing issued yet: the statement, when issued, will list the gifts as they are.
			return null;
		}
		$now = $this->query->as_now( $email, $organisation, $year );
		if ( self::same( $held, $now ) ) {
			$this->issued->discard_pending( $year, $email, $organisation );
			return null;
		}
		return $this->issued->save_pending( $now, $held );
	}

	/**
	 * Sends one waiting amendment to its donor and records it issued.
	 *
	 * @param int $id The amendment's number.
	 * @return string 'sent', or 'busy' (another server has it, it was sent, or the queue refused it).
	 */
	public function send( int $id ): string {
		$token = bin2hex( random_bytes( 16 ) );
		if ( ! $this->issued->claim( $id, $token ) ) {
			return 'busy';
		}
		$amendment = $this->issued->find( $id );
		if ( null === $amendment ) {
			return 'busy';
		}
		$statement = $amendment->statement;
		$url       = $this->links->url( $statement->email, $statement->organisation, $statement->year, StatementLinks::EMAIL_SECONDS );
		$mail_id   = $this->queue->enqueue( self::KIND, $statement->email, $this->document->email_issued( $amendment, $url ), array( 'source_id' => $id ) );
		if ( 0 === $mail_id ) {
			$this->issued->release( $id, $token );
			return 'busy';
		}
		$this->issued->finish( $id, $token, $mail_id );
		// A change made while it was being sent waits in a new amendment.
		$this->prepare( $statement->year, $statement->email, $statement->organisation );
		return 'sent';
	}

	/**
	 * Sends a year's waiting amendments for a while (the screen's "Send amended statements").
	 *
	 * @param FinancialYear $year    The year.
	 * @param float         $seconds Time budget.
	 * @return array{sent: int, left: int}
	 */
	public function send_year( FinancialYear $year, float $seconds = 20.0 ): array {
		$until = microtime( true ) + $seconds;
		$sent  = 0;
		$this->issued->release_stale( $year );
		do {
			$ids = $this->issued->pending_ids( $year, 25 );
			foreach ( $ids as $id ) {
				$sent += 'sent' === $this->send( $id ) ? 1 : 0;
			}
		} while ( array() !== $ids && microtime( true ) < $until );
		return array(
			'sent' => $sent,
			'left' => $this->issued->pending_count( $year ),
		);
	}

	/**
	 * The statement a donor holds for a year: the latest issued, or one sent before statements
	 * were kept line by line, recorded now.
	 *
	 * @param FinancialYear $year         The year.
	 * @param string        $email        Donor.
	 * @param string        $organisation '' for the donor's own.
	 */
	public function held( FinancialYear $year, string $email, string $organisation ): ?IssuedStatement {
		return $this->issued->latest_issued( $year, $email, $organisation ) ?? $this->adopt_legacy( $year, $email, $organisation );
	}

	/**
	 * A statement sent before statements were kept line by line (schema 13 recorded only its
	 * gift count and total): recorded now as the issued original. When today's gifts still add up
	 * to what was sent, they are what it listed; otherwise only its count and total are known,
	 * and an amendment compares the totals.
	 *
	 * @param FinancialYear $year         The year.
	 * @param string        $email        Donor.
	 * @param string        $organisation '' for the donor's own.
	 */
	private function adopt_legacy( FinancialYear $year, string $email, string $organisation ): ?IssuedStatement {
		$sent = $this->log->find_for( $year, $email, $organisation );
		// sent_at: sent at least once (a resend under way says "sending").
		if ( null === $sent || '' === $sent['sent_at'] ) {
			return null;
		}
		$now   = $this->query->as_now( $email, $organisation, $year );
		$known = count( $now->gifts ) === $sent['gifts'] && $now->total_cents() === $sent['total_cents'];
		$as    = new Statement( $year, $sent['email'], $sent['organisation'], $sent['name'], $known ? $now->gifts : array() );
		return $this->issued->issue_original(
			$as,
			IssuedStatement::BY_EMAIL,
			0,
			$sent['sent_at'],
			$known ? null : array(
				'gifts'       => $sent['gifts'],
				'total_cents' => $sent['total_cents'],
			)
		);
	}

	/**
	 * Whether a statement the donor holds lists the gifts as they are now.
	 *
	 * @param IssuedStatement $held The statement issued.
	 * @param Statement       $now  The gifts now.
	 */
	private static function same( IssuedStatement $held, Statement $now ): bool {
		if ( ! $held->lines_known ) {
			return $now->total_cents() === $held->total_cents && count( $now->gifts ) === $held->gifts;
		}
		return array() === IssuedStatement::compare( $held->statement->gifts, $now->gifts );
	}
}
