<?php
/**
 * PayPal refused a request, in its own words.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\PayPal;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * A 4xx answer of PayPal's REST API other than a refused token: its error name (such as
 * WEBHOOK_URL_ALREADY_EXISTS or INVALID_REQUEST) and message.
 */
final class PayPalRequestError extends \RuntimeException {

	/**
	 * Builds it.
	 *
	 * @param int    $status         HTTP status.
	 * @param string $error_name     PayPal's error name.
	 * @param string $paypal_message PayPal's message (with its details' issues, if any).
	 */
	public function __construct( public readonly int $status, public readonly string $error_name, public readonly string $paypal_message ) {
		parent::__construct( esc_html( "PayPal {$status} {$error_name}: {$paypal_message}" ) );
	}
}
