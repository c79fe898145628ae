<?php
/**
 * Xero's published rules for a CSV bank statement import, as a checker.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Support;

/**
 * Checks a file as Xero's bank statement import would take it, from Xero's own help, not from
 * the plugin's code:
 *
 * - Xero Central, "Import a CSV bank statement file":
 *   https://central.xero.com/s/article/Import-a-CSV-bank-statement (the article's text, copied by
 *   Xero partners: https://taxhelp.theaccountancycloud.com/support/solutions/articles/22000180105-import-a-csv-bank-statement-file-into-xero
 *   and https://support.cloudscape.ae/portal/en/kb/articles/import-a-bank-statement-in-csv-format):
 *   save as .csv; give each column a heading, unique and in row 1; include the necessary Date and
 *   Amount columns (the template marks them *Date and *Amount); delete columns with no data that
 *   sit between columns of data, rows with no data between rows of data, and opening or closing
 *   balance columns; split a file of more than 1,000 bank transactions; money out with a minus
 *   sign; a date read one way for the whole statement (DD/MM/YYYY in Xero Australia's template).
 * - Xero's bank statement template (CSV) and its guide, e.g. https://online.flippingbook.com/view/399081/34/:
 *   "Date – use the format DD/MM/YYYY. Amount – for money spent use a minus sign"; at most 1000
 *   bank statement lines in one file.
 * - Amounts as plain numbers: no currency symbols, no thousands separators, no brackets
 *   (https://www.statementedge.com/blog/xero-bank-statement-import-csv-format).
 * - Xero Australia's default tax rate names, for a precoded Tax Rate column:
 *   https://help.xero.com/au/Tax-AboutRateOptions and https://help.xero.com/au/Settings_TaxRates;
 *   an account code is at most 10 characters (Xero's chart of accounts: https://central.xero.com/s/article/Add-edit-or-delete-individual-accounts).
 *
 * Pure PHP (no WordPress), so PHPUnit and the Playwright specs (through check-import.php) run
 * the same checks.
 */
final class XeroImportChecker {

	public const MAX_LINES = 1000;

	private const TAX_RATES = array( 'BAS Excluded', 'GST on Income', 'GST Free Income', 'GST on Expenses', 'GST Free Expenses', 'GST on Imports', 'GST on Capital', 'GST Free Capital', 'GST on Capital Imports', 'Input Taxed', 'Input Taxed Sales', 'Exempt Expenses', 'Exempt Income' );

	/**
	 * What Xero would refuse or misread in a file (empty: it imports), with its lines' sum.
	 *
	 * @param string $csv The file's bytes.
	 * @return array{problems: list<string>, lines: int, sum_cents: int}
	 */
	public static function check( string $csv ): array {
		$problems = array();
		if ( ! mb_check_encoding( $csv, 'UTF-8' ) ) {
			$problems[] = 'The file is not valid UTF-8 text.';
		}
		$rows = self::parse( $csv, $problems );
		if ( array() === $rows ) {
			$problems[] = 'The file is empty: headings are needed in row 1.';
			return array(
				'problems'  => $problems,
				'lines'     => 0,
				'sum_cents' => 0,
			);
		}
		$header = array_shift( $rows );
		$names  = array_map( static fn ( string $name ): string => strtolower( ltrim( trim( $name ), '*' ) ), $header );
		foreach ( $header as $i => $name ) {
			if ( '' === trim( $name ) ) {
				$problems[] = sprintf( 'Column %d has no heading in row 1.', $i + 1 );
			}
			if ( str_contains( strtolower( $name ), 'balance' ) ) {
				$problems[] = sprintf( 'Column "%s" is a balance column: Xero asks for balance columns to be deleted.', $name );
			}
		}
		if ( count( array_unique( $names ) ) !== count( $names ) ) {
			$problems[] = 'Headings must be unique.';
		}
		$date   = array_search( 'date', $names, true );
		$amount = array_search( 'amount', $names, true );
		if ( false === $date || false === $amount ) {
			$problems[] = 'The necessary Date and Amount columns are not both there.';
		}
		// Blank rows between rows of data.
		$last_data = -1;
		foreach ( $rows as $i => $row ) {
			if ( self::is_blank( $row ) ) {
				continue;
			}
			if ( $last_data >= 0 && $i !== $last_data + 1 ) {
				$problems[] = sprintf( 'Row %d: an empty row sits between rows of data.', $last_data + 3 );
			}
			$last_data = $i;
		}
		$data = array_values( array_filter( $rows, static fn ( array $row ): bool => ! self::is_blank( $row ) ) );
		if ( count( $data ) > self::MAX_LINES ) {
			$problems[] = sprintf( 'The file has %d bank statement lines: Xero imports at most %d a file.', count( $data ), self::MAX_LINES );
		}
		if ( array() === $data ) {
			$problems[] = 'The file has no statement lines.';
		}
		// Empty columns between columns of data.
		$filled = array_fill( 0, count( $header ), false );
		foreach ( $data as $row ) {
			foreach ( $row as $i => $cell ) {
				if ( '' !== trim( $cell ) && isset( $filled[ $i ] ) ) {
					$filled[ $i ] = true;
				}
			}
		}
		$first = array_search( true, $filled, true );
		$last  = array_search( true, array_reverse( $filled, true ), true );
		foreach ( $filled as $i => $has ) {
			if ( ! $has && false !== $first && $i > $first && $i < $last ) {
				$problems[] = sprintf( 'Column "%s" has no data and sits between columns of data.', $header[ $i ] );
			}
		}
		$sum     = 0;
		$tax     = array_search( 'tax rate', $names, true );
		$account = array_search( 'account code', $names, true );
		foreach ( $data as $n => $row ) {
			$line = $n + 2;
			if ( count( $row ) > count( $header ) ) {
				$problems[] = sprintf( 'Row %d has more cells than there are headings.', $line );
			}
			if ( false !== $date ) {
				$day = trim( $row[ $date ] ?? '' );
				if ( ! preg_match( '#^(\d{2})/(\d{2})/(\d{4})$#D', $day, $parts ) || ! checkdate( (int) $parts[2], (int) $parts[1], (int) $parts[3] ) ) {
					$problems[] = sprintf( 'Row %d: the date "%s" is not a DD/MM/YYYY date.', $line, $day );
				}
			}
			if ( false !== $amount ) {
				$value = trim( $row[ $amount ] ?? '' );
				if ( ! preg_match( '/^-?\d+(\.\d{1,2})?$/D', $value ) ) {
					$problems[] = sprintf( 'Row %d: the amount "%s" is not a plain signed number (no currency sign, thousands separator or brackets).', $line, $value );
				} else {
					$sum += self::cents( $value );
				}
			}
			if ( false !== $tax && '' !== trim( $row[ $tax ] ?? '' ) && ! in_array( trim( $row[ $tax ] ), self::TAX_RATES, true ) ) {
				$problems[] = sprintf( 'Row %d: "%s" is not one of Xero Australia\'s tax rates.', $line, $row[ $tax ] );
			}
			if ( false !== $account && strlen( trim( $row[ $account ] ?? '' ) ) > 10 ) {
				$problems[] = sprintf( 'Row %d: an account code is at most 10 characters.', $line );
			}
		}
		return array(
			'problems'  => $problems,
			'lines'     => count( $data ),
			'sum_cents' => $sum,
		);
	}

	/**
	 * A plain signed decimal as cents, read as text.
	 *
	 * @param string $value Such as -12.3 or 52.50.
	 */
	public static function cents( string $value ): int {
		$negative = str_starts_with( $value, '-' );
		$parts    = array_pad( explode( '.', ltrim( $value, '-' ), 2 ), 2, '' );
		$cents    = (int) $parts[0] * 100 + (int) str_pad( $parts[1], 2, '0' );
		return $negative ? -$cents : $cents;
	}

	/**
	 * The rows of a CSV file (RFC 4180: quoted cells may hold commas, quotes and line breaks).
	 *
	 * @param string       $csv      The file.
	 * @param list<string> $problems Problems found, added to.
	 * @return list<list<string>>
	 */
	private static function parse( string $csv, array &$problems ): array {
		$rows   = array();
		$row    = array();
		$cell   = '';
		$quoted = false;
		$length = strlen( $csv );
		for ( $i = 0; $i < $length; $i++ ) {
			$char = $csv[ $i ];
			if ( $quoted ) {
				if ( '"' === $char && '"' === ( $csv[ $i + 1 ] ?? '' ) ) {
					$cell .= '"';
					++$i;
				} elseif ( '"' === $char ) {
					$quoted = false;
				} else {
					$cell .= $char;
				}
				continue;
			}
			if ( '"' === $char && '' === $cell ) {
				$quoted = true;
			} elseif ( ',' === $char ) {
				$row[] = $cell;
				$cell  = '';
			} elseif ( "\n" === $char || "\r" === $char ) {
				if ( "\r" === $char && "\n" === ( $csv[ $i + 1 ] ?? '' ) ) {
					++$i;
				}
				$row[]  = $cell;
				$rows[] = $row;
				$row    = array();
				$cell   = '';
			} else {
				$cell .= $char;
			}
		}
		if ( $quoted ) {
			$problems[] = 'A quoted cell is never closed.';
		}
		if ( '' !== $cell || array() !== $row ) {
			$row[]  = $cell;
			$rows[] = $row;
		}
		return $rows;
	}

	/**
	 * Whether a row has no data.
	 *
	 * @param list<string> $row Cells.
	 */
	private static function is_blank( array $row ): bool {
		return '' === trim( implode( '', $row ) );
	}
}
