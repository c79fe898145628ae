<?php
/**
 * Xero's CSV bank statement import, precoded.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books\Export;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * One statement line per line, as Xero's bank statement template has them: *Date (DD/MM/YYYY,
 * Xero Australia's order), *Amount (signed, money out negative, no currency sign), Payee,
 * Description, Reference; then Account Code and Tax Rate, which precode each line so Xero can
 * create the transaction as it reconciles. Columns that would be empty throughout (Cheque
 * Number) are left out, as Xero asks. See docs/accounting-export.md for the sources.
 */
final class XeroStatement implements AccountingFormat {

	/**
	 * The format's name.
	 */
	public function name(): string {
		return 'xero';
	}

	/**
	 * The header row.
	 *
	 * @return list<string>
	 */
	public function header(): array {
		return array( '*Date', '*Amount', 'Payee', 'Description', 'Reference', 'Account Code', 'Tax Rate' );
	}

	/**
	 * One row per line.
	 *
	 * @param array $lines Lines.
	 * @phpstan-param list<StatementLine> $lines
	 * @return list<list<string>>
	 */
	public function rows( array $lines ): array {
		return array_map(
			static fn ( StatementLine $line ): array => array(
				$line->day_month_year(),
				$line->decimal(),
				$line->payee,
				$line->description,
				$line->reference,
				$line->account,
				AccountCodes::xero_tax( $line->tax ),
			),
			$lines
		);
	}
}
