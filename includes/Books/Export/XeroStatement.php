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

use DonationWidget\Exports\CsvText;
use DonationWidget\Exports\SpreadsheetCell;

/**
 * One statement line per line, as Xero's bank statement template has them: *Date (DD/MM/YYYY,
 * Xero Australia's order), *Amount (signed, money out negative, no currency sign), Payee,
 * Description, Reference; then Account Code and Tax Rate, which precode each line so Xero can
 * create the transaction as it reconciles. Columns that would be empty throughout (Cheque
 * Number) are left out, as Xero asks. Xero takes at most 1,000 statement lines a file, so a
 * larger download is split (ExportParts). See docs/accounting-export.md for the sources.
 */
final class XeroStatement implements AccountingFormat {

	/**
	 * Xero's limit of bank statement lines in one imported file.
	 */
	public const MAX_LINES = 1000;

	/**
	 * The format's name.
	 */
	public function name(): string {
		return 'xero';
	}

	/**
	 * The package's name.
	 */
	public function label(): string {
		return 'Xero';
	}

	/**
	 * CSV.
	 */
	public function extension(): string {
		return 'csv';
	}

	/**
	 * UTF-8 CSV (no byte-order mark: it would become part of the first heading).
	 */
	public function content_type(): string {
		return 'text/csv; charset=utf-8';
	}

	/**
	 * Xero's limit.
	 */
	public function max_lines(): int {
		return self::MAX_LINES;
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
	 * The file: the header, one row per line, LF line ends (fputcsv's).
	 *
	 * @param array $lines Lines.
	 * @phpstan-param list<StatementLine> $lines
	 */
	public function file( array $lines ): string {
		$rows = array( $this->header() );
		foreach ( $lines as $line ) {
			$rows[] = array(
				$line->day_month_year(),
				$line->decimal(),
				$line->payee,
				$line->description,
				$line->reference,
				$line->account,
				AccountCodes::xero_tax( $line->tax ),
			);
		}
		// Text cells defused; the amounts (-12.30) stay numbers for Xero.
		return CsvText::of( array_map( static fn ( array $cells ): array => array_map( array( SpreadsheetCell::class, 'safe' ), $cells ), $rows ) );
	}
}
