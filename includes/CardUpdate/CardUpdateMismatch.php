<?php
/**
 * Something the request named does not belong to the link.
 *
 * @package DonationWidget
 */

namespace DonationWidget\CardUpdate;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * A SetupIntent made for another link, or a subscription that (at Stripe) belongs to another
 * customer than the one the link is bound to. Nothing is changed.
 */
final class CardUpdateMismatch extends \RuntimeException {
}
