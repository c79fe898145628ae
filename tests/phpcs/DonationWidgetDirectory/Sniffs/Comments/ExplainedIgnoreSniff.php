<?php
/**
 * An ignored rule says why: the directory asks that every remaining warning be explained.
 *
 * @package DonationWidget
 */

namespace DonationWidgetDirectory\Sniffs\Comments;

use PHP_CodeSniffer\Files\File;
use PHP_CodeSniffer\Sniffs\Sniff;

/**
 * A `phpcs:ignore` or `phpcs:disable` that names a rule of this standard, a database rule or an
 * escaping rule must give its reason after ` -- `.
 */
final class ExplainedIgnoreSniff implements Sniff {

	/**
	 * The tokens this sniff looks at.
	 *
	 * @return array<int|string>
	 */
	public function register() {
		return array( T_PHPCS_IGNORE, T_PHPCS_DISABLE );
	}

	/**
	 * Checks one ignore comment.
	 *
	 * @param File $file    The file.
	 * @param int  $comment The comment.
	 * @return void
	 */
	public function process( File $file, $comment ) {
		$text = $file->getTokens()[ $comment ]['content'];
		if ( ! preg_match( '/DonationWidgetDirectory\.|WordPress\.DB\.|WordPress\.Security\.EscapeOutput/', $text ) ) {
			return;
		}
		if ( ! preg_match( '/\s--\s*\S/', $text ) ) {
			$file->addError( 'Say why this rule is ignored, after " -- ".', $comment, 'NoReason' );
		}
	}
}
