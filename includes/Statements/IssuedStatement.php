<?php
/**
 * A statement as it was issued to its donor (or an amended one waiting to be sent).
 *
 * @package DonationWidget
 */

namespace DonationWidget\Statements;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * What the donor was given, kept as given: the gifts (lines) and total at the time, its number,
 * when and how it went out. An amended statement names the one it replaces, and the difference
 * is worked out from the two sets of recorded lines, never from today's donations.
 */
final class IssuedStatement {

	public const ORIGINAL = 'original';
	public const AMENDED  = 'amended';

	public const ISSUED  = 'issued';
	public const PENDING = 'pending';
	public const SENDING = 'sending';

	public const BY_EMAIL    = 'email';
	public const BY_DOWNLOAD = 'download';

	/**
	 * Builds one.
	 *
	 * @param int                  $id          Row id: the statement number.
	 * @param Statement            $statement   Its gifts as issued (none when $lines_known is false).
	 * @param string               $kind        ORIGINAL or AMENDED.
	 * @param string               $status      ISSUED, PENDING (an amendment not sent yet) or SENDING.
	 * @param string               $channel     BY_EMAIL, BY_DOWNLOAD, or '' while pending.
	 * @param bool                 $lines_known False for a statement sent before gifts were recorded line by line (schema 13).
	 * @param int                  $gifts       How many gifts it listed.
	 * @param int                  $total_cents Its total.
	 * @param string               $issued_at   UTC, '' while pending.
	 * @param string               $prepared_at UTC.
	 * @param int                  $replaces_id The statement an amendment replaces (0 for an original).
	 * @param IssuedStatement|null $replaces    That statement, when read with it.
	 */
	public function __construct(
		public readonly int $id,
		public readonly Statement $statement,
		public readonly string $kind,
		public readonly string $status,
		public readonly string $channel,
		public readonly bool $lines_known,
		public readonly int $gifts,
		public readonly int $total_cents,
		public readonly string $issued_at,
		public readonly string $prepared_at,
		public readonly int $replaces_id = 0,
		public readonly ?IssuedStatement $replaces = null
	) {
	}

	/**
	 * The statement number printed on it, such as "S000042".
	 */
	public function number(): string {
		return self::format_number( $this->id );
	}

	/**
	 * A statement number from a row id.
	 *
	 * @param int $id Row id.
	 */
	public static function format_number( int $id ): string {
		return 'S' . str_pad( (string) $id, 6, '0', STR_PAD_LEFT );
	}

	/**
	 * Whether it was given to the donor (not an amendment waiting for staff).
	 */
	public function is_issued(): bool {
		return self::ISSUED === $this->status;
	}

	/**
	 * Whether it amends an earlier statement.
	 */
	public function is_amended(): bool {
		return self::AMENDED === $this->kind;
	}

	/**
	 * The same statement read with the one it replaces.
	 *
	 * @param IssuedStatement|null $replaces The replaced statement.
	 */
	public function with_replaced( ?IssuedStatement $replaces ): self {
		return new self( $this->id, $this->statement, $this->kind, $this->status, $this->channel, $this->lines_known, $this->gifts, $this->total_cents, $this->issued_at, $this->prepared_at, $this->replaces_id, $replaces );
	}

	/**
	 * Each gift whose amount differs between the statement replaced and this one (a gift on only
	 * one of them counts as $0 on the other), oldest first. Empty when the replaced statement's
	 * gifts were not recorded: then only the totals can be compared.
	 *
	 * @return list<array{id: int, date: string, receipt_number: string, was_cents: int, now_cents: int, difference_cents: int}>
	 */
	public function differences(): array {
		if ( null === $this->replaces || ! $this->replaces->lines_known ) {
			return array();
		}
		return self::compare( $this->replaces->statement->gifts, $this->statement->gifts );
	}

	/**
	 * The gifts whose amounts differ between two lists of lines.
	 *
	 * @param list<array{id: int, date: string, amount_cents: int, receipt_number: string, method: string}> $was Earlier lines.
	 * @param list<array{id: int, date: string, amount_cents: int, receipt_number: string, method: string}> $now Later lines.
	 * @return list<array{id: int, date: string, receipt_number: string, was_cents: int, now_cents: int, difference_cents: int}>
	 */
	public static function compare( array $was, array $now ): array {
		$before = array_column( $was, null, 'id' );
		$after  = array_column( $now, null, 'id' );
		$found  = array();
		foreach ( $before + $after as $id => $gift ) {
			$was_cents = isset( $before[ $id ] ) ? (int) $before[ $id ]['amount_cents'] : 0;
			$now_cents = isset( $after[ $id ] ) ? (int) $after[ $id ]['amount_cents'] : 0;
			if ( $was_cents !== $now_cents ) {
				$found[] = array(
					'id'               => (int) $id,
					'date'             => (string) $gift['date'],
					'receipt_number'   => (string) $gift['receipt_number'],
					'was_cents'        => $was_cents,
					'now_cents'        => $now_cents,
					'difference_cents' => $now_cents - $was_cents,
				);
			}
		}
		usort( $found, static fn ( array $a, array $b ): int => array( $a['date'], $a['id'] ) <=> array( $b['date'], $b['id'] ) );
		return $found;
	}
}
