<?php
/**
 * Splits a call's arguments, for the sniffs of this standard.
 *
 * @package DonationWidget
 */

namespace DonationWidgetDirectory\Sniffs;

use PHP_CodeSniffer\Files\File;
use PHP_CodeSniffer\Util\Tokens;

/**
 * The top-level arguments between a pair of parentheses or brackets.
 */
final class ArgumentList {

	/**
	 * Each argument as [first token, last token], blank tokens trimmed.
	 *
	 * @param File $file   The file.
	 * @param int  $opener The opening parenthesis or bracket.
	 * @param int  $closer Its closer.
	 * @return list<array{0: int, 1: int}>
	 */
	public static function split( File $file, int $opener, int $closer ): array {
		$tokens = $file->getTokens();
		$args   = array();
		$start  = $opener + 1;
		for ( $i = $opener + 1; $i <= $closer; $i++ ) {
			if ( $i < $closer && isset( $tokens[ $i ]['parenthesis_closer'] ) && $tokens[ $i ]['parenthesis_closer'] > $i ) {
				$i = $tokens[ $i ]['parenthesis_closer'];
				continue;
			}
			if ( $i < $closer && isset( $tokens[ $i ]['bracket_closer'] ) && $tokens[ $i ]['bracket_closer'] > $i ) {
				$i = $tokens[ $i ]['bracket_closer'];
				continue;
			}
			if ( $i === $closer || T_COMMA === $tokens[ $i ]['code'] ) {
				$first = $file->findNext( Tokens::$emptyTokens, $start, $i, true );
				$last  = $file->findPrevious( Tokens::$emptyTokens, $i - 1, $start - 1, true );
				if ( false !== $first && false !== $last && $last >= $first ) {
					$args[] = array( $first, $last );
				}
				$start = $i + 1;
			}
		}
		return $args;
	}
}
