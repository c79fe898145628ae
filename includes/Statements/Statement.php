<?php
/**
 * One donor's consolidated statement for a financial year.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Statements;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Every tax-deductible gift one donor made in a year, in their own name or in one
 * organisation's (organisation '' for their own): each gift's local date, amount, receipt
 * number and payment method, and the total.
 */
final class Statement {

	/**
	 * The least total that gets a statement: $2, the ATO's threshold for a deductible gift.
	 */
	public const THRESHOLD_CENTS = 200;

	/**
	 * Builds a statement.
	 *
	 * @param FinancialYear                                                                                 $year         The year.
	 * @param string                                                                                        $email        The donor's email address.
	 * @param string                                                                                        $organisation The organisation the gifts were made as, '' for the donor's own.
	 * @param string                                                                                        $name         Who it is issued to: the organisation, or the donor's latest name.
	 * @param list<array{id: int, date: string, amount_cents: int, receipt_number: string, method: string}> $gifts  Oldest first; date is UTC.
	 */
	public function __construct(
		public readonly FinancialYear $year,
		public readonly string $email,
		public readonly string $organisation,
		public readonly string $name,
		public readonly array $gifts
	) {
	}

	/**
	 * The sum of the gifts, in cents.
	 */
	public function total_cents(): int {
		return array_sum( array_column( $this->gifts, 'amount_cents' ) );
	}

	/**
	 * Whether the gifts reach the threshold.
	 */
	public function is_due(): bool {
		return $this->total_cents() >= self::THRESHOLD_CENTS;
	}
}
