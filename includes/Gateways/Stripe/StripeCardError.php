<?php
/**
 * Stripe declined the card.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * A card_error (HTTP 402): declined, expired, wrong CVC, authentication required … Its message
 * is written by Stripe for the person paying, so it may be shown to the donor.
 */
final class StripeCardError extends StripeError {
}
