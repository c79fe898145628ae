<?php
/**
 * No variable in a query's SQL: what Plugin Check's DirectDB.UnescapedDBParameter warns about,
 * for CI, which cannot install Plugin Check's own sniffs.
 *
 * @package DonationWidget
 */

namespace DonationWidgetDirectory\Sniffs\DB;

use DonationWidgetDirectory\Sniffs\ArgumentList;
use PHP_CodeSniffer\Files\File;
use PHP_CodeSniffer\Sniffs\Sniff;
use PHP_CodeSniffer\Util\Tokens;

/**
 * The SQL given to $wpdb->query(), get_var(), get_row(), get_col(), get_results() or prepare()
 * holds no variable but table names: a variable assigned from Schema::table( '...' ) in the same
 * function (the plugin's own prefixed tables, named by constants) or a table property of $wpdb
 * ($wpdb->options and the like). Values go through placeholders. Anything else (a list of
 * placeholders, a query built from parts, SQL prepared elsewhere) is explained where it is run:
 * `// phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- why`.
 * (Not %i for table names: the WPCS 2.3 that CI runs cannot check %i placeholders.)
 */
final class InterpolatedSqlSniff implements Sniff {

	/**
	 * The methods of $wpdb that take SQL first.
	 *
	 * @var array<string, true>
	 */
	private const METHODS = array(
		'query'       => true,
		'get_var'     => true,
		'get_row'     => true,
		'get_col'     => true,
		'get_results' => true,
		'prepare'     => true,
	);

	/**
	 * The tokens this sniff looks at.
	 *
	 * @return array<int|string>
	 */
	public function register() {
		return array( T_VARIABLE );
	}

	/**
	 * Checks one $wpdb->method( ... ) call.
	 *
	 * @param File $file     The file.
	 * @param int  $variable A variable.
	 * @return void
	 */
	public function process( File $file, $variable ) {
		$tokens = $file->getTokens();
		if ( '$wpdb' !== $tokens[ $variable ]['content'] ) {
			return;
		}
		$arrow  = $file->findNext( Tokens::$emptyTokens, $variable + 1, null, true );
		$method = $file->findNext( Tokens::$emptyTokens, $arrow + 1, null, true );
		$open   = $file->findNext( Tokens::$emptyTokens, $method + 1, null, true );
		if ( T_OBJECT_OPERATOR !== $tokens[ $arrow ]['code'] || ! isset( self::METHODS[ strtolower( $tokens[ $method ]['content'] ) ] ) || T_OPEN_PARENTHESIS !== $tokens[ $open ]['code'] ) {
			return;
		}
		$args = ArgumentList::split( $file, $open, $tokens[ $open ]['parenthesis_closer'] );
		if ( array() === $args ) {
			return;
		}
		[ $first, $last ] = $args[0];
		// $wpdb->get_results( $wpdb->prepare( ... ) ): the inner call is checked on its own.
		if ( '$wpdb' === $tokens[ $first ]['content'] ) {
			$inner = $file->findNext( T_OPEN_PARENTHESIS, $first, $last );
			if ( false !== $inner && $tokens[ $inner ]['parenthesis_closer'] === $last ) {
				return;
			}
		}
		for ( $i = $first; $i <= $last; $i++ ) {
			$code  = $tokens[ $i ]['code'];
			$names = array();
			if ( T_DOUBLE_QUOTED_STRING === $code || T_HEREDOC === $code ) {
				preg_match_all( '/\{?(\$[A-Za-z_][A-Za-z0-9_]*)((?:->[A-Za-z_][A-Za-z0-9_]*)?)\}?/', $tokens[ $i ]['content'], $found, PREG_SET_ORDER );
				foreach ( $found as $match ) {
					$names[] = $match[1] . $match[2];
				}
			} elseif ( T_VARIABLE === $code ) {
				$arrow    = $file->findNext( Tokens::$emptyTokens, $i + 1, null, true );
				$property = T_OBJECT_OPERATOR === $tokens[ $arrow ]['code'] ? '->' . $tokens[ $arrow + 1 ]['content'] : '';
				$names[]  = $tokens[ $i ]['content'] . $property;
				if ( '' !== $property ) {
					$i = $arrow + 1;
				}
			}
			$unexplained = array_filter( $names, fn ( string $name ): bool => ! $this->is_table_name( $file, $variable, $name ) );
			if ( array() !== $unexplained ) {
				$file->addError(
					'A variable in the SQL of $wpdb->%s() that is not a table name from Schema::table(): use placeholders, or explain why not with phpcs:ignore ... -- why; found %s',
					$i,
					'Found',
					array( $tokens[ $method ]['content'], implode( ', ', $unexplained ) )
				);
				return;
			}
		}
	}

	/**
	 * Whether $name holds a table name: a table property of $wpdb, or a variable assigned from
	 * Schema::table() (or from a $wpdb table property) earlier in the same function.
	 *
	 * @param File   $file  The file.
	 * @param int    $where The call's position.
	 * @param string $name  Such as $table or $wpdb->options.
	 */
	private function is_table_name( File $file, int $where, string $name ): bool {
		if ( preg_match( '/^\$wpdb->(options|posts|postmeta|users|usermeta|terms|term_taxonomy|term_relationships|comments|commentmeta|links|termmeta|prefix)$/', $name ) ) {
			return true;
		}
		if ( str_contains( $name, '->' ) ) {
			return false;
		}
		$tokens   = $file->getTokens();
		$function = $file->getCondition( $where, T_FUNCTION );
		if ( false === $function ) {
			$function = $file->getCondition( $where, T_CLOSURE );
		}
		$start = false === $function ? 0 : $function;
		for ( $i = $where - 1; $i > $start; $i-- ) {
			if ( T_VARIABLE !== $tokens[ $i ]['code'] || $name !== $tokens[ $i ]['content'] ) {
				continue;
			}
			$equals = $file->findNext( Tokens::$emptyTokens, $i + 1, null, true );
			if ( T_EQUAL !== $tokens[ $equals ]['code'] ) {
				continue;
			}
			$value = $file->findNext( Tokens::$emptyTokens, $equals + 1, null, true );
			$end   = $file->findEndOfStatement( $value );
			$text  = preg_replace( '/\s+/', '', $file->getTokensAsString( $value, $end - $value ) );
			return (bool) preg_match( "/^Schema::table\\('[a-z_]+'\\)$|^\\\$wpdb->[a-z_]+$/", (string) $text );
		}
		return false;
	}
}
