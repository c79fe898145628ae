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
	 * The heading of a statement as issued: an amended one says so.
	 *
	 * @param IssuedStatement $issued The statement.
	 */
	public static function issued_heading( IssuedStatement $issued ): string {
		return $issued->is_amended()
			/* translators: %s: a financial year, such as 2025–26. */
			? sprintf( __( 'Amended tax statement for the %s financial year', 'donation-widget' ), $issued->statement->year->label() )
			: self::heading( $issued->statement );
	}

	/**
	 * "Amended statement — replaces statement S000012 issued on 14 July 2026".
	 *
	 * @param IssuedStatement $issued An amended statement.
	 */
	public static function replaces_line( IssuedStatement $issued ): string {
		$replaced = $issued->replaces;
		return sprintf(
			/* translators: 1: a statement number, such as S000012; 2: the date it was issued. */
			__( 'Amended statement — replaces statement %1$s issued on %2$s', 'donation-widget' ),
			IssuedStatement::format_number( $issued->replaces_id ),
			null !== $replaced && '' !== $replaced->issued_at ? DonationFormat::date( $replaced->issued_at ) : '—'
		);
	}

	/**
	 * The statement itself as HTML (a section with its heading, details, gifts and total).
	 *
	 * @param Statement            $statement The statement.
	 * @param IssuedStatement|null $issued    The same statement as issued: its number, date and, when amended, what changed.
	 */
	public function html( Statement $statement, ?IssuedStatement $issued = null ): string {
		$cell  = 'style="text-align: left; border-bottom: 1px solid #ddd; padding: 6px;"';
		$right = 'style="text-align: right; border-bottom: 1px solid #ddd; padding: 6px;"';
		$html  = '<section class="donation-widget-statement' . ( null !== $issued && $issued->is_amended() ? ' donation-widget-statement-amended' : '' ) . '">';
		$html .= '<h2 style="font-size: 20px; margin: 16px 0 8px;">' . esc_html( null !== $issued ? self::issued_heading( $issued ) : self::heading( $statement ) ) . '</h2>';
		if ( null !== $issued && $issued->is_amended() ) {
			$html .= '<p class="donation-widget-statement-replaces" style="font-weight: bold;">' . esc_html( self::replaces_line( $issued ) ) . '</p>';
		}
		$html .= '<table cellpadding="6" cellspacing="0" style="border-collapse: collapse; margin-bottom: 16px;">';
		foreach ( $this->details( $statement, $issued ) as $label => $value ) {
			$html .= '<tr><th scope="row" ' . $cell . '>' . esc_html( $label ) . '</th><td ' . $cell . '>' . esc_html( $value ) . '</td></tr>';
		}
		$html .= '</table>';
		if ( null !== $issued && ! $issued->lines_known ) {
			// Sent before statements were kept gift by gift: only its total is known.
			$html .= '<p>' . esc_html( sprintf( /* translators: 1: number of gifts, 2: total, such as $1,052.50. */ _n( 'This statement listed %1$s gift, totalling %2$s AUD. It was sent before each statement\'s gifts were recorded, so they cannot be shown again here.', 'This statement listed %1$s gifts, totalling %2$s AUD. It was sent before each statement\'s gifts were recorded, so they cannot be shown again here.', $issued->gifts, 'donation-widget' ), number_format_i18n( $issued->gifts ), DonationFormat::money( $issued->total_cents ) ) ) . '</p>';
			return $html . '</section>';
		}
		$html .= '<table cellpadding="6" cellspacing="0" style="border-collapse: collapse; width: 100%;">';
		/* translators: %s: a financial year, such as 2025–26. */
		$html .= '<caption style="text-align: left; font-weight: bold; padding: 6px 0;">' . esc_html( sprintf( __( 'Gifts in %s', 'donation-widget' ), $statement->year->label() ) ) . '</caption>';
		$html .= '<thead><tr><th scope="col" ' . $cell . '>' . esc_html__( 'Date', 'donation-widget' ) . '</th><th scope="col" ' . $cell . '>' . esc_html__( 'Receipt number', 'donation-widget' ) . '</th><th scope="col" ' . $cell . '>' . esc_html__( 'Payment method', 'donation-widget' ) . '</th><th scope="col" ' . $right . '>' . esc_html__( 'Amount', 'donation-widget' ) . '</th></tr></thead><tbody>';
		foreach ( $statement->gifts as $gift ) {
			$html .= '<tr><td ' . $cell . '>' . esc_html( DonationFormat::date( $gift['date'] ) ) . '</td><td ' . $cell . '>' . esc_html( $gift['receipt_number'] ) . '</td><td ' . $cell . '>' . esc_html( $gift['method'] ) . '</td><td ' . $right . '>' . esc_html( DonationFormat::money( $gift['amount_cents'] ) ) . '</td></tr>';
		}
		if ( array() === $statement->gifts ) {
			$html .= '<tr><td colspan="4" ' . $cell . '>' . esc_html__( 'No gifts: every gift of this year was refunded.', 'donation-widget' ) . '</td></tr>';
		}
		$html .= '</tbody><tfoot><tr><th scope="row" colspan="3" ' . $cell . '>' . esc_html__( 'Total', 'donation-widget' ) . '</th><td ' . $right . '><strong>' . esc_html( DonationFormat::money( $statement->total_cents() ) . ' AUD' ) . '</strong></td></tr></tfoot></table>';
		if ( null !== $issued && $issued->is_amended() ) {
			$html .= $this->changes_html( $issued, $cell, $right );
		}
		foreach ( $this->closing() as $line ) {
			$html .= '<p>' . esc_html( $line ) . '</p>';
		}
		return $html . '</section>';
	}

	/**
	 * The statement email.
	 *
	 * @param Statement            $statement The statement.
	 * @param string               $page_url  Its printable page (signed link), or ''.
	 * @param bool                 $is_test   Whether it is a test sent to staff.
	 * @param IssuedStatement|null $issued    The statement as issued (its number; an amendment says what changed).
	 * @return array{subject: string, html: string, text: string}
	 */
	public function email( Statement $statement, string $page_url, bool $is_test = false, ?IssuedStatement $issued = null ): array {
		$organisation = $this->settings->string( 'organisation_name' );
		$amended      = null !== $issued && $issued->is_amended();
		$subject      = $amended
			/* translators: 1: organisation name, 2: a financial year, such as 2025–26. */
			? sprintf( __( 'Your amended %2$s tax statement from %1$s', 'donation-widget' ), $organisation, $statement->year->label() )
			/* translators: 1: organisation name, 2: a financial year, such as 2025–26. */
			: sprintf( __( 'Your %2$s tax statement from %1$s', 'donation-widget' ), $organisation, $statement->year->label() );
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
		if ( $amended ) {
			/* translators: 1: organisation name, 2: a financial year, such as 2025–26. */
			$intro = sprintf( __( 'Thank you for supporting %1$s. A gift on the statement we gave you for the %2$s financial year has changed since (for example, it was refunded), so here is an amended statement. It replaces the earlier one: please use this one for your tax return.', 'donation-widget' ), $organisation, $statement->year->label() );
		}
		$print = __( 'Open a printable copy (print it or save it as a PDF)', 'donation-widget' );

		$html  = '<div style="font-family: Arial, Helvetica, sans-serif; font-size: 15px; line-height: 1.5; color: #1e1e1e; max-width: 640px;">';
		$html .= '<p>' . esc_html( $greeting ) . '</p><p>' . esc_html( $intro ) . '</p>';
		$html .= $this->html( $statement, $issued );
		if ( '' !== $page_url ) {
			$html .= '<p><a href="' . esc_url( $page_url ) . '">' . esc_html( $print ) . '</a></p>';
		}
		$html .= '</div>';

		$lines = array( $greeting, '', $intro, '', mb_strtoupper( null !== $issued ? self::issued_heading( $issued ) : self::heading( $statement ) ) );
		if ( $amended ) {
			$lines[] = self::replaces_line( $issued );
		}
		foreach ( $this->details( $statement, $issued ) as $label => $value ) {
			$lines[] = $label . ': ' . $value;
		}
		$lines[] = '';
		foreach ( $statement->gifts as $gift ) {
			$lines[] = implode( '  ', array_filter( array( DonationFormat::date( $gift['date'] ), $gift['receipt_number'], $gift['method'], DonationFormat::money( $gift['amount_cents'] ) ) ) );
		}
		$lines[] = __( 'Total', 'donation-widget' ) . ': ' . DonationFormat::money( null !== $issued ? $issued->total_cents : $statement->total_cents() ) . ' AUD';
		$lines[] = '';
		if ( $amended ) {
			$lines[] = __( 'What changed', 'donation-widget' );
			foreach ( $this->changes( $issued ) as $change ) {
				$lines[] = implode( '  ', $change );
			}
			$lines[] = '';
		}
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
	 * The email of a statement as issued (a resend, or an amended statement).
	 *
	 * @param IssuedStatement $issued   The statement.
	 * @param string          $page_url Its printable page (signed link), or ''.
	 * @return array{subject: string, html: string, text: string}
	 */
	public function email_issued( IssuedStatement $issued, string $page_url ): array {
		return $this->email( $issued->statement, $page_url, false, $issued );
	}

	/**
	 * What changed between the statement replaced and an amended one, one row per gift and the
	 * total: date, receipt number, was, now, difference (all as text).
	 *
	 * @param IssuedStatement $issued An amended statement.
	 * @return list<array{0: string, 1: string, 2: string, 3: string, 4: string}>
	 */
	public function changes( IssuedStatement $issued ): array {
		$rows = array();
		foreach ( $issued->differences() as $change ) {
			$rows[] = array(
				DonationFormat::date( $change['date'] ),
				$change['receipt_number'],
				/* translators: %s: an amount, such as $50.00. */
				sprintf( __( 'was %s', 'donation-widget' ), DonationFormat::money( $change['was_cents'] ) ),
				/* translators: %s: an amount, such as $50.00. */
				sprintf( __( 'now %s', 'donation-widget' ), DonationFormat::money( $change['now_cents'] ) ),
				/* translators: %s: a signed amount, such as −$50.00. */
				sprintf( __( 'difference %s', 'donation-widget' ), self::signed_money( $change['difference_cents'] ) ),
			);
		}
		$was    = null !== $issued->replaces ? $issued->replaces->total_cents : 0;
		$rows[] = array(
			__( 'Total', 'donation-widget' ),
			'',
			/* translators: %s: an amount, such as $50.00. */
			sprintf( __( 'was %s', 'donation-widget' ), DonationFormat::money( $was ) ),
			/* translators: %s: an amount, such as $50.00. */
			sprintf( __( 'now %s', 'donation-widget' ), DonationFormat::money( $issued->total_cents ) ),
			/* translators: %s: a signed amount, such as −$50.00. */
			sprintf( __( 'difference %s', 'donation-widget' ), self::signed_money( $issued->total_cents - $was ) ),
		);
		return $rows;
	}

	/**
	 * The "What changed" table of an amended statement.
	 *
	 * @param IssuedStatement $issued An amended statement.
	 * @param string          $cell   Left cell style attribute.
	 * @param string          $right  Right cell style attribute.
	 */
	private function changes_html( IssuedStatement $issued, string $cell, string $right ): string {
		$html  = '<table class="donation-widget-statement-changes" cellpadding="6" cellspacing="0" style="border-collapse: collapse; width: 100%; margin-top: 16px;">';
		$html .= '<caption style="text-align: left; font-weight: bold; padding: 6px 0;">' . esc_html__( 'What changed since the statement it replaces', 'donation-widget' ) . '</caption>';
		$html .= '<thead><tr><th scope="col" ' . $cell . '>' . esc_html__( 'Date', 'donation-widget' ) . '</th><th scope="col" ' . $cell . '>' . esc_html__( 'Receipt number', 'donation-widget' ) . '</th><th scope="col" ' . $right . '>' . esc_html__( 'Was', 'donation-widget' ) . '</th><th scope="col" ' . $right . '>' . esc_html__( 'Now', 'donation-widget' ) . '</th><th scope="col" ' . $right . '>' . esc_html__( 'Difference', 'donation-widget' ) . '</th></tr></thead><tbody>';
		foreach ( $issued->differences() as $change ) {
			$html .= '<tr><td ' . $cell . '>' . esc_html( DonationFormat::date( $change['date'] ) ) . '</td><td ' . $cell . '>' . esc_html( $change['receipt_number'] ) . '</td><td ' . $right . '>' . esc_html( DonationFormat::money( $change['was_cents'] ) ) . '</td><td ' . $right . '>' . esc_html( DonationFormat::money( $change['now_cents'] ) ) . '</td><td ' . $right . '>' . esc_html( self::signed_money( $change['difference_cents'] ) ) . '</td></tr>';
		}
		$was   = null !== $issued->replaces ? $issued->replaces->total_cents : 0;
		$html .= '</tbody><tfoot><tr><th scope="row" colspan="2" ' . $cell . '>' . esc_html__( 'Total', 'donation-widget' ) . '</th><td ' . $right . '>' . esc_html( DonationFormat::money( $was ) ) . '</td><td ' . $right . '>' . esc_html( DonationFormat::money( $issued->total_cents ) ) . '</td><td ' . $right . '><strong>' . esc_html( self::signed_money( $issued->total_cents - $was ) ) . '</strong></td></tr></tfoot></table>';
		return $html;
	}

	/**
	 * An amount with its sign: "−$50.00", "+$10.00", "$0.00".
	 *
	 * @param int $cents Cents.
	 */
	public static function signed_money( int $cents ): string {
		if ( 0 === $cents ) {
			return DonationFormat::money( 0 );
		}
		return ( $cents < 0 ? '−' : '+' ) . DonationFormat::money( abs( $cents ) );
	}

	/**
	 * The printable page of the statements a donor was issued for one year (and organisation):
	 * the one that counts now first, then each earlier one it replaces.
	 *
	 * @param IssuedStatement[] $issued Oldest first.
	 */
	public function page_issued( array $issued ): string {
		$sections = array();
		$count    = count( $issued );
		foreach ( array_reverse( $issued ) as $index => $statement ) {
			$section = '';
			if ( 1 === $index ) {
				$section .= '<h2 style="font-size: 18px; margin: 32px 0 0; border-top: 2px solid #1e1e1e; padding-top: 16px;">' . esc_html( _n( 'The statement it replaces', 'The statements it replaces', $count - 1, 'donation-widget' ) ) . '</h2>';
			}
			$sections[] = $section . $this->html( $statement->statement, $statement );
		}
		return $this->page_of( array() !== $issued ? self::issued_heading( $issued[ $count - 1 ] ) : __( 'Tax statement', 'donation-widget' ), implode( '', $sections ) );
	}

	/**
	 * The printable page: a whole HTML document with print styles and a print button.
	 *
	 * @param Statement $statement The statement.
	 */
	public function page( Statement $statement ): string {
		return $this->page_of( self::heading( $statement ), $this->html( $statement ) );
	}

	/**
	 * A printable page around statements.
	 *
	 * @param string $heading Its title's start.
	 * @param string $body    The statements' HTML, escaped.
	 */
	private function page_of( string $heading, string $body ): string {
		$title = $heading . ' – ' . $this->settings->string( 'organisation_name' );
		$html  = '<!DOCTYPE html><html lang="' . esc_attr( get_bloginfo( 'language' ) ) . '"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow">';
		$html .= '<title>' . esc_html( $title ) . '</title>';
		$html .= '<style>body{font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1e1e1e;max-width:760px;margin:24px auto;padding:0 16px}h1{font-size:24px;margin:0 0 4px}.donation-widget-statement-actions{margin:16px 0}.donation-widget-statement-actions button{font-size:16px;padding:8px 16px;cursor:pointer}@media print{.donation-widget-statement-actions{display:none}body{margin:0;max-width:none}a{color:inherit;text-decoration:none}}</style>';
		$html .= '</head><body><main>';
		$html .= '<h1>' . esc_html( $this->settings->string( 'organisation_name' ) ) . '</h1>';
		$html .= '<p class="donation-widget-statement-actions"><button type="button" onclick="window.print()">' . esc_html__( 'Print or save as PDF', 'donation-widget' ) . '</button></p>';
		$html .= $body;
		return $html . '</main></body></html>';
	}

	/**
	 * The statement's details: organisation, ABN, issued to.
	 *
	 * @param Statement            $statement The statement.
	 * @param IssuedStatement|null $issued    As issued: its number and date.
	 * @return array<string, string>
	 */
	private function details( Statement $statement, ?IssuedStatement $issued = null ): array {
		$numbered = array();
		if ( null !== $issued && $issued->id > 0 ) {
			$numbered = array(
				__( 'Statement number', 'donation-widget' ) => $issued->number(),
				__( 'Issued on', 'donation-widget' ) => $issued->is_issued() ? DonationFormat::date( $issued->issued_at ) : __( 'Not sent yet', 'donation-widget' ),
			);
		}
		$rows = $numbered + array(
			__( 'Organisation', 'donation-widget' )    => $this->settings->string( 'organisation_name' ),
			__( 'ABN', 'donation-widget' )             => $this->settings->string( 'abn' ),
			__( 'Issued to', 'donation-widget' )       => $statement->name,
			__( 'Email', 'donation-widget' )           => $statement->email,
			/* translators: 1: first day, 2: last day of the financial year, such as 1 July 2025 and 30 June 2026. */
			__( 'Financial year', 'donation-widget' )  => sprintf( __( '%1$s to %2$s', 'donation-widget' ), self::local_day( ( $statement->year->ending - 1 ) . '-07-01' ), self::local_day( $statement->year->ending . '-06-30' ) ),
			__( 'Number of gifts', 'donation-widget' ) => number_format_i18n( null !== $issued ? $issued->gifts : count( $statement->gifts ) ),
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
