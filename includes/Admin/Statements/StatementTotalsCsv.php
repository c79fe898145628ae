<?php
/**
 * A year's totals per donor, as CSV.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Statements;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Admin\Donations\DonationExport;
use DonationWidget\Receipts\DonationFormat;
use DonationWidget\Statements\FinancialYear;
use DonationWidget\Statements\StatementLog;
use DonationWidget\Statements\StatementQuery;

/**
 * One line per statement (donor, or donor and organisation) reaching $2 in the year: its total,
 * how many gifts, and whether the statement was sent. Written page by page of donors straight to
 * the response (no file is kept, and no query reads the whole table); every cell is defused for
 * spreadsheets as the Donations export does.
 */
final class StatementTotalsCsv {

	/**
	 * Donor addresses per page.
	 */
	private const PAGE = 500;

	/**
	 * Builds the writer.
	 *
	 * @param StatementQuery $query Totals.
	 * @param StatementLog   $log   Sent statements.
	 */
	public function __construct( private readonly StatementQuery $query, private readonly StatementLog $log ) {
	}

	/**
	 * The file name, such as tax-statements-2025-26.csv.
	 *
	 * @param FinancialYear $year The year.
	 */
	public static function filename( FinancialYear $year ): string {
		return sprintf( 'tax-statements-%d-%02d.csv', $year->ending - 1, $year->ending % 100 );
	}

	/**
	 * Writes the whole CSV.
	 *
	 * @param FinancialYear $year The year.
	 * @param resource      $out  Where to.
	 * @return int Lines of donors written.
	 */
	public function write( FinancialYear $year, $out ): int {
		$this->line(
			$out,
			array(
				__( 'Financial year', 'donation-widget' ),
				__( 'Email', 'donation-widget' ),
				__( 'Name', 'donation-widget' ),
				__( 'Organisation', 'donation-widget' ),
				__( 'Gifts', 'donation-widget' ),
				__( 'Total (AUD)', 'donation-widget' ),
				__( 'Statement sent', 'donation-widget' ),
			)
		);
		$after   = '';
		$written = 0;
		do {
			$emails = $this->query->donor_page( $after, self::PAGE );
			$sent   = $this->log->of_donors( $year, $emails );
			foreach ( $this->query->totals_of( $emails, $year ) as $donor ) {
				$row = $sent[ strtolower( $donor['email'] . '|' . $donor['organisation'] ) ] ?? null;
				$this->line(
					$out,
					array(
						$year->label(),
						$donor['email'],
						$donor['name'],
						$donor['organisation'],
						(string) $donor['gifts'],
						number_format( $donor['total_cents'] / 100, 2, '.', '' ),
						null !== $row && StatementLog::SENT === $row['status'] ? DonationFormat::date( $row['sent_at'], 'Y-m-d' ) : '',
					)
				);
				++$written;
			}
			$full  = count( $emails ) === self::PAGE;
			$after = $full ? (string) end( $emails ) : $after;
		} while ( $full );
		return $written;
	}

	/**
	 * One CSV line.
	 *
	 * @param resource $out   Where to.
	 * @param string[] $cells Cells.
	 */
	private function line( $out, array $cells ): void {
		fputcsv( $out, array_map( array( DonationExport::class, 'safe_cell' ), $cells ), ',', '"', '' );
	}
}
