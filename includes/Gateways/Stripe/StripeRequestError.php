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
 * Stripe's invalid_request_error, idempotency_error and other 4xx answers that are not card errors: the
 * request (or the ids the browser sent) was wrong. Nothing was charged.
 */
final class StripeRequestError extends StripeError {

	/**
	 * Whether an Idempotency-Key was reused with different parameters, or is in use right now by
	 * a concurrent request for the same attempt (HTTP 409). Either way, this request must not
	 * touch the donation: the other request decides it.
	 */
	public function is_idempotency_conflict(): bool {
		return 'idempotency_error' === $this->type || 'idempotency_key_in_use' === $this->error_code || 409 === $this->status;
	}

	/**
	 * Whether an id the request named does not exist (or is not usable) at Stripe.
	 */
	public function is_missing_resource(): bool {
		return 'resource_missing' === $this->error_code;
	}
}
