<?php
/**
 * A download split into files an accounting package takes one at a time.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books\Export;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Receipts\DonationFormat;

/**
 * Splits lines into parts of at most a format's limit of lines (Xero: 1,000), each a whole file
 * with its header that imports alone. A deposit stays in one part when it fits; only a deposit
 * larger than the limit is cut, at the limit. The parts come with a note that states each
 * deposit's total and what each part sums to, so the treasurer can see they add up to it.
 */
final class ExportParts {

	/**
	 * The lines in parts of at most $max lines (one part when $max is 0 or they fit).
	 *
	 * @param array $lines Lines, grouped by deposit.
	 * @param int   $max   Most lines a part (0: no limit).
	 * @phpstan-param list<StatementLine> $lines
	 * @return list<list<StatementLine>>
	 */
	public static function split( array $lines, int $max ): array {
		if ( $max <= 0 || count( $lines ) <= $max ) {
			return array( $lines );
		}
		$parts   = array();
		$current = array();
		foreach ( self::deposits( $lines ) as $deposit ) {
			if ( count( $current ) + count( $deposit ) > $max && array() !== $current ) {
				$parts[] = $current;
				$current = array();
			}
			foreach ( array_chunk( $deposit, $max ) as $chunk ) {
				if ( array() !== $current && count( $current ) + count( $chunk ) > $max ) {
					$parts[] = $current;
					$current = array();
				}
				array_push( $current, ...$chunk );
			}
		}
		if ( array() !== $current ) {
			$parts[] = $current;
		}
		return $parts;
	}

	/**
	 * The file name of part $number of $count (the whole download's name when there is one).
	 *
	 * @param string $base      Name without extension, such as xero-po_123.
	 * @param string $extension csv or txt.
	 * @param int    $number    From 1.
	 * @param int    $count     How many parts.
	 */
	public static function file_name( string $base, string $extension, int $number, int $count ): string {
		return 1 === $count ? $base . '.' . $extension : sprintf( '%s-part-%d-of-%d.%s', $base, $number, $count, $extension );
	}

	/**
	 * The note that comes with the parts (README.txt in the zip): each deposit's total, each
	 * part's lines and sum, and that the parts together make the deposits.
	 *
	 * @param AccountingFormat $format The format.
	 * @param string           $base   Name without extension.
	 * @param array            $parts  The parts.
	 * @phpstan-param list<list<StatementLine>> $parts
	 */
	public static function note( AccountingFormat $format, string $base, array $parts ): string {
		$count    = count( $parts );
		$deposits = array();
		foreach ( $parts as $part ) {
			foreach ( $part as $line ) {
				$deposits[ $line->payout_id ] = ( $deposits[ $line->payout_id ] ?? 0 ) + $line->amount_cents;
			}
		}
		$text = array(
			sprintf(
				/* translators: 1: the accounting package, 2: how many files, 3: most lines in one file. */
				__( '%1$s takes at most %3$s statement lines in one file, so this download is %2$d files. Import each file on its own, in any order, into the same bank account.', 'donation-widget' ),
				$format->label(),
				$count,
				number_format( $format->max_lines() )
			),
			'',
		);
		foreach ( $deposits as $payout_id => $cents ) {
			/* translators: 1: the provider's payout id, 2: its amount, such as A$1,234.56. */
			$text[] = sprintf( __( 'Deposit %1$s: total %2$s.', 'donation-widget' ), $payout_id, self::money( $cents ) );
		}
		$text[] = '';
		foreach ( $parts as $i => $part ) {
			$sum    = array_sum( array_map( static fn ( StatementLine $line ): int => $line->amount_cents, $part ) );
			$text[] = sprintf(
				/* translators: 1: part number, 2: how many parts, 3: file name, 4: how many lines, such as "1,000 lines", 5: what the file's lines sum to. */
				__( 'Part %1$d of %2$d, %3$s: %4$s, summing to %5$s.', 'donation-widget' ),
				$i + 1,
				$count,
				self::file_name( $base, $format->extension(), $i + 1, $count ),
				/* translators: %s: how many lines. */
				sprintf( _n( '%s line', '%s lines', count( $part ), 'donation-widget' ), number_format( count( $part ) ) ),
				self::money( $sum )
			);
		}
		$text[] = '';
		/* translators: %s: the deposits' total. */
		$text[] = sprintf( __( 'The parts together sum to %s, the deposits\' total.', 'donation-widget' ), self::money( array_sum( $deposits ) ) );
		return implode( "\r\n", $text ) . "\r\n";
	}

	/**
	 * What one part says about itself, for a link to it: "part 1 of 2, deposit total A$x, this
	 * file sums to A$y".
	 *
	 * @param array $parts  The parts.
	 * @param int   $number From 1.
	 * @phpstan-param list<list<StatementLine>> $parts
	 */
	public static function describe( array $parts, int $number ): string {
		$all  = array_sum( array_map( static fn ( array $part ): int => array_sum( array_map( static fn ( StatementLine $line ): int => $line->amount_cents, $part ) ), $parts ) );
		$mine = array_sum( array_map( static fn ( StatementLine $line ): int => $line->amount_cents, $parts[ $number - 1 ] ?? array() ) );
		/* translators: 1: part number, 2: how many parts, 3: the deposits' total, 4: what this file sums to. */
		return sprintf( __( 'part %1$d of %2$d, deposit total %3$s, this file sums to %4$s', 'donation-widget' ), $number, count( $parts ), self::money( $all ), self::money( $mine ) );
	}

	/**
	 * Australian dollars, such as A$1,234.56 or -A$5.00.
	 *
	 * @param int $cents Signed cents.
	 */
	public static function money( int $cents ): string {
		return ( $cents < 0 ? '-A' : 'A' ) . DonationFormat::money( abs( $cents ) );
	}

	/**
	 * The lines grouped by deposit, in order.
	 *
	 * @param array $lines Lines.
	 * @phpstan-param list<StatementLine> $lines
	 * @return list<list<StatementLine>>
	 */
	private static function deposits( array $lines ): array {
		$groups  = array();
		$current = array();
		foreach ( $lines as $line ) {
			if ( array() !== $current && $line->payout_id !== $current[0]->payout_id ) {
				$groups[] = $current;
				$current  = array();
			}
			$current[] = $line;
		}
		if ( array() !== $current ) {
			$groups[] = $current;
		}
		return $groups;
	}
}
