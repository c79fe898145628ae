<?php
/**
 * A cell of an exported file, safe to open in a spreadsheet.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Exports;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * The one rule every export (donations, reports, accounting files) defuses its text cells by,
 * here in the exports' domain so the accounting formats can use it without an admin screen.
 */
final class SpreadsheetCell {

	/**
	 * Characters that make a spreadsheet cell a formula (or that Excel strips before deciding).
	 */
	private const FORMULA_STARTS = array( '=', '+', '-', '@', "\t", "\r" );

	/**
	 * A cell a spreadsheet will show as text: one starting like a formula gets a leading
	 * apostrophe (OWASP's advice for CSV injection). An amount going out (-12.30) is only a
	 * number, never a formula: it stays as it is, so it still imports as an amount.
	 *
	 * @param string $cell Cell text.
	 */
	public static function safe( string $cell ): string {
		if ( 1 === preg_match( '/^-\d+\.\d{2}$/D', $cell ) ) {
			return $cell;
		}
		return '' !== $cell && in_array( $cell[0], self::FORMULA_STARTS, true ) ? "'" . $cell : $cell;
	}
}
