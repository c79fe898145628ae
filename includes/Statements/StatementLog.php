<?php
/**
 * The record of each statement: found, being sent, sent.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Statements;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQL.NotPrepared -- the statements table's one gateway: every claim must be decided by the shared database on every server (never a cache); the only interpolated name is the plugin's own table from Schema::table(), every value goes through $wpdb->prepare().

/**
 * One row per donor (email), organisation ('' for the donor's own) and year, UNIQUE on the
 * three: finding a donor twice (two servers, a second "Send all") upserts the same row and never
 * changes whether it was sent. Sending takes a row with a conditional UPDATE from pending to
 * sending under the sender's own token; only one server's UPDATE can match, so a statement is
 * sent once. Resending moves a sent row back to sending the same way.
 *
 * Statuses: pending → sending → sent, or skipped when, by the time it is sent, refunds have taken
 * the donor below the threshold.
 */
final class StatementLog {

	public const PENDING = 'pending';
	public const SENDING = 'sending';
	public const SENT    = 'sent';
	public const SKIPPED = 'skipped';

	/**
	 * Seconds after which a claim whose server died (between claim and queueing) may be taken again.
	 */
	public const STALE_SECONDS = 600;

	/**
	 * Records a statement as found (pending), or refreshes the totals of one already recorded.
	 *
	 * @param FinancialYear $year         The year.
	 * @param string        $email        Donor.
	 * @param string        $organisation '' for the donor's own.
	 * @param string        $name         Issued to.
	 * @param int           $gifts        How many gifts.
	 * @param int           $total_cents  Their total.
	 * @return int The row's id.
	 */
	public function record( FinancialYear $year, string $email, string $organisation, string $name, int $gifts, int $total_cents ): int {
		global $wpdb;
		$table = Schema::table( 'statements' );
		$now   = current_time( 'mysql', true );
		RetriedWrite::run(
			$wpdb->prepare(
				"INSERT INTO {$table} (year, email, organisation, name, gifts, total_cents, status, created_at, updated_at) VALUES (%d, %s, %s, %s, %d, %d, %s, %s, %s) ON DUPLICATE KEY UPDATE name = VALUES(name), gifts = VALUES(gifts), total_cents = VALUES(total_cents), updated_at = VALUES(updated_at)",
				$year->ending,
				mb_substr( $email, 0, 100 ),
				mb_substr( $organisation, 0, 160 ),
				mb_substr( $name, 0, 160 ),
				$gifts,
				$total_cents,
				self::PENDING,
				$now,
				$now
			)
		);
		return (int) $wpdb->get_var( $wpdb->prepare( "SELECT id FROM {$table} WHERE year = %d AND email = %s AND organisation = %s", $year->ending, $email, $organisation ) );
	}

	/**
	 * One row.
	 *
	 * @param int $id Row id.
	 * @return array{id: int, year: int, email: string, organisation: string, name: string, gifts: int, total_cents: int, status: string, sends: int, sent_at: string}|null
	 */
	public function find( int $id ): ?array {
		global $wpdb;
		$row = $wpdb->get_row( $wpdb->prepare( 'SELECT * FROM ' . Schema::table( 'statements' ) . ' WHERE id = %d', $id ), ARRAY_A );
		return is_array( $row ) ? self::shape( $row ) : null;
	}

	/**
	 * The row of a statement, if recorded.
	 *
	 * @param FinancialYear $year         The year.
	 * @param string        $email        Donor.
	 * @param string        $organisation '' for the donor's own.
	 * @return array{id: int, year: int, email: string, organisation: string, name: string, gifts: int, total_cents: int, status: string, sends: int, sent_at: string}|null
	 */
	public function find_for( FinancialYear $year, string $email, string $organisation ): ?array {
		global $wpdb;
		$row = $wpdb->get_row( $wpdb->prepare( 'SELECT * FROM ' . Schema::table( 'statements' ) . ' WHERE year = %d AND email = %s AND organisation = %s', $year->ending, $email, $organisation ), ARRAY_A );
		return is_array( $row ) ? self::shape( $row ) : null;
	}

	/**
	 * Ids of a year's pending rows, oldest first.
	 *
	 * @param FinancialYear $year  The year.
	 * @param int           $limit At most this many.
	 * @return list<int>
	 */
	public function pending_ids( FinancialYear $year, int $limit ): array {
		global $wpdb;
		$ids = $wpdb->get_col( $wpdb->prepare( 'SELECT id FROM ' . Schema::table( 'statements' ) . ' WHERE year = %d AND status = %s ORDER BY id ASC LIMIT %d', $year->ending, self::PENDING, $limit ) );
		return array_values( array_map( 'intval', $ids ) );
	}

	/**
	 * Takes a row for one sender: pending → sending (or, to resend, sent or skipped → sending).
	 *
	 * @param int    $id     Row id.
	 * @param string $token  The sender's token (32 characters).
	 * @param bool   $resend Whether a sent statement may be taken.
	 * @return bool Whether this sender has it.
	 */
	public function claim( int $id, string $token, bool $resend = false ): bool {
		global $wpdb;
		$table    = Schema::table( 'statements' );
		$statuses = $resend ? array( self::PENDING, self::SENT, self::SKIPPED ) : array( self::PENDING );
		return 1 === RetriedWrite::run(
			$wpdb->prepare(
				// phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- the plugin's table and a %s placeholder per status.
				"UPDATE {$table} SET status = %s, claim_token = %s, claimed_at = %s WHERE id = %d AND status IN (" . implode( ', ', array_fill( 0, count( $statuses ), '%s' ) ) . ')',
				array_merge( array( self::SENDING, $token, current_time( 'mysql', true ), $id ), $statuses )
			)
		);
	}

	/**
	 * Records how a claimed row ended, only under its claim.
	 *
	 * @param int    $id          Row id.
	 * @param string $token       The claim's token.
	 * @param string $status      SENT or SKIPPED.
	 * @param int    $mail_id     The mail queue row of the email (SENT).
	 * @param int    $gifts       Gifts on the statement as sent.
	 * @param int    $total_cents Their total.
	 */
	public function finish( int $id, string $token, string $status, int $mail_id, int $gifts, int $total_cents ): bool {
		global $wpdb;
		$table = Schema::table( 'statements' );
		$now   = current_time( 'mysql', true );
		$sent  = self::SENT === $status;
		return 1 === RetriedWrite::run(
			$wpdb->prepare(
				"UPDATE {$table} SET status = %s, claim_token = NULL, mail_id = %d, gifts = %d, total_cents = %d, sends = sends + %d, sent_at = IF(%d = 1, %s, sent_at), updated_at = %s WHERE id = %d AND status = %s AND claim_token = %s",
				$status,
				$mail_id,
				$gifts,
				$total_cents,
				$sent ? 1 : 0,
				$sent ? 1 : 0,
				$now,
				$now,
				$id,
				self::SENDING,
				$token
			)
		);
	}

	/**
	 * Gives a claimed row back (the mail queue refused the email), only under its claim.
	 *
	 * @param int    $id    Row id.
	 * @param string $token The claim's token.
	 */
	public function release( int $id, string $token ): void {
		global $wpdb;
		RetriedWrite::run( $wpdb->prepare( 'UPDATE ' . Schema::table( 'statements' ) . ' SET status = %s, claim_token = NULL WHERE id = %d AND status = %s AND claim_token = %s', self::PENDING, $id, self::SENDING, $token ) );
	}

	/**
	 * Puts back rows whose sender died after claiming them (rare: the claim and the queueing
	 * happen within one request), so the year can finish.
	 *
	 * @param FinancialYear $year The year.
	 */
	public function release_stale( FinancialYear $year ): void {
		global $wpdb;
		RetriedWrite::run(
			$wpdb->prepare(
				'UPDATE ' . Schema::table( 'statements' ) . ' SET status = %s, claim_token = NULL WHERE year = %d AND status = %s AND claimed_at < %s',
				self::PENDING,
				$year->ending,
				self::SENDING,
				gmdate( 'Y-m-d H:i:s', time() - self::STALE_SECONDS )
			)
		);
	}

	/**
	 * How many of a year's statements are in each status (the year_status index).
	 *
	 * @param FinancialYear $year The year.
	 * @return array<string, int>
	 */
	public function counts( FinancialYear $year ): array {
		global $wpdb;
		$rows   = $wpdb->get_results( $wpdb->prepare( 'SELECT status, COUNT(*) AS statements FROM ' . Schema::table( 'statements' ) . ' WHERE year = %d GROUP BY status', $year->ending ), ARRAY_A );
		$counts = array_fill_keys( array( self::PENDING, self::SENDING, self::SENT, self::SKIPPED ), 0 );
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$counts[ (string) $row['status'] ] = (int) $row['statements'];
		}
		return $counts;
	}

	/**
	 * The rows of a page of donors in a year (addresses from the first to the last of the page,
	 * a range of the year_donor key), by "email|organisation" in lower case.
	 *
	 * @param FinancialYear $year   The year.
	 * @param string[]      $emails Addresses, in order.
	 * @return array<string, array{id: int, year: int, email: string, organisation: string, name: string, gifts: int, total_cents: int, status: string, sends: int, sent_at: string}>
	 */
	public function of_donors( FinancialYear $year, array $emails ): array {
		global $wpdb;
		if ( array() === $emails ) {
			return array();
		}
		$rows  = $wpdb->get_results(
			$wpdb->prepare(
				'SELECT * FROM ' . Schema::table( 'statements' ) . ' WHERE year = %d AND email >= %s AND email <= %s',
				$year->ending,
				reset( $emails ),
				end( $emails )
			),
			ARRAY_A
		);
		$found = array();
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$shaped = self::shape( $row );
			$found[ strtolower( $shaped['email'] . '|' . $shaped['organisation'] ) ] = $shaped;
		}
		return $found;
	}

	/**
	 * Deletes an address's statement records (the privacy eraser): the statements themselves
	 * are rebuilt from the donations, which the donations' own eraser handles.
	 *
	 * @param string $email Donor.
	 * @return int Rows deleted.
	 */
	public function erase( string $email ): int {
		global $wpdb;
		return (int) $wpdb->query( $wpdb->prepare( 'DELETE FROM ' . Schema::table( 'statements' ) . ' WHERE email = %s', $email ) );
	}

	/**
	 * A row with typed values.
	 *
	 * @param array<string, mixed> $row Row.
	 * @return array{id: int, year: int, email: string, organisation: string, name: string, gifts: int, total_cents: int, status: string, sends: int, sent_at: string}
	 */
	private static function shape( array $row ): array {
		return array(
			'id'           => (int) $row['id'],
			'year'         => (int) $row['year'],
			'email'        => (string) $row['email'],
			'organisation' => (string) $row['organisation'],
			'name'         => (string) $row['name'],
			'gifts'        => (int) $row['gifts'],
			'total_cents'  => (int) $row['total_cents'],
			'status'       => (string) $row['status'],
			'sends'        => (int) $row['sends'],
			'sent_at'      => (string) ( $row['sent_at'] ?? '' ),
		);
	}
}
