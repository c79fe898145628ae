<?php
/**
 * A card-update link just issued: the one moment its URL exists.
 *
 * @package DonationWidget
 */

namespace DonationWidget\CardUpdate;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * The URL carries the requestID in plain text. It is returned once, to be copied or emailed,
 * and never stored: the database keeps only the requestID's hash.
 */
final class IssuedLink {

	/**
	 * Holds the new link.
	 *
	 * @param string         $url  The card-update page with ?requestID=….
	 * @param CardUpdateLink $link The stored link (expiry, subscription, customer, email).
	 */
	public function __construct( public readonly string $url, public readonly CardUpdateLink $link ) {
	}
}
