<?php
/**
 * Refunds through PayPal's captures refund.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\PayPal;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Checkout\ProviderRefund;
use DonationWidget\Checkout\RefundRefused;
use DonationWidget\Checkout\RefundRequest;
use DonationWidget\Donations\Donation;
use DonationWidget\Donations\Money;
use DonationWidget\Gateways\PayPal\Webhooks\CaptureResource;
use DonationWidget\Http\ProviderUnavailable;

/**
 * POST /v2/payments/captures/{id}/refund of a donation's capture, with a PayPal-Request-Id made
 * from the claimed refund row (a retried request is one refund) and that row in the refund's
 * custom_id (so PAYMENT.CAPTURE.REFUNDED finds the same row).
 */
final class PayPalRefunds {

	/** The custom_id of a refund the site asked for: this, then the refunds row id. */
	public const CUSTOM_ID_PREFIX = 'donation-widget-refund-';

	/**
	 * Builds the refunds.
	 *
	 * @param PayPalClient $paypal PayPal.
	 */
	public function __construct( private readonly PayPalClient $paypal ) {
	}

	// The refusal is built, then thrown, and PayPal's failures come from the client: this sniff cannot count them.
	// phpcs:disable Squiz.Commenting.FunctionCommentThrowTag.WrongNumber
	/**
	 * Refunds part or all of a donation's capture.
	 *
	 * @param Donation      $donation The paid donation.
	 * @param RefundRequest $request  How much, why, and the claimed row.
	 * @throws RefundRefused       When PayPal refuses it.
	 * @throws ProviderUnavailable When PayPal cannot be reached or fails.
	 */
	public function refund( Donation $donation, RefundRequest $request ): ProviderRefund {
		// phpcs:enable Squiz.Commenting.FunctionCommentThrowTag.WrongNumber
		$body = array(
			'amount'    => array(
				'value'         => Money::dollars( $request->amount_cents ),
				'currency_code' => $donation->currency(),
			),
			'custom_id' => self::CUSTOM_ID_PREFIX . $request->refund_id,
		);
		if ( '' !== trim( $request->reason ) ) {
			$body['note_to_payer'] = mb_substr( trim( $request->reason ), 0, 255 );
		}
		try {
			$refund = $this->paypal->refund_capture( $donation->provider_reference(), $body, $request->idempotency_key() );
		} catch ( PayPalRequestError $error ) {
			// Built, then thrown: RefundRefused escapes its own message.
			$refused = new RefundRefused( trim( $error->error_name . ': ' . $error->paypal_message, ': ' ) );
			throw $refused;
		}
		return self::from_paypal( $refund );
	}

	/**
	 * A PayPal refund (the call's answer, or a PAYMENT.CAPTURE.REFUNDED resource), as the books keep it.
	 *
	 * @param array<mixed> $refund The refund.
	 */
	public static function from_paypal( array $refund ): ProviderRefund {
		$resource  = new CaptureResource( $refund );
		$custom_id = $resource->custom_id();
		$status    = match ( $resource->status() ) {
			'COMPLETED' => ProviderRefund::SUCCEEDED,
			'FAILED' => ProviderRefund::FAILED,
			'CANCELLED' => ProviderRefund::CANCELED,
			default => ProviderRefund::PENDING,
		};
		return new ProviderRefund(
			PayPalGateway::ID,
			$resource->id(),
			$resource->cents() ?? 0,
			$resource->currency(),
			$status,
			str_starts_with( $custom_id, self::CUSTOM_ID_PREFIX ) ? (int) substr( $custom_id, strlen( self::CUSTOM_ID_PREFIX ) ) : 0
		);
	}
}
