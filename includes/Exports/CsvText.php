<?php
/**
 * Rows of cells as the text of a CSV file.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Exports;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Every CSV the plugin offers (donations, reports, accounting export) is written here, so they
 * share one quoting: fputcsv() into memory, comma, double quote, no escape character. The cells
 * are written as given: each caller defuses the ones a spreadsheet might run
 * (Admin\Donations\DonationExport::safe_cell()), since only it knows which are its own figures.
 */
final class CsvText {

	/**
	 * The file's text. An empty row is an empty line (MYOB's end of a record).
	 *
	 * @param array<int, array<int, string>> $rows Rows of cells.
	 */
	public static function of( array $rows ): string {
		$buffer = fopen( 'php://memory', 'w+b' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fopen, WordPress.WP.AlternativeFunctions.file_system_read_fopen -- (WPCS 3 and 2.3 codes) an in-memory buffer, not a file.
		if ( false === $buffer ) {
			return '';
		}
		foreach ( $rows as $cells ) {
			if ( array() === $cells ) {
				fwrite( $buffer, "\n" ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fwrite, WordPress.WP.AlternativeFunctions.file_system_read_fwrite -- (WPCS 3 and 2.3 codes) an in-memory buffer, not a file.
				continue;
			}
			fputcsv( $buffer, $cells, ',', '"', '' );
		}
		rewind( $buffer );
		$csv = (string) stream_get_contents( $buffer );
		fclose( $buffer ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose, WordPress.WP.AlternativeFunctions.file_system_read_fclose -- (WPCS 3 and 2.3 codes) an in-memory buffer, not a file.
		return $csv;
	}
}
