<?php
/**
 * The emails that carry a card-update link to a donor.
 *
 * @package DonationWidget
 */

namespace DonationWidget\CardUpdate;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Receipts\DonationFormat;
use DonationWidget\Settings\Settings;

/**
 * Writes to a supporter as the charity would: thanks first, what happened in plain words and
 * without blame, the link and how long it works, and people to talk to. HTML (every value
 * escaped here) with the same words as plain text.
 */
final class CardUpdateEmail {

	/**
	 * Builds the writer.
	 *
	 * @param Settings $settings Organisation name, supporter care contacts.
	 */
	public function __construct( private readonly Settings $settings ) {
	}

	/**
	 * The email after a 4-weekly donation could not be collected.
	 *
	 * @param string $first_name   The donor's first name, or ''.
	 * @param int    $amount_cents The donation that did not go through.
	 * @param string $url          The card-update link.
	 * @param int    $hours        How long the link works.
	 * @return array{subject: string, html: string, text: string}
	 */
	public function after_failed_renewal( string $first_name, int $amount_cents, string $url, int $hours ): array {
		$organisation = $this->organisation();
		$paragraphs   = array(
			sprintf(
				/* translators: %s: the charity's name. */
				__( 'Thank you for supporting %s with a regular gift. Your generosity makes a real difference.', 'donation-widget' ),
				$organisation
			),
			$amount_cents > 0
				? sprintf(
					/* translators: %s: an amount in dollars, such as 25, 52.50 or 1,250. */
					__( 'We weren\'t able to process your latest donation of $%s. This can happen for all sorts of reasons, such as a card expiring or being replaced, and it is quick to sort out.', 'donation-widget' ),
					DonationFormat::dollars( $amount_cents )
				)
				: __( 'We weren\'t able to process your latest donation. This can happen for all sorts of reasons, such as a card expiring or being replaced, and it is quick to sort out.', 'donation-widget' ),
			__( 'If you would like to keep giving, you can update your card details securely here:', 'donation-widget' ),
		);
		return $this->compose(
			sprintf(
				/* translators: %s: the charity's name. */
				__( 'A quick update for your regular gift to %s', 'donation-widget' ),
				$organisation
			),
			$first_name,
			$paragraphs,
			$url,
			$hours
		);
	}

	/**
	 * The email an admin sends from the subscription (or WP-CLI with --email).
	 *
	 * @param string $first_name The donor's first name, or ''.
	 * @param string $url        The card-update link.
	 * @param int    $hours      How long the link works.
	 * @return array{subject: string, html: string, text: string}
	 */
	public function on_request( string $first_name, string $url, int $hours ): array {
		$organisation = $this->organisation();
		$paragraphs   = array(
			sprintf(
				/* translators: %s: the charity's name. */
				__( 'Thank you for supporting %s with a regular gift. Your generosity makes a real difference.', 'donation-widget' ),
				$organisation
			),
			__( 'Here is your secure link to update the card details for your regular donation:', 'donation-widget' ),
		);
		return $this->compose(
			sprintf(
				/* translators: %s: the charity's name. */
				__( 'Update the card for your regular gift to %s', 'donation-widget' ),
				$organisation
			),
			$first_name,
			$paragraphs,
			$url,
			$hours
		);
	}

	/**
	 * Puts the parts together as HTML and text.
	 *
	 * @param string   $subject    Subject line.
	 * @param string   $first_name The donor's first name, or ''.
	 * @param string[] $before     Paragraphs before the link.
	 * @param string   $url        The link.
	 * @param int      $hours      Its lifetime.
	 * @return array{subject: string, html: string, text: string}
	 */
	private function compose( string $subject, string $first_name, array $before, string $url, int $hours ): array {
		$organisation = $this->organisation();
		$greeting     = '' !== trim( $first_name )
			/* translators: %s: the donor's first name. */
			? sprintf( __( 'Dear %s,', 'donation-widget' ), trim( $first_name ) )
			: __( 'Dear supporter,', 'donation-widget' );
		$lifetime = sprintf(
			/* translators: %s: how long the link works, such as "72 hours". */
			__( 'To keep your details safe, this link can be used once and works for the next %s.', 'donation-widget' ),
			sprintf(
				/* translators: %d: a number of hours. */
				_n( '%d hour', '%d hours', $hours, 'donation-widget' ),
				$hours
			)
		);
		$after  = array(
			$lifetime,
			$this->help_sentence(),
			__( 'Thank you for your continued support.', 'donation-widget' ),
		);
		$button = __( 'Update my card details', 'donation-widget' );

		$text = implode(
			"\n\n",
			array_merge(
				array( $greeting ),
				$before,
				array( $url ),
				$after,
				array( __( 'Warm regards,', 'donation-widget' ) . "\n" . $organisation )
			)
		) . "\n";

		$html_paragraphs = array_map( static fn ( string $paragraph ): string => '<p>' . esc_html( $paragraph ) . '</p>', array_merge( array( $greeting ), $before ) );
		$html            = implode( "\n", $html_paragraphs ) . "\n"
			. '<p><a href="' . esc_url( $url ) . '" style="display:inline-block;padding:12px 20px;background:#1d4f91;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold;">' . esc_html( $button ) . '</a></p>' . "\n"
			. '<p>' . esc_html__( 'If the button does not work, copy this address into your browser:', 'donation-widget' ) . '<br>' . esc_html( $url ) . '</p>' . "\n"
			. implode( "\n", array_map( static fn ( string $paragraph ): string => '<p>' . esc_html( $paragraph ) . '</p>', $after ) ) . "\n"
			. '<p>' . esc_html__( 'Warm regards,', 'donation-widget' ) . '<br>' . esc_html( $organisation ) . '</p>' . "\n";

		return array(
			'subject' => $subject,
			'html'    => $html,
			'text'    => $text,
		);
	}

	/**
	 * Who to talk to: supporter care's phone and email, whichever are set.
	 */
	private function help_sentence(): string {
		$phone = $this->settings->string( 'supporter_phone' );
		$email = $this->settings->string( 'supporter_email' );
		if ( '' !== $phone && '' !== $email ) {
			/* translators: 1: supporter care phone number, 2: supporter care email address. */
			return sprintf( __( 'If you have any questions, or would rather update your details over the phone, our Supporter Care team is happy to help on %1$s or at %2$s.', 'donation-widget' ), $phone, $email );
		}
		if ( '' !== $phone ) {
			/* translators: %s: supporter care phone number. */
			return sprintf( __( 'If you have any questions, or would rather update your details over the phone, our Supporter Care team is happy to help on %s.', 'donation-widget' ), $phone );
		}
		if ( '' !== $email ) {
			/* translators: %s: supporter care email address. */
			return sprintf( __( 'If you have any questions, our Supporter Care team is happy to help at %s.', 'donation-widget' ), $email );
		}
		return __( 'If you have any questions, just reply to this email and our Supporter Care team will be happy to help.', 'donation-widget' );
	}

	/**
	 * The charity's name.
	 */
	private function organisation(): string {
		$name = $this->settings->string( 'organisation_name' );
		return '' !== $name ? $name : (string) get_bloginfo( 'name' );
	}
}
