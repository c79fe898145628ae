<?php
/**
 * One supporter, as read from the donors table.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Donors;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * A donor's names, primary email, every email it holds and its figures (kept on write by
 * DonorTotals from its gifts). Times are UTC 'Y-m-d H:i:s', '' for none.
 */
final class Donor {

	/**
	 * Holds a row.
	 *
	 * @param array<string, mixed> $row    A donors row.
	 * @param string[]             $emails Every identity's email, primary first.
	 * @phpstan-param list<string> $emails
	 */
	public function __construct( private readonly array $row, private readonly array $emails ) {
	}

	/**
	 * Row id.
	 */
	public function id(): int {
		return $this->int( 'id' );
	}

	/**
	 * 'individual' or 'organisation'.
	 */
	public function kind(): string {
		return $this->text( 'kind' );
	}

	/**
	 * The name to show: the organisation's, or the person's, or their email when they gave none.
	 */
	public function name(): string {
		$name = $this->text( 'name' );
		return '' !== $name ? $name : $this->email();
	}

	/**
	 * First name of the latest gift.
	 */
	public function first_name(): string {
		return $this->text( 'first_name' );
	}

	/**
	 * Last name of the latest gift.
	 */
	public function last_name(): string {
		return $this->text( 'last_name' );
	}

	/**
	 * The organisation's name ('' for an individual).
	 */
	public function organisation_name(): string {
		return $this->text( 'organisation_name' );
	}

	/**
	 * The primary email (statements go to it).
	 */
	public function email(): string {
		return $this->text( 'email' );
	}

	/**
	 * Every identity's email, the primary first.
	 *
	 * @return list<string>
	 */
	public function emails(): array {
		return $this->emails;
	}

	/**
	 * Gifts received (GiftFigures::RECEIVED).
	 */
	public function gifts(): int {
		return $this->int( 'gifts' );
	}

	/**
	 * Gross received, in cents.
	 */
	public function given_cents(): int {
		return $this->int( 'given_cents' );
	}

	/**
	 * What the charity kept, in cents (GiftFigures: net of refunds and lost disputes).
	 */
	public function kept_cents(): int {
		return $this->int( 'kept_cents' );
	}

	/**
	 * First gift received, UTC.
	 */
	public function first_gift_at(): string {
		return $this->text( 'first_gift_at' );
	}

	/**
	 * Latest gift received, UTC.
	 */
	public function last_gift_at(): string {
		return $this->text( 'last_gift_at' );
	}

	/**
	 * Running 4-weekly donations.
	 */
	public function active_recurring(): int {
		return $this->int( 'active_recurring' );
	}

	/**
	 * When a statement was last sent, UTC.
	 */
	public function last_statement_at(): string {
		return $this->text( 'last_statement_at' );
	}

	/**
	 * A text column ('' for NULL).
	 *
	 * @param string $column Column.
	 */
	private function text( string $column ): string {
		$value = $this->row[ $column ] ?? '';
		return is_scalar( $value ) ? (string) $value : '';
	}

	/**
	 * An integer column.
	 *
	 * @param string $column Column.
	 */
	private function int( string $column ): int {
		$value = $this->row[ $column ] ?? 0;
		return is_numeric( $value ) ? (int) $value : 0;
	}
}
