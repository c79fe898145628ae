<?php
/**
 * What a receipt says.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Receipts;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donations\Donation;
use DonationWidget\Settings\Settings;

/**
 * Builds a receipt's subject, HTML and plain text from a donation and the receipt settings:
 * the organisation and its ABN, what was given, when and how, the receipt number and the
 * tax-deductibility statement (an Australian gift receipt names the organisation, its ABN, the
 * amount and the date, and says it is for a gift).
 */
final class ReceiptEmail {

	/**
	 * Builds the template.
	 *
	 * @param Settings $settings Organisation, ABN and receipt wording.
	 */
	public function __construct( private readonly Settings $settings ) {
	}

	/**
	 * The receipt of a donation.
	 *
	 * @param Donation $donation       A succeeded donation.
	 * @param string   $receipt_number Its receipt number.
	 * @param bool     $is_copy        Whether staff resent it.
	 * @return array{subject: string, html: string, text: string}
	 */
	public function build( Donation $donation, string $receipt_number, bool $is_copy = false ): array {
		$organisation = $this->settings->string( 'organisation_name' );
		$abn          = $this->settings->string( 'abn' );
		$subject      = $is_copy
			/* translators: 1: organisation name, 2: receipt number. */
			? sprintf( __( 'Copy of your receipt from %1$s (%2$s)', 'donation-widget' ), $organisation, $receipt_number )
			/* translators: 1: organisation name, 2: receipt number. */
			: sprintf( __( 'Your receipt from %1$s (%2$s)', 'donation-widget' ), $organisation, $receipt_number );

		$refunded = '';
		if ( $donation->refunded_cents() > 0 ) {
			/* translators: %s: the amount refunded, such as $10.00. */
			$refunded = sprintf( __( '%s, not included in the amount above', 'donation-widget' ), DonationFormat::money( $donation->refunded_cents() ) );
		}
		$rows = array(
			__( 'Receipt number', 'donation-widget' ) => $receipt_number,
			__( 'Date', 'donation-widget' )           => DonationFormat::date( $donation->value( 'created_at' ) ),
			__( 'Received from', 'donation-widget' )  => $this->donor_name( $donation ),
			// A copy sent after a partial refund names only what the charity kept (docs/refunds.md).
			__( 'Amount', 'donation-widget' )         => DonationFormat::money( $donation->total_cents() - $donation->refunded_cents() ) . ' ' . $donation->currency(),
			__( 'Refunded', 'donation-widget' )       => $refunded,
			// Empty (and so left out below) without cover.
			__( 'Including fundraising cost cover', 'donation-widget' ) => $donation->cover_cents() > 0 ? DonationFormat::money( $donation->cover_cents() ) : '',
			__( 'Frequency', 'donation-widget' )      => DonationFormat::frequency( $donation->frequency() ),
			__( 'Payment method', 'donation-widget' ) => DonationFormat::method( $donation->method() ),
			__( 'Organisation', 'donation-widget' )   => $organisation,
			__( 'ABN', 'donation-widget' )            => $abn,
		);
		$rows = array_filter( $rows, static fn ( string $value ): bool => '' !== trim( $value ) );

		$paragraphs = array( $this->intro( $donation, $organisation ) );
		$closing    = array_filter(
			array(
				str_replace( '{organisation}', $organisation, $this->settings->string( 'receipt_tax_statement' ) ),
				$is_copy ? __( 'This is a copy of your receipt.', 'donation-widget' ) : '',
				$this->contact_line(),
				$this->settings->string( 'receipt_footer' ),
			),
			static fn ( string $line ): bool => '' !== trim( $line )
		);
		$greeting   = '' !== $donation->value( 'first_name' )
			/* translators: %s: the donor's first name. */
			? sprintf( __( 'Dear %s,', 'donation-widget' ), $donation->value( 'first_name' ) )
			: __( 'Hello,', 'donation-widget' );
		$heading = '' !== $abn ? __( 'Tax receipt', 'donation-widget' ) : __( 'Receipt', 'donation-widget' );

		return array(
			'subject' => $subject,
			'html'    => $this->html( $greeting, $paragraphs, $heading, $rows, $closing ),
			'text'    => $this->text( $greeting, $paragraphs, $heading, $rows, $closing ),
		);
	}

	/**
	 * The opening sentence: one-off, first 4-weekly gift, or a renewal.
	 *
	 * @param Donation $donation     The donation.
	 * @param string   $organisation Organisation name.
	 */
	private function intro( Donation $donation, string $organisation ): string {
		if ( str_starts_with( $donation->attempt_id(), 'invoice:' ) ) {
			/* translators: %s: organisation name. */
			return sprintf( __( 'Thank you for your continued 4-weekly support of %s. Here is the receipt for your latest donation.', 'donation-widget' ), $organisation );
		}
		if ( $donation->is_four_weekly() ) {
			/* translators: %s: organisation name. */
			return sprintf( __( 'Thank you for your 4-weekly donation to %s. Your next donation will be processed in 4 weeks.', 'donation-widget' ), $organisation );
		}
		/* translators: %s: organisation name. */
		return sprintf( __( 'Thank you for your donation to %s.', 'donation-widget' ), $organisation );
	}

	/**
	 * The organisation for an organisation's gift, otherwise the donor's name.
	 *
	 * @param Donation $donation The donation.
	 */
	private function donor_name( Donation $donation ): string {
		$name = trim( $donation->value( 'first_name' ) . ' ' . $donation->value( 'last_name' ) );
		if ( 'organisation' === $donation->value( 'donate_as' ) && '' !== $donation->value( 'organisation_name' ) ) {
			return $donation->value( 'organisation_name' );
		}
		return $name;
	}

	/**
	 * "If you have a question, contact us on …", when the settings have a phone or email.
	 */
	private function contact_line(): string {
		$ways = array_filter( array( $this->settings->string( 'supporter_email' ), $this->settings->string( 'supporter_phone' ) ) );
		if ( array() === $ways ) {
			return '';
		}
		/* translators: %s: the supporter care email address and/or phone number. */
		return sprintf( __( 'If you have a question, please contact us on %s.', 'donation-widget' ), implode( __( ' or ', 'donation-widget' ), $ways ) );
	}

	/**
	 * The HTML body; every value escaped here.
	 *
	 * @param string                $greeting   First line.
	 * @param string[]              $paragraphs Before the receipt table.
	 * @param string                $heading    Table heading.
	 * @param array<string, string> $rows       Label => value.
	 * @param array<string>         $closing    After the table.
	 */
	private function html( string $greeting, array $paragraphs, string $heading, array $rows, array $closing ): string {
		$html  = '<div style="font-family: Arial, Helvetica, sans-serif; font-size: 15px; line-height: 1.5; color: #1e1e1e; max-width: 600px;">';
		$html .= '<p>' . esc_html( $greeting ) . '</p>';
		foreach ( $paragraphs as $paragraph ) {
			$html .= '<p>' . esc_html( $paragraph ) . '</p>';
		}
		$html .= '<h2 style="font-size: 18px; margin: 24px 0 8px;">' . esc_html( $heading ) . '</h2>';
		$html .= '<table role="presentation" cellpadding="6" cellspacing="0" style="border-collapse: collapse; width: 100%;">';
		foreach ( $rows as $label => $value ) {
			$html .= '<tr><th scope="row" style="text-align: left; border-bottom: 1px solid #ddd; width: 40%;">' . esc_html( $label ) . '</th><td style="border-bottom: 1px solid #ddd;">' . esc_html( $value ) . '</td></tr>';
		}
		$html .= '</table>';
		foreach ( $closing as $line ) {
			$html .= '<p>' . esc_html( $line ) . '</p>';
		}
		return $html . '</div>';
	}

	/**
	 * The plain-text body.
	 *
	 * @param string                $greeting   First line.
	 * @param string[]              $paragraphs Before the receipt table.
	 * @param string                $heading    Table heading.
	 * @param array<string, string> $rows       Label => value.
	 * @param array<string>         $closing    After the table.
	 */
	private function text( string $greeting, array $paragraphs, string $heading, array $rows, array $closing ): string {
		$lines = array_merge( array( $greeting, '' ), $paragraphs, array( '', mb_strtoupper( $heading ) ) );
		foreach ( $rows as $label => $value ) {
			$lines[] = $label . ': ' . $value;
		}
		$lines[] = '';
		foreach ( $closing as $line ) {
			$lines[] = $line;
			$lines[] = '';
		}
		return rtrim( implode( "\n", $lines ) ) . "\n";
	}
}
