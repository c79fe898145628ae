<?php
/**
 * Something a card change named does not belong to it.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Subscriptions;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * A card setup made for another link, or a subscription that (at the provider) belongs to
 * another customer than the one the link is bound to. Nothing is changed.
 */
final class PaymentMethodMismatch extends \RuntimeException {
}
