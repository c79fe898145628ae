<?php
/**
 * Headers of a page opened from a card-update link.
 *
 * @package DonationWidget
 */

namespace DonationWidget\CardUpdate;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * A page opened from a card-update link carries the live requestID in its address: never cached
 * (a shared cache would hand one donor's card page to the next visitor), never sent as a
 * referrer (to the card provider's or any other host's requests from the page). Like the manage
 * and statement pages.
 */
final class LinkPageHeaders {

	/**
	 * The template_redirect listener.
	 */
	public function send(): void {
		if ( isset( $_GET['requestID'] ) && ! headers_sent() ) { // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only its presence is read; the link itself is the authorisation.
			nocache_headers();
			// WordPress before 6.8 leaves no-store out of nocache_headers().
			header( 'Cache-Control: no-cache, must-revalidate, max-age=0, no-store, private' );
			header( 'Referrer-Policy: no-referrer' );
		}
	}
}
