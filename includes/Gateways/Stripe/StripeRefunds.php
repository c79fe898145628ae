<?php
/**
 * Refunds through Stripe's Refunds API.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Checkout\ProviderRefund;
use DonationWidget\Checkout\RefundRefused;
use DonationWidget\Checkout\RefundRequest;
use DonationWidget\Donations\Donation;
use DonationWidget\Http\ProviderUnavailable;

/**
 * POST /v1/refunds of a donation's charge, with an Idempotency-Key made from the claimed refund
 * row (so a retried request is one refund) and that row's id in the refund's metadata (so the
 * charge.refunded and refund.* webhooks find the same row); and the charge's refunds listed,
 * for those webhooks.
 */
final class StripeRefunds {

	/** Metadata key naming the site's refunds row. */
	public const METADATA_KEY = 'donation_widget_refund';

	/**
	 * Builds the refunds.
	 *
	 * @param StripeClient $stripe Stripe.
	 */
	public function __construct( private readonly StripeClient $stripe ) {
	}

	// The refusal is built, then thrown, and Stripe's failures come from the client: this sniff cannot count them.
	// phpcs:disable Squiz.Commenting.FunctionCommentThrowTag.WrongNumber
	/**
	 * Refunds part or all of a donation's charge.
	 *
	 * @param Donation      $donation The paid donation.
	 * @param RefundRequest $request  How much, why, and the claimed row.
	 * @throws RefundRefused       When Stripe refuses it.
	 * @throws ProviderUnavailable When Stripe cannot be reached or fails.
	 */
	public function refund( Donation $donation, RefundRequest $request ): ProviderRefund {
		// phpcs:enable Squiz.Commenting.FunctionCommentThrowTag.WrongNumber
		$params = array(
			'amount'   => $request->amount_cents,
			'reason'   => 'requested_by_customer',
			'metadata' => array(
				self::METADATA_KEY => (string) $request->refund_id,
				'donation_id'      => (string) $donation->id(),
				'reason'           => mb_substr( $request->reason, 0, 500 ),
			),
		);
		$charge = $donation->provider_reference();
		if ( str_starts_with( $charge, 'ch_' ) || str_starts_with( $charge, 'py_' ) ) {
			$params['charge'] = $charge;
		} else {
			$params['payment_intent'] = $donation->payment_intent_id();
		}
		try {
			return self::from_stripe( $this->stripe->post( '/v1/refunds', $params, $request->idempotency_key() ) );
		} catch ( StripeError $error ) {
			// Built, then thrown: RefundRefused escapes its own message.
			$refused = new RefundRefused( '' !== $error->stripe_message ? $error->stripe_message : $error->error_code );
			throw $refused;
		}
	}

	/**
	 * Every refund of a charge, newest first.
	 *
	 * @param string $charge_id The ch_… id.
	 * @return list<ProviderRefund>
	 * @throws StripeRequestError  When Stripe refuses the request.
	 * @throws ProviderUnavailable When Stripe cannot be reached or fails.
	 */
	public function of_charge( string $charge_id ): array {
		$refunds = array();
		// A gift is refunded a few times at most; the pages guard against more.
		foreach ( $this->stripe->each( '/v1/refunds', array( 'charge' => $charge_id ), 10 ) as $refund ) {
			$refunds[] = self::from_stripe( $refund );
		}
		return $refunds;
	}

	/**
	 * The charge a refund belongs to.
	 *
	 * @param string $refund_id The re_… id.
	 * @throws StripeRequestError  When Stripe has no such refund.
	 * @throws ProviderUnavailable When Stripe cannot be reached or fails.
	 */
	public function charge_of( string $refund_id ): string {
		$refund = $this->stripe->get( '/v1/refunds/' . rawurlencode( $refund_id ) );
		return is_string( $refund['charge'] ?? null ) ? $refund['charge'] : '';
	}

	/**
	 * A Stripe Refund object, as the books keep it.
	 *
	 * @param array<mixed> $refund The object.
	 */
	public static function from_stripe( array $refund ): ProviderRefund {
		$text     = static fn ( string $key ): string => is_string( $refund[ $key ] ?? null ) ? $refund[ $key ] : '';
		$metadata = is_array( $refund['metadata'] ?? null ) ? $refund['metadata'] : array();
		$status   = $text( 'status' );
		$status   = match ( $status ) {
			'succeeded' => ProviderRefund::SUCCEEDED,
			'failed' => ProviderRefund::FAILED,
			'canceled' => ProviderRefund::CANCELED,
			default => ProviderRefund::PENDING,
		};
		$balance = $refund['balance_transaction'] ?? '';
		$balance = is_array( $balance ) ? ( $balance['id'] ?? '' ) : $balance;
		return new ProviderRefund(
			StripeGateway::ID,
			$text( 'id' ),
			is_numeric( $refund['amount'] ?? null ) ? (int) $refund['amount'] : 0,
			strtoupper( $text( 'currency' ) ),
			$status,
			is_numeric( $metadata[ self::METADATA_KEY ] ?? null ) ? (int) $metadata[ self::METADATA_KEY ] : 0,
			is_string( $balance ) ? $balance : '',
			$text( 'failure_reason' )
		);
	}
}
