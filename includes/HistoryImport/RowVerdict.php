<?php
/**
 * What the dry run decided about one row, and why, in staff's words.
 *
 * @package DonationWidget
 */

namespace DonationWidget\HistoryImport;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * A row's verdict: OK (a gift will be created) or the reason it is refused.
 */
final class RowVerdict {

	public const OK               = 'ok';
	public const BAD_DATE         = 'bad_date';
	public const BAD_AMOUNT       = 'bad_amount';
	public const BAD_EMAIL        = 'bad_email';
	public const NO_DONOR         = 'no_donor';
	public const DUPLICATE        = 'duplicate';
	public const ALREADY_IMPORTED = 'already_imported';
	public const NOT_COMPLETED    = 'not_completed';
	public const FORMULA          = 'formula';
	public const WRONG_CURRENCY   = 'wrong_currency';

	/**
	 * Every reason a row is refused.
	 */
	public const REFUSALS = array( self::BAD_DATE, self::BAD_AMOUNT, self::BAD_EMAIL, self::NO_DONOR, self::DUPLICATE, self::ALREADY_IMPORTED, self::NOT_COMPLETED, self::FORMULA, self::WRONG_CURRENCY );

	/**
	 * Why a row is refused (or what will happen to it), with the detail the dry run kept.
	 *
	 * @param string $verdict One of the constants.
	 * @param string $detail  The value at fault, or the first row of a duplicate.
	 */
	public static function message( string $verdict, string $detail ): string {
		return match ( $verdict ) {
			self::OK               => __( 'Will be created', 'donation-widget' ),
			/* translators: %s: the date as the file has it. */
			self::BAD_DATE         => sprintf( __( 'Bad date: “%s” is not a date in the format the file uses, or is in the future.', 'donation-widget' ), $detail ),
			/* translators: %s: the amount as the file has it. */
			self::BAD_AMOUNT       => sprintf( __( 'Bad amount: “%s” is not an amount of money above zero.', 'donation-widget' ), $detail ),
			/* translators: %s: the email address as the file has it. */
			self::BAD_EMAIL        => sprintf( __( 'Bad email: “%s” is not an email address.', 'donation-widget' ), $detail ),
			self::NO_DONOR         => __( 'No donor: the row has neither an email address nor a name.', 'donation-widget' ),
			/* translators: %s: the row number of the first copy. */
			self::DUPLICATE        => sprintf( __( 'Duplicate: the same gift as row %s of this file.', 'donation-widget' ), $detail ),
			self::ALREADY_IMPORTED => __( 'Duplicate: this gift was already imported.', 'donation-widget' ),
			/* translators: %s: the status as the file has it, such as Pending. */
			self::NOT_COMPLETED    => sprintf( __( 'Not a completed gift (status “%s”).', 'donation-widget' ), $detail ),
			/* translators: %s: the cell's text. */
			self::FORMULA          => sprintf( __( 'A cell begins with a formula character (= + - @): “%s”. Correct it in the file, or remove the row.', 'donation-widget' ), $detail ),
			/* translators: %s: the currency as the file has it. */
			self::WRONG_CURRENCY   => sprintf( __( 'Wrong currency: %s (only Australian dollars, AUD, can be imported).', 'donation-widget' ), $detail ),
			default                => __( 'Not checked yet.', 'donation-widget' ),
		};
	}
}
