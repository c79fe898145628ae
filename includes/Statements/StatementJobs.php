<?php
/**
 * The statements' background runs as WP-Cron starts them.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Statements;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * A run sends statements for a while and asks for the next slice while any year is unfinished.
 */
final class StatementJobs {

	/**
	 * Takes the sender, the runs and the schedule.
	 *
	 * @param StatementSender   $sender   Sends a slice of statements.
	 * @param StatementRuns     $runs     Years being sent.
	 * @param StatementSchedule $schedule The next slice's single event.
	 */
	public function __construct(
		private readonly StatementSender $sender,
		private readonly StatementRuns $runs,
		private readonly StatementSchedule $schedule
	) {
	}

	/**
	 * The StatementSchedule::HOOK action: one slice, and another soon when there is more.
	 */
	public function run(): void {
		if ( $this->sender->run() ) {
			$this->schedule->soon();
		}
	}

	/**
	 * The mail queue's five-minute safety net: a lost single event is asked for again while a
	 * year is unfinished.
	 */
	public function safety_net(): void {
		if ( array() !== $this->runs->unfinished() ) {
			$this->schedule->soon();
		}
	}
}
