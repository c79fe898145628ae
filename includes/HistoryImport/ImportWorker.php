<?php
/**
 * Advances imports one batch at a time: the dry run, then the import.
 *
 * @package DonationWidget
 */

namespace DonationWidget\HistoryImport;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;
use DonationWidget\Donations\DonationRepository;

/**
 * Each batch commits its own progress, under a claim with a lease (ImportJobs::claim()), so a
 * closed tab changes nothing, a PHP process killed mid-batch loses only its lease, and the next
 * worker (the next cron event, or the progress bar's next poll) takes the batch again. Each gift
 * is DonationRepository::create_recorded() with the row's attempt id: a gift a dead batch already
 * wrote is found, never written twice.
 */
final class ImportWorker {

	/**
	 * Rows the dry run checks in one batch.
	 */
	public const CHECK_BATCH = 1000;

	/**
	 * Rows the import writes in one batch.
	 */
	public const IMPORT_BATCH = 200;

	/**
	 * Seconds a claim holds: longer than any batch takes.
	 */
	public const LEASE = 120;

	/**
	 * Dates the dry run samples to decide the file's date format.
	 */
	private const DATE_SAMPLES = 2000;

	/**
	 * Seconds one cron event works before it hands over to the next.
	 */
	private const PASS_SECONDS = 20;

	/**
	 * Builds the worker.
	 *
	 * @param ImportJobs         $jobs      The imports' store.
	 * @param DonationRepository $donations Writes the gifts.
	 * @param ImportSchedule     $schedule  Asks for the next pass.
	 */
	public function __construct( private readonly ImportJobs $jobs, private readonly DonationRepository $donations, private readonly ImportSchedule $schedule ) {
	}

	/**
	 * The cron events: advance every running import for up to PASS_SECONDS, then ask for the
	 * next pass while any is unfinished (and forget the staged copies of donor details that are no longer needed).
	 */
	public function run(): void {
		$this->jobs->prune();
		$until = microtime( true ) + self::PASS_SECONDS;
		do {
			$worked = false;
			foreach ( $this->jobs->running( 10 ) as $id ) {
				$worked = $this->run_batch( $id ) || $worked;
			}
		} while ( $worked && microtime( true ) < $until );
		if ( array() !== $this->jobs->running( 1 ) ) {
			$this->schedule->soon();
		}
	}

	/**
	 * Runs the next batch of one import, if no other worker holds it.
	 *
	 * @param int $id The import.
	 * @return bool Whether a batch was done here.
	 */
	public function run_batch( int $id ): bool {
		$job = $this->jobs->find( $id );
		if ( null === $job || ! in_array( $job->stage, ImportJob::RUNNING, true ) ) {
			return false;
		}
		$token   = wp_generate_password( 32, false );
		$claimed = $this->jobs->claim( $job, $token, self::LEASE );
		if ( null === $claimed ) {
			return false;
		}
		if ( $this->jobs->stalls( $id ) >= ImportJobs::MAX_STALLS ) {
			$this->jobs->fail( $id, $token, __( 'The import stopped at the same rows three times (the server ended it each time). Check the rows after the last ones imported, or ask your host about PHP\'s time and memory limits.', 'donation-widget' ) );
			return false;
		}
		return ImportJob::CHECKING === $claimed->stage ? $this->check_batch( $claimed, $token ) : $this->import_batch( $claimed, $token );
	}

	/**
	 * One batch of the dry run: each row's verdict, duplicates within the file and of gifts
	 * already imported included.
	 *
	 * @param ImportJob $job   The job as claimed.
	 * @param string    $token The claim token.
	 */
	private function check_batch( ImportJob $job, string $token ): bool {
		if ( '' === $job->date_format ) {
			$dates = GiftDates::detect( $this->date_samples( $job ), (string) get_option( 'date_format', 'j F Y' ) );
			$this->jobs->set_date_format( $job->id, $token, $dates['format'], $dates['source'] );
			$job = $this->jobs->find( $job->id ) ?? $job;
		}
		$reader   = new GiftRow( $job );
		$rows     = $this->jobs->rows_after( $job->id, $job->checked_upto, self::CHECK_BATCH );
		$verdicts = array();
		foreach ( $rows as $row ) {
			$verdicts[ $row['row_no'] ] = $reader->check( $row['cells'] );
		}
		$identities = array_values( array_filter( array_column( $verdicts, 'identity' ) ) );
		$earlier    = $this->jobs->first_rows( $job->id, $identities, $job->checked_upto );
		$imported   = $this->imported( $identities );
		$ok         = 0;
		foreach ( $verdicts as $row_no => $verdict ) {
			$identity = $verdict['identity'];
			if ( RowVerdict::OK === $verdict['verdict'] ) {
				if ( isset( $imported[ $identity ] ) ) {
					$verdicts[ $row_no ] = array(
						'verdict'  => RowVerdict::ALREADY_IMPORTED,
						'detail'   => '',
						'identity' => $identity,
					);
				} elseif ( isset( $earlier[ $identity ] ) ) {
					$verdicts[ $row_no ] = array(
						'verdict'  => RowVerdict::DUPLICATE,
						'detail'   => (string) $earlier[ $identity ],
						'identity' => '',
					);
				} else {
					$earlier[ $identity ] = $row_no;
					++$ok;
				}
			}
		}//end foreach
		if ( ! $this->jobs->write_verdicts( $job->id, $verdicts ) ) {
			$this->jobs->fail( $job->id, $token, __( 'The dry run could not be saved in the database.', 'donation-widget' ) );
			return false;
		}
		$upto = array() === $rows ? $job->checked_upto : (int) array_key_last( $verdicts );
		return $this->jobs->advance_check( $job, $token, $upto, $ok, count( $verdicts ) - $ok, count( $rows ) < self::CHECK_BATCH );
	}

	/**
	 * One batch of the import: the next accepted rows, each a gift written once.
	 *
	 * @param ImportJob $job   The job as claimed.
	 * @param string    $token The claim token.
	 */
	private function import_batch( ImportJob $job, string $token ): bool {
		$reader    = new GiftRow( $job );
		$rows      = $this->jobs->rows_after( $job->id, $job->imported_upto, self::IMPORT_BATCH, RowVerdict::OK );
		$created   = 0;
		$present   = 0;
		$donations = array();
		foreach ( $rows as $row ) {
			$gift = $reader->gift( $row['cells'] );
			if ( null === $gift ) {
				continue;
			}
			$attempt_id = GiftRow::attempt_id( $row['identity'] );
			$donation   = $this->donations->create_recorded( $attempt_id, $gift['columns'], $gift['received_at'] );
			if ( null === $donation ) {
				// Written by a batch of this import that died before recording its progress.
				$donation = $this->donations->find_by_attempt( $attempt_id );
				++$present;
			} else {
				++$created;
			}
			if ( null !== $donation ) {
				$donations[ $row['row_no'] ] = $donation->id();
			}
		}
		$this->jobs->write_donations( $job->id, $donations );
		$upto = array() === $rows ? $job->imported_upto : $rows[ count( $rows ) - 1 ]['row_no'];
		return $this->jobs->advance_import( $job, $token, $upto, $created, $present, count( $rows ) < self::IMPORT_BATCH );
	}

	/**
	 * The date cells the dry run decides the date format from.
	 *
	 * @param ImportJob $job The job.
	 * @return list<string>
	 */
	private function date_samples( ImportJob $job ): array {
		$column = $job->mapping['date'] ?? null;
		if ( null === $column ) {
			return array();
		}
		$samples = array();
		foreach ( $this->jobs->rows_after( $job->id, 0, self::DATE_SAMPLES ) as $row ) {
			$samples[] = $row['cells'][ $column ] ?? '';
		}
		return $samples;
	}

	/**
	 * Which identities already have a gift (imported before, by any import).
	 *
	 * @param string[] $identities Identities.
	 * @return array<string, true>
	 * @phpstan-param list<string> $identities
	 */
	private function imported( array $identities ): array {
		global $wpdb;
		$identities = array_values( array_unique( $identities ) );
		if ( array() === $identities ) {
			return array();
		}
		$attempts = array_map( array( GiftRow::class, 'attempt_id' ), $identities );
		$table    = Schema::table( 'donations' );
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQL.NotPrepared, DonationWidgetDirectory.DB.InterpolatedSql -- the plugin's own table name and a %s placeholder per attempt id; read fresh, never cached.
		$found = $wpdb->get_col( $wpdb->prepare( "SELECT attempt_id FROM {$table} WHERE attempt_id IN (" . implode( ', ', array_fill( 0, count( $attempts ), '%s' ) ) . ')', $attempts ) );
		$have  = array();
		foreach ( is_array( $found ) ? $found : array() as $attempt_id ) {
			$have[ substr( (string) $attempt_id, strlen( 'import:' ) ) ] = true;
		}
		return $have;
	}
}
