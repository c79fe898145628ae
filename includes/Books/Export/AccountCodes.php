<?php
/**
 * The accounts and tax rates the admin chose for the export.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books\Export;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Settings\Settings;

/**
 * Reads the "Accounting export" settings, and names each tax choice as Xero (its default tax
 * rate names, Australia) and MYOB (its Australian tax codes) spell it.
 */
final class AccountCodes {

	/**
	 * Tax choice => Xero tax rate name.
	 */
	private const XERO_TAX = array(
		'bas_excluded'      => 'BAS Excluded',
		'gst_free_income'   => 'GST Free Income',
		'gst_on_expenses'   => 'GST on Expenses',
		'gst_free_expenses' => 'GST Free Expenses',
	);

	/**
	 * Tax choice => MYOB tax code.
	 */
	private const MYOB_TAX = array(
		'bas_excluded'      => 'N-T',
		'gst_free_income'   => 'FRE',
		'gst_on_expenses'   => 'GST',
		'gst_free_expenses' => 'FRE',
	);

	/**
	 * Builds the reader.
	 *
	 * @param Settings $settings The stored settings.
	 */
	public function __construct( private readonly Settings $settings ) {
	}

	/**
	 * Kind of line => the setting of the account it is coded to.
	 */
	private const ACCOUNT_OF_KIND = array(
		StatementLine::GIFT    => 'books_donations_account',
		StatementLine::FEE     => 'books_fees_account',
		StatementLine::REFUND  => 'books_refunds_account',
		StatementLine::DISPUTE => 'books_refunds_account',
		StatementLine::OTHER   => 'books_other_income_account',
	);

	/**
	 * The settings each file needs before it is given: every line coded, and for MYOB the
	 * account the Receive Money deposits into.
	 */
	private const NEEDED = array(
		'xero' => array( 'books_donations_account', 'books_fees_account', 'books_refunds_account', 'books_other_income_account' ),
		'myob' => array( 'books_donations_account', 'books_fees_account', 'books_refunds_account', 'books_other_income_account', 'books_clearing_account' ),
	);

	/**
	 * The settings the offline gifts' own file needs (either format): the account each gift is
	 * coded to, and the bank account they are banked into.
	 */
	public const NEEDED_FOR_OFFLINE_GIFTS = array( 'books_donations_account', 'books_bank_deposits_account' );

	/**
	 * The bank account offline gifts are banked into ('' while unset).
	 */
	public function bank_deposits_account(): string {
		return $this->settings->string( 'books_bank_deposits_account' );
	}

	/**
	 * Why the offline gifts' file cannot be exported yet ('' when it can).
	 */
	public function offline_gifts_not_ready_reason(): string {
		$fields  = $this->settings->fields();
		$missing = array();
		foreach ( self::NEEDED_FOR_OFFLINE_GIFTS as $key ) {
			if ( '' === $this->settings->string( $key ) ) {
				$missing[] = $fields[ $key ]->label;
			}
		}
		if ( array() === $missing ) {
			return '';
		}
		return sprintf(
			/* translators: %s: the settings still empty, such as "Bank deposits account". */
			__( 'The offline gifts export is not set up yet, so no file is given: each gift is coded to the donations income account and banked into the bank deposits account. Enter %s on Settings, Accounting export, save, and download again.', 'donation-widget' ),
			implode( ', ', $missing )
		);
	}

	/**
	 * The account a kind of line is coded to ('' while the setting is empty).
	 *
	 * @param string $kind StatementLine kind.
	 */
	public function account( string $kind ): string {
		return isset( self::ACCOUNT_OF_KIND[ $kind ] ) ? $this->settings->string( self::ACCOUNT_OF_KIND[ $kind ] ) : '';
	}

	/**
	 * The labels of the settings a format still needs (empty: the export is set up). An export
	 * is refused until then, so no uncoded file goes out.
	 *
	 * @param string $format xero or myob.
	 * @return list<string>
	 */
	public function missing( string $format ): array {
		$fields  = $this->settings->fields();
		$missing = array();
		foreach ( self::NEEDED[ $format ] ?? array() as $key ) {
			if ( '' === $this->settings->string( $key ) ) {
				$missing[] = $fields[ $key ]->label;
			}
		}
		return $missing;
	}

	/**
	 * Why a format cannot be exported yet ('' when it can), for the Payouts screen and the
	 * download alike.
	 *
	 * @param string $format xero or myob.
	 */
	public function not_ready_reason( string $format ): string {
		$missing = $this->missing( $format );
		if ( array() === $missing ) {
			return '';
		}
		return sprintf(
			/* translators: 1: the accounting package (Xero or MYOB), 2: the settings still empty, such as "Donations income account code, Other income account code". */
			__( 'The %1$s export is not set up yet, so no file is given: every line must be coded to an account. Enter %2$s on Settings, Accounting export (suggested codes are offered there), save, and download again.', 'donation-widget' ),
			'myob' === $format ? 'MYOB' : 'Xero',
			implode( ', ', $missing )
		);
	}

	/**
	 * The tax choice of a kind of line: fees their own, gifts and what reverses them the gifts'.
	 *
	 * @param string $kind StatementLine kind.
	 */
	public function tax( string $kind ): string {
		if ( StatementLine::OTHER === $kind ) {
			// Not a gift: its tax is whatever the other income account's own default is.
			return '';
		}
		return $this->settings->string( StatementLine::FEE === $kind ? 'books_fees_tax' : 'books_donations_tax' );
	}

	/**
	 * The MYOB account the deposits are received into.
	 */
	public function deposit_account(): string {
		return $this->settings->string( 'books_clearing_account' );
	}

	/**
	 * A tax choice as Xero names the rate ('' for none).
	 *
	 * @param string $tax Tax choice key.
	 */
	public static function xero_tax( string $tax ): string {
		return self::XERO_TAX[ $tax ] ?? '';
	}

	/**
	 * A tax choice as MYOB's tax code ('' for none).
	 *
	 * @param string $tax Tax choice key.
	 */
	public static function myob_tax( string $tax ): string {
		return self::MYOB_TAX[ $tax ] ?? '';
	}
}
