<?php
/**
 * Exception messages escaped where thrown: what WPCS 3's EscapeOutput.ExceptionNotEscaped (run by
 * the directory's Plugin Check) asks, for CI, whose WPCS 2.3 does not know that rule.
 *
 * @package DonationWidget
 */

namespace DonationWidgetDirectory\Sniffs\Security;

use DonationWidgetDirectory\Sniffs\ArgumentList;
use PHP_CodeSniffer\Files\File;
use PHP_CodeSniffer\Sniffs\Sniff;
use PHP_CodeSniffer\Util\Tokens;

/**
 * Every argument of `throw new X( ... )` and of `throw $factory->make( ... )` must be a literal,
 * a cast to a number, an escaping call, or an array of those. `throw $error;` of an exception
 * built earlier is not checked (as in WPCS 3), nor is a throw inside a try block.
 */
final class ExceptionEscapedSniff implements Sniff {

	/**
	 * Calls whose result is safe to print.
	 *
	 * @var array<string, true>
	 */
	private const ESCAPING = array(
		'esc_html'    => true,
		'esc_html__'  => true,
		'esc_html_x'  => true,
		'esc_attr'    => true,
		'esc_attr__'  => true,
		'esc_url'     => true,
		'esc_js'      => true,
		'esc_sql'     => true,
		'absint'      => true,
		'intval'      => true,
		'floatval'    => true,
		'wp_kses'     => true,
		'wp_kses_post' => true,
	);

	/**
	 * The tokens this sniff looks at.
	 *
	 * @return array<int|string>
	 */
	public function register() {
		return array( T_THROW );
	}

	/**
	 * Checks one throw.
	 *
	 * @param File $file  The file.
	 * @param int  $throw The throw keyword.
	 * @return void
	 */
	public function process( File $file, $throw ) {
		$tokens = $file->getTokens();
		foreach ( $tokens[ $throw ]['conditions'] as $code ) {
			if ( T_TRY === $code ) {
				return;
			}
		}
		// The first call after throw: the exception's constructor or the factory making it.
		$open = $file->findNext( T_OPEN_PARENTHESIS, $throw + 1, $file->findEndOfStatement( $throw ) );
		if ( false === $open ) {
			return;
		}
		foreach ( ArgumentList::split( $file, $open, $tokens[ $open ]['parenthesis_closer'] ) as $arg ) {
			if ( ! $this->is_safe( $file, $arg[0], $arg[1] ) ) {
				$file->addError(
					'Exception arguments must be escaped where thrown (esc_html(), esc_html__(), a literal or a cast); found %s',
					$arg[0],
					'NotEscaped',
					array( $file->getTokensAsString( $arg[0], min( 8, $arg[1] - $arg[0] + 1 ) ) )
				);
			}
		}
	}

	/**
	 * The tokens of one kind from $first to $last outside any parentheses or brackets.
	 *
	 * @param File       $file  The file.
	 * @param int        $first First token.
	 * @param int        $last  Last token.
	 * @param int|string $kind  Token code.
	 * @return list<int>
	 */
	private function top_level( File $file, int $first, int $last, $kind ): array {
		$tokens = $file->getTokens();
		$found  = array();
		for ( $i = $first; $i <= $last; $i++ ) {
			if ( isset( $tokens[ $i ]['parenthesis_closer'] ) && $tokens[ $i ]['parenthesis_closer'] > $i ) {
				$i = $tokens[ $i ]['parenthesis_closer'];
			} elseif ( isset( $tokens[ $i ]['bracket_closer'] ) && $tokens[ $i ]['bracket_closer'] > $i ) {
				$i = $tokens[ $i ]['bracket_closer'];
			} elseif ( $kind === $tokens[ $i ]['code'] ) {
				$found[] = $i;
			}
		}
		return $found;
	}

	/**
	 * Whether the tokens from $first to $last are a safe value.
	 *
	 * @param File $file  The file.
	 * @param int  $first First token.
	 * @param int  $last  Last token.
	 */
	private function is_safe( File $file, int $first, int $last ): bool {
		$tokens = $file->getTokens();
		// A ternary's condition is not printed: only its two results need to be safe.
		$then = $this->top_level( $file, $first, $last, T_INLINE_THEN );
		if ( array() !== $then ) {
			$else = $this->top_level( $file, $then[0], $last, T_INLINE_ELSE );
			return array() !== $else
				&& $this->is_safe( $file, $file->findNext( Tokens::$emptyTokens, $then[0] + 1, null, true ), $file->findPrevious( Tokens::$emptyTokens, $else[0] - 1, null, true ) )
				&& $this->is_safe( $file, $file->findNext( Tokens::$emptyTokens, $else[0] + 1, null, true ), $last );
		}
		// A concatenation is safe when each part is.
		$dots = $this->top_level( $file, $first, $last, T_STRING_CONCAT );
		if ( array() !== $dots ) {
			$start = $first;
			foreach ( array_merge( $dots, array( $last + 1 ) ) as $dot ) {
				$part_first = $file->findNext( Tokens::$emptyTokens, $start, null, true );
				$part_last  = $file->findPrevious( Tokens::$emptyTokens, $dot - 1, null, true );
				if ( false === $part_first || false === $part_last || ! $this->is_safe( $file, $part_first, $part_last ) ) {
					return false;
				}
				$start = $dot + 1;
			}
			return true;
		}
		$code = $tokens[ $first ]['code'];
		if ( $first === $last ) {
			return in_array( $code, array( T_CONSTANT_ENCAPSED_STRING, T_LNUMBER, T_DNUMBER, T_TRUE, T_FALSE, T_NULL ), true );
		}
		if ( in_array( $code, array( T_INT_CAST, T_DOUBLE_CAST, T_BOOL_CAST ), true ) ) {
			return true;
		}
		if ( T_STRING === $code ) {
			$open = $file->findNext( Tokens::$emptyTokens, $first + 1, null, true );
			if ( T_OPEN_PARENTHESIS !== $tokens[ $open ]['code'] || $tokens[ $open ]['parenthesis_closer'] !== $last ) {
				return false;
			}
			$name = strtolower( $tokens[ $first ]['content'] );
			if ( isset( self::ESCAPING[ $name ] ) ) {
				return true;
			}
			if ( 'array_map' === $name ) {
				$args = ArgumentList::split( $file, $open, $last );
				return array() !== $args && $args[0][0] === $args[0][1] && isset( self::ESCAPING[ trim( $tokens[ $args[0][0] ]['content'], '\'"' ) ] );
			}
			return false;
		}
		if ( T_ARRAY === $code || T_OPEN_SHORT_ARRAY === $code ) {
			$open  = T_ARRAY === $code ? $file->findNext( T_OPEN_PARENTHESIS, $first ) : $first;
			$close = T_ARRAY === $code ? $tokens[ $open ]['parenthesis_closer'] : $tokens[ $open ]['bracket_closer'];
			if ( $close !== $last ) {
				return false;
			}
			foreach ( ArgumentList::split( $file, $open, $close ) as $element ) {
				$arrow = $file->findNext( T_DOUBLE_ARROW, $element[0], $element[1] + 1 );
				if ( false !== $arrow ) {
					$key_last = $file->findPrevious( Tokens::$emptyTokens, $arrow - 1, null, true );
					$value    = $file->findNext( Tokens::$emptyTokens, $arrow + 1, null, true );
					if ( ! $this->is_safe( $file, $element[0], $key_last ) || ! $this->is_safe( $file, $value, $element[1] ) ) {
						return false;
					}
				} elseif ( ! $this->is_safe( $file, $element[0], $element[1] ) ) {
					return false;
				}
			}
			return true;
		}
		return false;
	}
}
