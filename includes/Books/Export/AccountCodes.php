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
	 * The account a kind of line is coded to ('' for lines not from this site: the treasurer
	 * codes those by hand).
	 *
	 * @param string $kind StatementLine kind.
	 */
	public function account( string $kind ): string {
		$keys = array(
			StatementLine::GIFT    => 'books_donations_account',
			StatementLine::FEE     => 'books_fees_account',
			StatementLine::REFUND  => 'books_refunds_account',
			StatementLine::DISPUTE => 'books_refunds_account',
		);
		return isset( $keys[ $kind ] ) ? $this->settings->string( $keys[ $kind ] ) : '';
	}

	/**
	 * The tax choice of a kind of line: fees their own, gifts and what reverses them the gifts'.
	 *
	 * @param string $kind StatementLine kind.
	 */
	public function tax( string $kind ): string {
		if ( StatementLine::OTHER === $kind ) {
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
