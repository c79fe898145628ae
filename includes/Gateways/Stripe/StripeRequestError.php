<?php
/**
 * Stripe refused the request itself.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Stripe's invalid_request_error and other 4xx answers that are not card errors: the request (or
 * the ids the browser sent) was wrong, and this request charged nothing. (Idempotency errors and
 * 409s say nothing about what an earlier request with the same key did: StripeClient reports
 * them as ProviderUnavailable.)
 */
final class StripeRequestError extends StripeError {

	/**
	 * Whether an id the request named does not exist (or is not usable) at Stripe.
	 */
	public function is_missing_resource(): bool {
		return 'resource_missing' === $this->error_code;
	}
}
