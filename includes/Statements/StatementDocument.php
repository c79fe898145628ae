<?php
/**
 * What a statement says: in an email and as a printable page.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Statements;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Receipts\DonationFormat;
use DonationWidget\Settings\Settings;

/**
 * The statement names the organisation and its ABN, who it is issued to, every gift (local
 * date, receipt number, payment method, amount) and the total, and ends with the deductibility
 * statement from the receipt settings. The email and the printable page show the same table;
 * every value is escaped here.
 */
final class StatementDocument {

	/**
	 * Builds the document.
	 *
	 * @param Settings $settings Organisation, ABN and wording.
	 */
	public function __construct( private readonly Settings $settings ) {
	}

	/**
	 * The heading, such as "Tax statement for the 2025–26 financial year".
	 *
	 * @param Statement $statement The statement.
	 */
	public static function heading( Statement $statement ): string {
		/* translators: %s: a financial year, such as 2025–26. */
		return sprintf( __( 'Tax statement for the %s financial year', 'donation-widget' ), $statement->year->label() );
	}

	/**
	 * The statement itself as HTML (a section with its heading, details, gifts and total).
	 *
	 * @param Statement $statement The statement.
	 */
	public function html( Statement $statement ): string {
		$cell  = 'style="text-align: left; border-bottom: 1px solid #ddd; padding: 6px;"';
		$right = 'style="text-align: right; border-bottom: 1px solid #ddd; padding: 6px;"';
		$html  = '<section class="donation-widget-statement">';
		$html .= '<h2 style="font-size: 20px; margin: 16px 0 8px;">' . esc_html( self::heading( $statement ) ) . '</h2>';
		$html .= '<table cellpadding="6" cellspacing="0" style="border-collapse: collapse; margin-bottom: 16px;">';
		foreach ( $this->details( $statement ) as $label => $value ) {
			$html .= '<tr><th scope="row" ' . $cell . '>' . esc_html( $label ) . '</th><td ' . $cell . '>' . esc_html( $value ) . '</td></tr>';
		}
		$html .= '</table>';
		$html .= '<table cellpadding="6" cellspacing="0" style="border-collapse: collapse; width: 100%;">';
		/* translators: %s: a financial year, such as 2025–26. */
		$html .= '<caption style="text-align: left; font-weight: bold; padding: 6px 0;">' . esc_html( sprintf( __( 'Gifts in %s', 'donation-widget' ), $statement->year->label() ) ) . '</caption>';
		$html .= '<thead><tr><th scope="col" ' . $cell . '>' . esc_html__( 'Date', 'donation-widget' ) . '</th><th scope="col" ' . $cell . '>' . esc_html__( 'Receipt number', 'donation-widget' ) . '</th><th scope="col" ' . $cell . '>' . esc_html__( 'Payment method', 'donation-widget' ) . '</th><th scope="col" ' . $right . '>' . esc_html__( 'Amount', 'donation-widget' ) . '</th></tr></thead><tbody>';
		foreach ( $statement->gifts as $gift ) {
			$html .= '<tr><td ' . $cell . '>' . esc_html( DonationFormat::date( $gift['date'] ) ) . '</td><td ' . $cell . '>' . esc_html( $gift['receipt_number'] ) . '</td><td ' . $cell . '>' . esc_html( $gift['method'] ) . '</td><td ' . $right . '>' . esc_html( DonationFormat::money( $gift['amount_cents'] ) ) . '</td></tr>';
		}
		$html .= '</tbody><tfoot><tr><th scope="row" colspan="3" ' . $cell . '>' . esc_html__( 'Total', 'donation-widget' ) . '</th><td ' . $right . '><strong>' . esc_html( DonationFormat::money( $statement->total_cents() ) . ' AUD' ) . '</strong></td></tr></tfoot></table>';
		foreach ( $this->closing() as $line ) {
			$html .= '<p>' . esc_html( $line ) . '</p>';
		}
		return $html . '</section>';
	}

	/**
	 * The statement email.
	 *
	 * @param Statement $statement The statement.
	 * @param string    $page_url  Its printable page (signed link), or ''.
	 * @param bool      $is_test   Whether it is a test sent to staff.
	 * @return array{subject: string, html: string, text: string}
	 */
	public function email( Statement $statement, string $page_url, bool $is_test = false ): array {
		$organisation = $this->settings->string( 'organisation_name' );
		/* translators: 1: organisation name, 2: a financial year, such as 2025–26. */
		$subject = sprintf( __( 'Your %2$s tax statement from %1$s', 'donation-widget' ), $organisation, $statement->year->label() );
		if ( $is_test ) {
			/* translators: %s: the email's subject. */
			$subject = sprintf( __( '[Test] %s', 'donation-widget' ), $subject );
		}
		$greeting = '' !== $statement->name
			/* translators: %s: the donor's or organisation's name. */
			? sprintf( __( 'Dear %s,', 'donation-widget' ), $statement->name )
			: __( 'Hello,', 'donation-widget' );
		/* translators: 1: organisation name, 2: a financial year, such as 2025–26. */
		$intro = sprintf( __( 'Thank you for supporting %1$s. Here is your statement of the tax-deductible gifts you made in the %2$s financial year, for your tax return.', 'donation-widget' ), $organisation, $statement->year->label() );
		$print = __( 'Open a printable copy (print it or save it as a PDF)', 'donation-widget' );

		$html  = '<div style="font-family: Arial, Helvetica, sans-serif; font-size: 15px; line-height: 1.5; color: #1e1e1e; max-width: 640px;">';
		$html .= '<p>' . esc_html( $greeting ) . '</p><p>' . esc_html( $intro ) . '</p>';
		$html .= $this->html( $statement );
		if ( '' !== $page_url ) {
			$html .= '<p><a href="' . esc_url( $page_url ) . '">' . esc_html( $print ) . '</a></p>';
		}
		$html .= '</div>';

		$lines = array( $greeting, '', $intro, '', mb_strtoupper( self::heading( $statement ) ) );
		foreach ( $this->details( $statement ) as $label => $value ) {
			$lines[] = $label . ': ' . $value;
		}
		$lines[] = '';
		foreach ( $statement->gifts as $gift ) {
			$lines[] = implode( '  ', array_filter( array( DonationFormat::date( $gift['date'] ), $gift['receipt_number'], $gift['method'], DonationFormat::money( $gift['amount_cents'] ) ) ) );
		}
		$lines[] = __( 'Total', 'donation-widget' ) . ': ' . DonationFormat::money( $statement->total_cents() ) . ' AUD';
		$lines[] = '';
		foreach ( $this->closing() as $line ) {
			$lines[] = $line;
			$lines[] = '';
		}
		if ( '' !== $page_url ) {
			$lines[] = $print . ': ' . $page_url;
		}
		return array(
			'subject' => $subject,
			'html'    => $html,
			'text'    => rtrim( implode( "\n", $lines ) ) . "\n",
		);
	}

	/**
	 * The printable page: a whole HTML document with print styles and a print button.
	 *
	 * @param Statement $statement The statement.
	 */
	public function page( Statement $statement ): string {
		$title = self::heading( $statement ) . ' – ' . $this->settings->string( 'organisation_name' );
		$html  = '<!DOCTYPE html><html lang="' . esc_attr( get_bloginfo( 'language' ) ) . '"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow">';
		$html .= '<title>' . esc_html( $title ) . '</title>';
		$html .= '<style>body{font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1e1e1e;max-width:760px;margin:24px auto;padding:0 16px}h1{font-size:24px;margin:0 0 4px}.donation-widget-statement-actions{margin:16px 0}.donation-widget-statement-actions button{font-size:16px;padding:8px 16px;cursor:pointer}@media print{.donation-widget-statement-actions{display:none}body{margin:0;max-width:none}a{color:inherit;text-decoration:none}}</style>';
		$html .= '</head><body><main>';
		$html .= '<h1>' . esc_html( $this->settings->string( 'organisation_name' ) ) . '</h1>';
		$html .= '<p class="donation-widget-statement-actions"><button type="button" onclick="window.print()">' . esc_html__( 'Print or save as PDF', 'donation-widget' ) . '</button></p>';
		$html .= $this->html( $statement );
		return $html . '</main></body></html>';
	}

	/**
	 * The statement's details: organisation, ABN, issued to.
	 *
	 * @param Statement $statement The statement.
	 * @return array<string, string>
	 */
	private function details( Statement $statement ): array {
		$rows = array(
			__( 'Organisation', 'donation-widget' )    => $this->settings->string( 'organisation_name' ),
			__( 'ABN', 'donation-widget' )             => $this->settings->string( 'abn' ),
			__( 'Issued to', 'donation-widget' )       => $statement->name,
			__( 'Email', 'donation-widget' )           => $statement->email,
			/* translators: 1: first day, 2: last day of the financial year, such as 1 July 2025 and 30 June 2026. */
			__( 'Financial year', 'donation-widget' )  => sprintf( __( '%1$s to %2$s', 'donation-widget' ), self::local_day( ( $statement->year->ending - 1 ) . '-07-01' ), self::local_day( $statement->year->ending . '-06-30' ) ),
			__( 'Number of gifts', 'donation-widget' ) => number_format_i18n( count( $statement->gifts ) ),
		);
		return array_filter( $rows, static fn ( string $value ): bool => '' !== trim( $value ) );
	}

	/**
	 * A day of the site's calendar in the site's date format, such as "1 July 2025".
	 *
	 * @param string $day Y-m-d.
	 */
	private static function local_day( string $day ): string {
		return (string) wp_date( (string) get_option( 'date_format', 'j F Y' ), ( new \DateTimeImmutable( $day . ' 12:00:00', wp_timezone() ) )->getTimestamp() );
	}

	/**
	 * The lines after the table: the deductibility statement and how to reach the charity.
	 *
	 * @return list<string>
	 */
	private function closing(): array {
		$organisation = $this->settings->string( 'organisation_name' );
		$ways         = array_filter( array( $this->settings->string( 'supporter_email' ), $this->settings->string( 'supporter_phone' ) ) );
		$lines        = array(
			str_replace( '{organisation}', $organisation, $this->settings->string( 'receipt_tax_statement' ) ),
			__( 'Refunded gifts are not included; a partly refunded gift is shown at the amount we kept.', 'donation-widget' ),
			/* translators: %s: the supporter care email address and/or phone number. */
			array() !== $ways ? sprintf( __( 'If you have a question, please contact us on %s.', 'donation-widget' ), implode( __( ' or ', 'donation-widget' ), $ways ) ) : '',
		);
		return array_values( array_filter( $lines, static fn ( string $line ): bool => '' !== trim( $line ) ) );
	}
}
