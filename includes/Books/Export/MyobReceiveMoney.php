<?php
/**
 * MYOB AccountRight's Receive Money import.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books\Export;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Exports\SpreadsheetCell;

/**
 * One Receive Money transaction per deposit, into the deposit account the admin set, written
 * as MYOB AccountRight (Australia) publishes its import files: tab-delimited ASCII text, the
 * header row of MYOB's own field names (a subset, in MYOB's order), CRLF line ends, a row per
 * allocation line (the transaction's fields repeated, as MYOB's exports have them) and a blank
 * line ending each transaction (a variable-length record). The allocation lines (gifts
 * positive; fees, refunds and chargebacks negative) add up to the deposit, so the one bank
 * line it makes matches the bank's. Amounts are tax inclusive (Inclusive = X, Inc-Tax Amount):
 * the provider's fees include their GST. Sources in docs/accounting-export.md.
 */
final class MyobReceiveMoney implements AccountingFormat {

	/**
	 * MYOB's limit of a memo field's characters.
	 */
	private const MEMO_LENGTH = 255;

	/**
	 * MYOB's limit of a card's company or last name.
	 */
	private const NAME_LENGTH = 50;

	/**
	 * Builds the format.
	 *
	 * @param AccountCodes $codes The deposit account.
	 */
	public function __construct( private readonly AccountCodes $codes ) {
	}

	/**
	 * The format's name.
	 */
	public function name(): string {
		return 'myob';
	}

	/**
	 * The package's name.
	 */
	public function label(): string {
		return 'MYOB';
	}

	/**
	 * Tab-delimited text, as MYOB's own import and export files.
	 */
	public function extension(): string {
		return 'txt';
	}

	/**
	 * Plain ASCII text.
	 */
	public function content_type(): string {
		return 'text/plain; charset=us-ascii';
	}

	/**
	 * MYOB publishes no line limit.
	 */
	public function max_lines(): int {
		return 0;
	}

	/**
	 * The header row: MYOB AccountRight's Receive Money field names, in its order.
	 *
	 * @return list<string>
	 */
	public function header(): array {
		return array( 'Deposit Account #', 'Date', 'Co./Last Name', 'Memo', 'Inclusive', 'Allocation Account #', 'Inc-Tax Amount', 'Tax Code', 'Allocation Memo' );
	}

	/**
	 * The file: the header, then each deposit's allocation rows and a blank line after them.
	 *
	 * @param array $lines Lines, grouped by deposit.
	 * @phpstan-param list<StatementLine> $lines
	 */
	public function file( array $lines ): string {
		$text    = self::row( $this->header() );
		$deposit = null;
		foreach ( $lines as $line ) {
			if ( null !== $deposit && $deposit !== $line->payout_id ) {
				$text .= "\r\n";
			}
			$deposit = $line->payout_id;
			$text   .= self::row(
				array(
					'' !== $line->deposit_account ? $line->deposit_account : $this->codes->deposit_account(),
					$line->day_month_year(),
					self::cut( $line->provider, self::NAME_LENGTH ),
					/* translators: 1: the provider's name, 2: its payout id. */
					self::cut( '' !== $line->memo ? $line->memo : sprintf( __( '%1$s payout %2$s', 'donation-widget' ), $line->provider, $line->payout_id ), self::MEMO_LENGTH ),
					'X',
					$line->account,
					$line->decimal(),
					AccountCodes::myob_tax( $line->tax ),
					self::cut( implode( ' - ', array_filter( array( $line->description, $line->payee, $line->reference ) ) ), self::MEMO_LENGTH ),
				)
			);
		}
		if ( null !== $deposit ) {
			$text .= "\r\n";
		}
		return $text;
	}

	/**
	 * One tab-delimited row ending in CRLF, each cell ASCII and defused for spreadsheets.
	 *
	 * @param array $cells Cells.
	 * @phpstan-param list<string> $cells
	 */
	private static function row( array $cells ): string {
		return implode( "\t", array_map( static fn ( string $cell ): string => SpreadsheetCell::safe( self::ascii( $cell ) ), $cells ) ) . "\r\n";
	}

	/**
	 * Text as printable ASCII: accents dropped (José → Jose), typographic punctuation as its
	 * plain form, tabs and line breaks (the file's own separators) as spaces, a double quote
	 * (a text qualifier to the importer) as a single one, anything else as "?".
	 *
	 * @param string $text UTF-8 text.
	 */
	public static function ascii( string $text ): string {
		$text = remove_accents( $text );
		$text = strtr(
			$text,
			array(
				"\u{2018}" => "'",
				"\u{2019}" => "'",
				"\u{201C}" => "'",
				"\u{201D}" => "'",
				"\u{2013}" => '-',
				"\u{2014}" => '-',
				"\u{2026}" => '...',
				"\u{00B7}" => '-',
				"\u{00A0}" => ' ',
				'"'        => "'",
				"\t"       => ' ',
				"\r"       => ' ',
				"\n"       => ' ',
			)
		);
		return (string) preg_replace( '/[^\x20-\x7E]/u', '?', $text );
	}

	/**
	 * Text cut to a field's length (after it is ASCII, so one character is one byte).
	 *
	 * @param string $text   Text.
	 * @param int    $length Most characters.
	 */
	private static function cut( string $text, int $length ): string {
		return substr( self::ascii( $text ), 0, $length );
	}
}
