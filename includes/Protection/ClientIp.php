<?php
/**
 * The visitor's IP address, for rate limits and reCAPTCHA.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Protection;

/**
 * REMOTE_ADDR by default. Behind a load balancer or CDN, the site owner names the trusted header
 * with the donation_widget_client_ip filter: trusting X-Forwarded-For blindly would let anyone
 * choose their own rate-limit bucket.
 */
final class ClientIp {

	/**
	 * The visitor's address ('0.0.0.0' when unknown).
	 */
	public static function current(): string {
		$remote = isset( $_SERVER['REMOTE_ADDR'] ) ? sanitize_text_field( wp_unslash( $_SERVER['REMOTE_ADDR'] ) ) : '';
		$ip     = filter_var( $remote, FILTER_VALIDATE_IP ) ? $remote : '0.0.0.0';

		/**
		 * Filters the address used for rate limits and reCAPTCHA.
		 *
		 * @param string $ip REMOTE_ADDR, validated.
		 */
		$filtered = apply_filters( 'donation_widget_client_ip', $ip );
		return is_string( $filtered ) && filter_var( $filtered, FILTER_VALIDATE_IP ) ? $filtered : $ip;
	}
}
