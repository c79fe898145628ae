<?php
/**
 * The record of statements issued to donors, and of amended statements waiting to be sent.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Statements;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQL.NotPrepared -- the issued statements table's one gateway: a statement issued must be read back the same on every server (never a cache); the only interpolated name is the plugin's own table from Schema::table(), every value goes through $wpdb->prepare().

/**
 * One row per statement issued (its lines as JSON), oldest first by id, which is also its
 * number. A donor's first statement of a year takes the 'original' slot and an amendment
 * waiting for staff the 'pending' slot, both UNIQUE with the year, email and organisation:
 * two servers issuing at once make one original, and a second change of the year's figures
 * rewrites the waiting amendment instead of adding one. Sending an amendment takes it from
 * pending to sending under a token (one server's UPDATE matches), then to issued, which frees
 * the pending slot for any later change.
 */
final class IssuedStatements {

	/**
	 * Seconds after which an amendment claimed by a server that died may be taken again.
	 */
	public const STALE_SECONDS = 600;

	private const SLOT_ORIGINAL = 'original';
	private const SLOT_PENDING  = 'pending';

	/**
	 * Records a donor's first statement of a year as issued, unless one is recorded already.
	 *
	 * @param Statement                                $statement   Its gifts as issued.
	 * @param string                                   $channel     IssuedStatement::BY_EMAIL or BY_DOWNLOAD.
	 * @param int                                      $mail_id     The mail queue row that carried it, or 0.
	 * @param string|null                              $issued_at   UTC; now when null.
	 * @param array{gifts: int, total_cents: int}|null $known_totals For a statement sent before lines were kept: what it said; its lines are then not known.
	 * @return IssuedStatement The original as recorded (another server's, if it was first).
	 */
	public function issue_original( Statement $statement, string $channel, int $mail_id = 0, ?string $issued_at = null, ?array $known_totals = null ): IssuedStatement {
		global $wpdb;
		$now = current_time( 'mysql', true );
		RetriedWrite::run(
			$wpdb->prepare(
				'INSERT IGNORE INTO ' . Schema::table( 'issued_statements' ) . ' (year, email, organisation, name, kind, replaces_id, status, slot, channel, lines_known, gift_lines, gifts, total_cents, mail_id, prepared_at, issued_at) VALUES (%d, %s, %s, %s, %s, 0, %s, %s, %s, %d, %s, %d, %d, %d, %s, %s)',
				$statement->year->ending,
				mb_substr( $statement->email, 0, 100 ),
				mb_substr( $statement->organisation, 0, 160 ),
				mb_substr( $statement->name, 0, 160 ),
				IssuedStatement::ORIGINAL,
				IssuedStatement::ISSUED,
				self::SLOT_ORIGINAL,
				$channel,
				null === $known_totals ? 1 : 0,
				null === $known_totals ? self::encode( $statement->gifts ) : '[]',
				null === $known_totals ? count( $statement->gifts ) : $known_totals['gifts'],
				null === $known_totals ? $statement->total_cents() : $known_totals['total_cents'],
				$mail_id,
				$issued_at ?? $now,
				$issued_at ?? $now
			)
		);
		$original = $this->original( $statement->year, $statement->email, $statement->organisation );
		if ( null === $original ) {
			// The write failed (the database refused it): say what was given, unnumbered.
			return new IssuedStatement( 0, $statement, IssuedStatement::ORIGINAL, IssuedStatement::ISSUED, $channel, true, count( $statement->gifts ), $statement->total_cents(), $now, $now );
		}
		return $original;
	}

	/**
	 * Notes the email that first carried a statement.
	 *
	 * @param int $id      Row id.
	 * @param int $mail_id The mail queue row.
	 */
	public function note_mail( int $id, int $mail_id ): void {
		global $wpdb;
		RetriedWrite::run( $wpdb->prepare( 'UPDATE ' . Schema::table( 'issued_statements' ) . ' SET mail_id = %d WHERE id = %d AND mail_id = 0', $mail_id, $id ) );
	}

	/**
	 * The donor's first statement of a year, if issued.
	 *
	 * @param FinancialYear $year         The year.
	 * @param string        $email        Donor.
	 * @param string        $organisation '' for the donor's own.
	 */
	public function original( FinancialYear $year, string $email, string $organisation ): ?IssuedStatement {
		global $wpdb;
		$row = $wpdb->get_row( $wpdb->prepare( 'SELECT * FROM ' . Schema::table( 'issued_statements' ) . ' WHERE year = %d AND email = %s AND organisation = %s AND slot = %s', $year->ending, $email, $organisation, self::SLOT_ORIGINAL ), ARRAY_A );
		return is_array( $row ) ? self::shape( $row ) : null;
	}

	/**
	 * The statement the donor holds now: the latest issued (the original or its latest amendment).
	 *
	 * @param FinancialYear $year         The year.
	 * @param string        $email        Donor.
	 * @param string        $organisation '' for the donor's own.
	 */
	public function latest_issued( FinancialYear $year, string $email, string $organisation ): ?IssuedStatement {
		global $wpdb;
		$row = $wpdb->get_row( $wpdb->prepare( 'SELECT * FROM ' . Schema::table( 'issued_statements' ) . ' WHERE email = %s AND year = %d AND organisation = %s AND status = %s ORDER BY id DESC LIMIT 1', $email, $year->ending, $organisation, IssuedStatement::ISSUED ), ARRAY_A );
		return is_array( $row ) ? self::shape( $row ) : null;
	}

	/**
	 * The amendment waiting to be sent (or being sent), if any.
	 *
	 * @param FinancialYear $year         The year.
	 * @param string        $email        Donor.
	 * @param string        $organisation '' for the donor's own.
	 */
	public function pending( FinancialYear $year, string $email, string $organisation ): ?IssuedStatement {
		global $wpdb;
		$row = $wpdb->get_row( $wpdb->prepare( 'SELECT * FROM ' . Schema::table( 'issued_statements' ) . ' WHERE year = %d AND email = %s AND organisation = %s AND slot = %s', $year->ending, $email, $organisation, self::SLOT_PENDING ), ARRAY_A );
		return is_array( $row ) ? $this->with_replaced( self::shape( $row ) ) : null;
	}

	/**
	 * One statement by number, with the one it replaces.
	 *
	 * @param int $id Row id.
	 */
	public function find( int $id ): ?IssuedStatement {
		global $wpdb;
		$row = $wpdb->get_row( $wpdb->prepare( 'SELECT * FROM ' . Schema::table( 'issued_statements' ) . ' WHERE id = %d', $id ), ARRAY_A );
		return is_array( $row ) ? $this->with_replaced( self::shape( $row ) ) : null;
	}

	/**
	 * Every statement of a donor in a year (any organisation), oldest first, each amendment with
	 * the statement it replaces: the donor_year key.
	 *
	 * @param string        $email        Donor.
	 * @param FinancialYear $year         The year.
	 * @param bool          $issued_only  Leave out amendments not sent yet (what the donor sees).
	 * @return list<IssuedStatement>
	 */
	public function of_donor( string $email, FinancialYear $year, bool $issued_only = false ): array {
		global $wpdb;
		$rows  = $wpdb->get_results( $wpdb->prepare( 'SELECT * FROM ' . Schema::table( 'issued_statements' ) . ' WHERE email = %s AND year = %d ORDER BY id ASC', $email, $year->ending ), ARRAY_A );
		$found = array();
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$statement = self::shape( $row );
			if ( $issued_only && ! $statement->is_issued() ) {
				continue;
			}
			$found[ $statement->id ] = $statement->with_replaced( $found[ $statement->replaces_id ] ?? null );
		}
		return array_values( $found );
	}

	/**
	 * The years and organisations an address was issued a statement for (the donor_year key).
	 *
	 * @param string $email Donor.
	 * @return list<array{year: FinancialYear, organisation: string, amended: bool}>
	 */
	public function years_of( string $email ): array {
		global $wpdb;
		$rows = $wpdb->get_results( $wpdb->prepare( 'SELECT year, organisation, MAX(kind = %s) AS amended FROM ' . Schema::table( 'issued_statements' ) . ' WHERE email = %s AND status = %s GROUP BY year, organisation', IssuedStatement::AMENDED, $email, IssuedStatement::ISSUED ), ARRAY_A );
		return array_values(
			array_map(
				static fn ( array $row ): array => array(
					'year'         => new FinancialYear( (int) $row['year'] ),
					'organisation' => (string) $row['organisation'],
					'amended'      => 1 === (int) $row['amended'],
				),
				is_array( $rows ) ? $rows : array()
			)
		);
	}

	/**
	 * Prepares (or rewrites) the amendment waiting to be sent for a statement.
	 *
	 * @param Statement       $now      The gifts as they are now.
	 * @param IssuedStatement $replaces The latest statement issued.
	 */
	public function save_pending( Statement $now, IssuedStatement $replaces ): ?IssuedStatement {
		global $wpdb;
		$table = Schema::table( 'issued_statements' );
		$name  = '' !== $now->name ? $now->name : $replaces->statement->name;
		// A row being sent keeps what is being sent; the sender prepares again once it is issued.
		RetriedWrite::run(
			$wpdb->prepare(
				"INSERT INTO {$table} (year, email, organisation, name, kind, replaces_id, status, slot, channel, lines_known, gift_lines, gifts, total_cents, prepared_at) VALUES (%d, %s, %s, %s, %s, %d, %s, %s, '', 1, %s, %d, %d, %s) ON DUPLICATE KEY UPDATE name = IF(status = %s, VALUES(name), name), replaces_id = IF(status = %s, VALUES(replaces_id), replaces_id), gift_lines = IF(status = %s, VALUES(gift_lines), gift_lines), gifts = IF(status = %s, VALUES(gifts), gifts), total_cents = IF(status = %s, VALUES(total_cents), total_cents), prepared_at = IF(status = %s, VALUES(prepared_at), prepared_at)",
				$now->year->ending,
				mb_substr( $now->email, 0, 100 ),
				mb_substr( $now->organisation, 0, 160 ),
				mb_substr( $name, 0, 160 ),
				IssuedStatement::AMENDED,
				$replaces->id,
				IssuedStatement::PENDING,
				self::SLOT_PENDING,
				self::encode( $now->gifts ),
				count( $now->gifts ),
				$now->total_cents(),
				current_time( 'mysql', true ),
				IssuedStatement::PENDING,
				IssuedStatement::PENDING,
				IssuedStatement::PENDING,
				IssuedStatement::PENDING,
				IssuedStatement::PENDING,
				IssuedStatement::PENDING
			)
		);
		return $this->pending( $now->year, $now->email, $now->organisation );
	}

	/**
	 * Drops the amendment waiting to be sent: the figures are back to what the donor holds.
	 *
	 * @param FinancialYear $year         The year.
	 * @param string        $email        Donor.
	 * @param string        $organisation '' for the donor's own.
	 */
	public function discard_pending( FinancialYear $year, string $email, string $organisation ): void {
		global $wpdb;
		RetriedWrite::run( $wpdb->prepare( 'DELETE FROM ' . Schema::table( 'issued_statements' ) . ' WHERE year = %d AND email = %s AND organisation = %s AND slot = %s AND status = %s', $year->ending, $email, $organisation, self::SLOT_PENDING, IssuedStatement::PENDING ) );
	}

	/**
	 * Ids of a year's amendments waiting to be sent, oldest first (the year_status key).
	 *
	 * @param FinancialYear $year  The year.
	 * @param int           $limit At most this many.
	 * @return list<int>
	 */
	public function pending_ids( FinancialYear $year, int $limit ): array {
		global $wpdb;
		$ids = $wpdb->get_col( $wpdb->prepare( 'SELECT id FROM ' . Schema::table( 'issued_statements' ) . ' WHERE year = %d AND status = %s ORDER BY id ASC LIMIT %d', $year->ending, IssuedStatement::PENDING, $limit ) );
		return array_values( array_map( 'intval', $ids ) );
	}

	/**
	 * A year's amendments waiting to be sent, oldest first, each with the statement it replaces.
	 *
	 * @param FinancialYear $year  The year.
	 * @param int           $limit At most this many.
	 * @return list<IssuedStatement>
	 */
	public function pending_list( FinancialYear $year, int $limit ): array {
		return array_values( array_filter( array_map( fn ( int $id ): ?IssuedStatement => $this->find( $id ), $this->pending_ids( $year, $limit ) ) ) );
	}

	/**
	 * How many amendments of a year wait to be sent.
	 *
	 * @param FinancialYear $year The year.
	 */
	public function pending_count( FinancialYear $year ): int {
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM ' . Schema::table( 'issued_statements' ) . ' WHERE year = %d AND status = %s', $year->ending, IssuedStatement::PENDING ) );
	}

	/**
	 * Takes a waiting amendment for one sender: pending → sending.
	 *
	 * @param int    $id    Row id.
	 * @param string $token The sender's token (32 characters).
	 */
	public function claim( int $id, string $token ): bool {
		global $wpdb;
		return 1 === RetriedWrite::run( $wpdb->prepare( 'UPDATE ' . Schema::table( 'issued_statements' ) . ' SET status = %s, claim_token = %s, claimed_at = %s WHERE id = %d AND status = %s', IssuedStatement::SENDING, $token, current_time( 'mysql', true ), $id, IssuedStatement::PENDING ) );
	}

	/**
	 * Records a claimed amendment as issued by email, which frees the pending slot.
	 *
	 * @param int    $id      Row id.
	 * @param string $token   The claim's token.
	 * @param int    $mail_id The mail queue row.
	 */
	public function finish( int $id, string $token, int $mail_id ): bool {
		global $wpdb;
		return 1 === RetriedWrite::run( $wpdb->prepare( 'UPDATE ' . Schema::table( 'issued_statements' ) . ' SET status = %s, slot = NULL, channel = %s, claim_token = NULL, mail_id = %d, issued_at = %s WHERE id = %d AND status = %s AND claim_token = %s', IssuedStatement::ISSUED, IssuedStatement::BY_EMAIL, $mail_id, current_time( 'mysql', true ), $id, IssuedStatement::SENDING, $token ) );
	}

	/**
	 * Gives a claimed amendment back (the mail queue refused it), only under its claim.
	 *
	 * @param int    $id    Row id.
	 * @param string $token The claim's token.
	 */
	public function release( int $id, string $token ): void {
		global $wpdb;
		RetriedWrite::run( $wpdb->prepare( 'UPDATE ' . Schema::table( 'issued_statements' ) . ' SET status = %s, claim_token = NULL WHERE id = %d AND status = %s AND claim_token = %s', IssuedStatement::PENDING, $id, IssuedStatement::SENDING, $token ) );
	}

	/**
	 * Puts back amendments whose sender died after claiming them.
	 *
	 * @param FinancialYear $year The year.
	 */
	public function release_stale( FinancialYear $year ): void {
		global $wpdb;
		RetriedWrite::run( $wpdb->prepare( 'UPDATE ' . Schema::table( 'issued_statements' ) . ' SET status = %s, claim_token = NULL WHERE year = %d AND status = %s AND claimed_at < %s', IssuedStatement::PENDING, $year->ending, IssuedStatement::SENDING, gmdate( 'Y-m-d H:i:s', time() - self::STALE_SECONDS ) ) );
	}

	/**
	 * Deletes an address's issued statements (the privacy eraser).
	 *
	 * @param string $email Donor.
	 * @return int Rows deleted.
	 */
	public function erase( string $email ): int {
		global $wpdb;
		return (int) $wpdb->query( $wpdb->prepare( 'DELETE FROM ' . Schema::table( 'issued_statements' ) . ' WHERE email = %s', $email ) );
	}

	/**
	 * An amendment read with the statement it replaces.
	 *
	 * @param IssuedStatement $statement The statement.
	 */
	private function with_replaced( IssuedStatement $statement ): IssuedStatement {
		if ( 0 === $statement->replaces_id ) {
			return $statement;
		}
		global $wpdb;
		$row = $wpdb->get_row( $wpdb->prepare( 'SELECT * FROM ' . Schema::table( 'issued_statements' ) . ' WHERE id = %d', $statement->replaces_id ), ARRAY_A );
		return $statement->with_replaced( is_array( $row ) ? self::shape( $row ) : null );
	}

	/**
	 * Lines as stored.
	 *
	 * @param list<array{id: int, date: string, amount_cents: int, receipt_number: string, method: string}> $gifts The gifts.
	 */
	private static function encode( array $gifts ): string {
		return (string) wp_json_encode( array_values( $gifts ) );
	}

	/**
	 * A row as an issued statement.
	 *
	 * @param array<string, mixed> $row Row.
	 */
	private static function shape( array $row ): IssuedStatement {
		$decoded = json_decode( (string) $row['gift_lines'], true );
		$gifts   = array();
		foreach ( is_array( $decoded ) ? $decoded : array() as $line ) {
			if ( is_array( $line ) ) {
				$gifts[] = array(
					'id'             => (int) ( $line['id'] ?? 0 ),
					'date'           => (string) ( $line['date'] ?? '' ),
					'amount_cents'   => (int) ( $line['amount_cents'] ?? 0 ),
					'receipt_number' => (string) ( $line['receipt_number'] ?? '' ),
					'method'         => (string) ( $line['method'] ?? '' ),
				);
			}
		}
		$statement = new Statement( new FinancialYear( (int) $row['year'] ), (string) $row['email'], (string) $row['organisation'], (string) $row['name'], $gifts );
		return new IssuedStatement(
			(int) $row['id'],
			$statement,
			(string) $row['kind'],
			(string) $row['status'],
			(string) $row['channel'],
			1 === (int) $row['lines_known'],
			(int) $row['gifts'],
			(int) $row['total_cents'],
			(string) ( $row['issued_at'] ?? '' ),
			(string) $row['prepared_at'],
			(int) $row['replaces_id']
		);
	}
}
