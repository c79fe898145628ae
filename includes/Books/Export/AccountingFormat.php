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
 * Writes statement lines as one package's import file: its columns, its delimiter, encoding
 * and line ends, and the most lines one file may hold.
 */
interface AccountingFormat {

	/**
	 * The format's name in the request and the file name: xero or myob.
	 */
	public function name(): string;

	/**
	 * The package's name as the treasurer knows it.
	 */
	public function label(): string;

	/**
	 * The file name's extension (csv, txt).
	 */
	public function extension(): string;

	/**
	 * The file's Content-Type header.
	 */
	public function content_type(): string;

	/**
	 * The most statement lines one file may hold (0: no limit). A download over it is split.
	 */
	public function max_lines(): int;

	/**
	 * The whole file of some lines: the header row, then the rows, each cell defused for
	 * spreadsheets.
	 *
	 * @param array $lines Lines, grouped by deposit.
	 * @phpstan-param list<StatementLine> $lines
	 */
	public function file( array $lines ): string;
}
