<?php
/**
 * MYOB AccountRight's published rules for a Receive Money import, as a checker.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Support;

/**
 * Checks a file as MYOB AccountRight (Australia) would import it as Receive Money transactions,
 * from MYOB's own help, not from the plugin's code:
 *
 * - MYOB AccountRight, "Import and export fields" (AccountRight 2015 and later):
 *   https://help.myob.com/wiki/x/8YFk — import files are tab-delimited or comma-separated text;
 *   a field marked * must be included and matched, of fields marked ^ at least one; and the
 *   Australian list of v19: https://help.myob.com.au/prem19/win/impexptables.htm (account
 *   numbers: 5 characters, numeric, an optional non-numeric separator between the first digit and
 *   the last 4, e.g. 1-1234; amounts: up to 15 characters, at most 2 decimal places).
 * - The Receive Money field table of MYOB's import format (shared with MYOB AccountEdge):
 *   https://help.accountedge.com/ne05/mac/impexptables-14.htm — *Deposit Account, Date, Co./Last
 *   Name, Memo (255), *Allocation Account #, *Amount (Australia: Ex-Tax Amount ^ / Inc-Tax
 *   Amount ^ with Inclusive and Tax Code), Allocation Memo (255); the field names as MYOB spells
 *   them are the ones Auto-Match matches.
 * - Records: a transaction is a variable-length record, one line per allocation, "an enter or
 *   return character ... at the end of each line and an additional enter or return character
 *   indicates the end of the record": https://help.acclivitysoftware.com/plus10/win/32AppendixFields-01.htm;
 *   "Blank lines must appear between sales, purchases and journal entries when importing"
 *   (MYOB Premier's Importing and Exporting guide). The importer is a Windows program reading
 *   ANSI text with CRLF line ends, so the file must be plain ASCII.
 * - MYOB's Australian tax codes (GST, FRE, N-T, ITS, EXP, INP, CAP, GNR, ABN, IMP, LCT, WET):
 *   https://help.myob.com/wiki/pages/viewpage.action?pageId=2359345. A blank Tax Code takes the
 *   allocation account's own.
 * - The Receive Money window: the allocation lines must come to the amount received (the out
 *   of balance amount must be zero), which cannot be negative:
 *   https://help.myob.com/wiki/pages/viewpage.action?pageId=17281550.
 *
 * Pure PHP (no WordPress), so PHPUnit and the Playwright specs (through check-import.php) run
 * the same checks.
 */
final class MyobImportChecker {

	/**
	 * MYOB AccountRight (Australia)'s Receive Money fields, in MYOB's order.
	 */
	public const FIELDS = array( 'Deposit Account #', 'ID #', 'Date', 'Co./Last Name', 'First Name', 'Memo', 'Inclusive', 'Allocation Account #', 'Ex-Tax Amount', 'Inc-Tax Amount', 'Job #', 'Tax Code', 'Non-GST Amount', 'GST Amount', 'Import Duty Amount', 'Currency Code', 'Exchange Rate', 'Payment Method', 'Payment Notes', 'Name on Card', 'Card Number', 'Expiry Date', 'Authorisation Code', 'BSB', 'Account Number', 'Drawer/Account Name', 'Cheque Number', 'Category', 'Allocation Memo', 'Card ID', 'Record ID' );

	private const TAX_CODES = array( 'GST', 'FRE', 'N-T', 'ITS', 'EXP', 'INP', 'CAP', 'GNR', 'ABN', 'IMP', 'LCT', 'WET' );

	private const LIMITS = array(
		'Co./Last Name'   => 50,
		'Memo'            => 255,
		'Allocation Memo' => 255,
	);

	/**
	 * What MYOB would refuse or misread in a file (empty: it imports), with each record's total.
	 *
	 * @param string $text The file's bytes.
	 * @return array{problems: list<string>, lines: int, records: list<int>, sum_cents: int}
	 */
	public static function check( string $text ): array {
		$problems = array();
		if ( 1 === preg_match( '/[^\x09\x0A\x0D\x20-\x7E]/', $text ) ) {
			$problems[] = 'The file holds characters that are not plain ASCII text.';
		}
		if ( 1 === preg_match( '/(?<!\r)\n|\r(?!\n)/', $text ) ) {
			$problems[] = 'Every line must end in CRLF.';
		}
		$lines = (array) preg_split( '/\r\n|\r|\n/', $text );
		if ( '' !== end( $lines ) ) {
			$problems[] = 'The file must end with a line end.';
		} else {
			array_pop( $lines );
		}
		$header_line = array_shift( $lines ) ?? '';
		$delimiter   = str_contains( $header_line, "\t" ) ? "\t" : ',';
		$header      = self::cells( $header_line, $delimiter );
		$positions   = array();
		foreach ( $header as $i => $name ) {
			$order = array_search( $name, self::FIELDS, true );
			if ( false === $order ) {
				$problems[] = sprintf( 'The header "%s" is not one of MYOB\'s Receive Money import fields.', $name );
				continue;
			}
			$positions[ $name ] = $i;
			if ( $i > 0 && isset( $header[ $i - 1 ] ) && false !== array_search( $header[ $i - 1 ], self::FIELDS, true ) && array_search( $header[ $i - 1 ], self::FIELDS, true ) > $order ) {
				$problems[] = sprintf( 'The field "%s" comes before "%s" in MYOB\'s order.', $name, $header[ $i - 1 ] );
			}
		}
		foreach ( array( 'Deposit Account #', 'Allocation Account #' ) as $required ) {
			if ( ! isset( $positions[ $required ] ) ) {
				$problems[] = sprintf( 'The required field "%s" is missing.', $required );
			}
		}
		$amount = $positions['Inc-Tax Amount'] ?? $positions['Ex-Tax Amount'] ?? null;
		if ( null === $amount ) {
			$problems[] = 'One of "Ex-Tax Amount" or "Inc-Tax Amount" is needed.';
		}
		if ( isset( $positions['Inc-Tax Amount'] ) && ( ! isset( $positions['Inclusive'] ) ) ) {
			$problems[] = 'Inc-Tax amounts need the Inclusive field marked.';
		}

		$records = array();
		$current = null;
		$count   = 0;
		$first   = array();
		foreach ( $lines as $n => $line ) {
			$number = $n + 2;
			if ( '' === $line ) {
				if ( null === $current ) {
					$problems[] = sprintf( 'Line %d: an empty record (two blank lines in a row, or a blank line first).', $number );
					continue;
				}
				$records[] = $current;
				$current   = null;
				continue;
			}
			++$count;
			$cells = self::cells( $line, $delimiter );
			if ( count( $cells ) > count( $header ) ) {
				$problems[] = sprintf( 'Line %d has more fields than the header.', $number );
			}
			$value = static fn ( string $field ): string => isset( $positions[ $field ] ) ? trim( $cells[ $positions[ $field ] ] ?? '' ) : '';
			foreach ( array( 'Deposit Account #', 'Allocation Account #' ) as $field ) {
				if ( isset( $positions[ $field ] ) && ! preg_match( '/^\d[^0-9]?\d{4}$/D', $value( $field ) ) ) {
					$problems[] = sprintf( 'Line %d: %s "%s" is not a MYOB account number (5 digits, such as 1-1234).', $number, $field, $value( $field ) );
				}
			}
			$date = $value( 'Date' );
			if ( isset( $positions['Date'] ) && ( ! preg_match( '#^(\d{1,2})/(\d{1,2})/(\d{4})$#D', $date, $parts ) || ! checkdate( (int) $parts[2], (int) $parts[1], (int) $parts[3] ) ) ) {
				$problems[] = sprintf( 'Line %d: the date "%s" is not a DD/MM/YYYY date.', $number, $date );
			}
			$tax = $value( 'Tax Code' );
			if ( '' !== $tax && ! in_array( $tax, self::TAX_CODES, true ) ) {
				$problems[] = sprintf( 'Line %d: "%s" is not one of MYOB\'s Australian tax codes.', $number, $tax );
			}
			if ( isset( $positions['Inclusive'] ) && strlen( $value( 'Inclusive' ) ) > 1 ) {
				$problems[] = sprintf( 'Line %d: Inclusive is one character.', $number );
			}
			foreach ( self::LIMITS as $field => $most ) {
				if ( strlen( $value( $field ) ) > $most ) {
					$problems[] = sprintf( 'Line %d: %s is longer than %d characters.', $number, $field, $most );
				}
			}
			$cents = 0;
			if ( null !== $amount ) {
				$text_amount = str_replace( array( '$', ',' ), '', $value( null !== $amount && isset( $positions['Inc-Tax Amount'] ) ? 'Inc-Tax Amount' : 'Ex-Tax Amount' ) );
				if ( strlen( $value( isset( $positions['Inc-Tax Amount'] ) ? 'Inc-Tax Amount' : 'Ex-Tax Amount' ) ) > 15 || ! preg_match( '/^-?\d+(\.\d{1,2})?$/D', $text_amount ) ) {
					$problems[] = sprintf( 'Line %d: the amount "%s" is not an amount MYOB reads.', $number, $text_amount );
				} else {
					$cents = XeroImportChecker::cents( $text_amount );
				}
			}
			$same = $value( 'Deposit Account #' ) . "\t" . $date . "\t" . $value( 'Memo' );
			if ( null === $current ) {
				$current = 0;
				$first   = $same;
			} elseif ( $same !== $first ) {
				$problems[] = sprintf( 'Line %d: the deposit account, date and memo differ within one transaction (is a blank line missing between records?).', $number );
			}
			$current += $cents;
		}
		if ( null !== $current ) {
			$problems[] = 'The last transaction is not ended by a blank line.';
			$records[]  = $current;
		}
		if ( array() === $records ) {
			$problems[] = 'The file has no transactions.';
		}
		foreach ( $records as $i => $total ) {
			if ( $total < 0 ) {
				$problems[] = sprintf( 'Transaction %d comes to a negative amount: a Receive Money cannot.', $i + 1 );
			}
		}
		return array(
			'problems'  => $problems,
			'lines'     => $count,
			'records'   => $records,
			'sum_cents' => array_sum( $records ),
		);
	}

	/**
	 * The cells of one line (comma-separated files may quote a cell).
	 *
	 * @param string $line      The line.
	 * @param string $delimiter Tab or comma.
	 * @return list<string>
	 */
	private static function cells( string $line, string $delimiter ): array {
		return "\t" === $delimiter ? explode( "\t", $line ) : str_getcsv( $line, ',', '"', '' );
	}
}
