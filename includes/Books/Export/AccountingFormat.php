<?php
/**
 * A file layout an accounting package imports.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books\Export;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Writes statement lines as one package's import columns. Cells are plain text here; the
 * download defuses them for spreadsheets as it writes the file.
 */
interface AccountingFormat {

	/**
	 * The format's name in the request and the file name: xero or myob.
	 */
	public function name(): string;

	/**
	 * The header row.
	 *
	 * @return list<string>
	 */
	public function header(): array;

	/**
	 * The rows of some lines, in order (an empty row where the format separates records).
	 *
	 * @param array $lines Lines, grouped by deposit.
	 * @phpstan-param list<StatementLine> $lines
	 * @return list<list<string>>
	 */
	public function rows( array $lines ): array;
}
