<?php
/**
 * Sends the plugin's emails to donors.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Emails;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Settings\Settings;

/**
 * One way out for every donor email: through wp_mail() (so SMTP plugins and mail logs see it),
 * from the receipt sender in the settings, as HTML with a plain-text part for mail clients and
 * screen readers that prefer text.
 */
final class DonorMailer {

	/**
	 * Builds the mailer.
	 *
	 * @param Settings $settings Sender name and address.
	 */
	public function __construct( private readonly Settings $settings ) {
	}

	/**
	 * Sends one email.
	 *
	 * @param string $to      Recipient address.
	 * @param string $subject Subject line (plain text).
	 * @param string $html    HTML body, already escaped by its template.
	 * @param string $text    Plain-text body.
	 * @return bool Whether wp_mail() accepted it.
	 */
	public function send( string $to, string $subject, string $html, string $text ): bool {
		if ( ! is_email( $to ) ) {
			return false;
		}
		$headers   = array( 'Content-Type: text/html; charset=UTF-8' );
		$from      = $this->settings->string( 'receipt_from_email' );
		$from_name = $this->settings->string( 'receipt_from_name' );
		if ( is_email( $from ) ) {
			// Header injection is impossible here: both values were validated when saved, and
			// line breaks are removed again.
			$headers[] = sprintf( 'From: %s <%s>', str_replace( array( "\r", "\n", '<', '>', '"' ), '', $from_name ), $from );
		}
		$reply_to = $this->settings->string( 'supporter_email' );
		if ( is_email( $reply_to ) ) {
			$headers[] = 'Reply-To: ' . $reply_to;
		}

		$add_text_part = static function ( $phpmailer ) use ( $text ): void {
			if ( is_object( $phpmailer ) && property_exists( $phpmailer, 'AltBody' ) ) {
				$phpmailer->AltBody = $text; // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- PHPMailer's property.
			}
		};
		add_action( 'phpmailer_init', $add_text_part );
		$sent = wp_mail( $to, wp_specialchars_decode( $subject, ENT_QUOTES ), $html, $headers );
		remove_action( 'phpmailer_init', $add_text_part );
		return $sent;
	}
}
