<?php
/**
 * A card-update link emailed to the donor from the admin.
 *
 * @package DonationWidget
 */

namespace DonationWidget\CardUpdate;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Which link went out, whether wp_mail() took it, and whether it was the link the admin had
 * just copied (still working) rather than a new one that revoked the older links.
 */
final class EmailedLink {

	/**
	 * Holds the outcome.
	 *
	 * @param CardUpdateLink $link   The link emailed.
	 * @param bool           $sent   Whether wp_mail() accepted the email.
	 * @param bool           $reused True when it is the copied link, so nothing was revoked.
	 */
	public function __construct( public readonly CardUpdateLink $link, public readonly bool $sent, public readonly bool $reused ) {
	}
}
