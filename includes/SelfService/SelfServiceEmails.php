<?php
/**
 * The words of the self-service emails.
 *
 * @package DonationWidget
 */

namespace DonationWidget\SelfService;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Settings\Settings;

/**
 * The link email and the confirmation of each change, as HTML and plain text.
 */
final class SelfServiceEmails {

	/**
	 * Builds the writer.
	 *
	 * @param Settings $settings Organisation name and supporter care contacts.
	 */
	public function __construct( private readonly Settings $settings ) {
	}

	/**
	 * The email carrying a "Manage my donation" link.
	 *
	 * @param string $url     The link.
	 * @param int    $minutes How long it works.
	 * @return array{subject: string, html: string, text: string}
	 */
	public function link( string $url, int $minutes ): array {
		$organisation = $this->organisation();
		return $this->compose(
			/* translators: %s: the charity's name. */
			sprintf( __( 'Your link to manage your donations to %s', 'donation-widget' ), $organisation ),
			array(
				__( 'You asked for a link to see and manage your donations. Open it here:', 'donation-widget' ),
			),
			$url,
			array(
				sprintf(
					/* translators: %d: minutes. */
					_n( 'The link works once, for %d minute. If it has expired, ask for a new one on our website.', 'The link works once, for %d minutes. If it has expired, ask for a new one on our website.', $minutes, 'donation-widget' ),
					$minutes
				),
				__( 'If you did not ask for this link, you can ignore this email: nothing changes until the link is used.', 'donation-widget' ),
			)
		);
	}

	/**
	 * The confirmation of a change the donor made.
	 *
	 * @param string $what What changed, in one sentence.
	 * @return array{subject: string, html: string, text: string}
	 */
	public function change( string $what ): array {
		return $this->compose(
			/* translators: %s: the charity's name. */
			sprintf( __( 'Your 4-weekly donation to %s has been updated', 'donation-widget' ), $this->organisation() ),
			array( $what ),
			'',
			array( $this->contact_line() )
		);
	}

	/**
	 * Puts the parts together.
	 *
	 * @param string   $subject Subject line.
	 * @param string[] $before  Paragraphs before the link.
	 * @param string   $url     The link, or ''.
	 * @param string[] $after   Paragraphs after it.
	 * @return array{subject: string, html: string, text: string}
	 */
	private function compose( string $subject, array $before, string $url, array $after ): array {
		$greeting = __( 'Hello,', 'donation-widget' );
		$closing  = sprintf(
			/* translators: %s: the charity's name. */
			__( 'Thank you for your support, %s', 'donation-widget' ),
			$this->organisation()
		);
		$html = '<p>' . esc_html( $greeting ) . '</p>';
		$text = $greeting . "\n\n";
		foreach ( $before as $paragraph ) {
			$html .= '<p>' . esc_html( $paragraph ) . '</p>';
			$text .= $paragraph . "\n\n";
		}
		if ( '' !== $url ) {
			$html .= '<p><a href="' . esc_url( $url ) . '">' . esc_html__( 'Manage my donations', 'donation-widget' ) . '</a></p>';
			$text .= $url . "\n\n";
		}
		foreach ( $after as $paragraph ) {
			$html .= '<p>' . esc_html( $paragraph ) . '</p>';
			$text .= $paragraph . "\n\n";
		}
		$html .= '<p>' . esc_html( $closing ) . '</p>';
		$text .= $closing . "\n";
		return array(
			'subject' => $subject,
			'html'    => $html,
			'text'    => $text,
		);
	}

	/**
	 * How to reach supporter care.
	 */
	private function contact_line(): string {
		$phone = $this->settings->string( 'supporter_phone' );
		$email = $this->settings->string( 'supporter_email' );
		return sprintf(
			/* translators: 1: email address, 2: phone number. */
			__( 'If you did not make this change, or have any questions, please contact us on %1$s or %2$s.', 'donation-widget' ),
			'' !== $email ? $email : '-',
			'' !== $phone ? $phone : '-'
		);
	}

	/**
	 * The charity's name.
	 */
	private function organisation(): string {
		$name = $this->settings->string( 'organisation_name' );
		return '' !== $name ? $name : (string) get_bloginfo( 'name' );
	}
}
