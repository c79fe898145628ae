<?php
/**
 * Cancels PaymentIntents nobody may pay any more.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donations\Donation;
use DonationWidget\Http\ProviderUnavailable;

/**
 * A PaymentIntent the browser may confirm (confirmation_method automatic: an express checkout's
 * made before the site confirmed those itself) stays payable with its client secret after a
 * declined card: a card tester could try card after card on it while the site hears of one call. So once the site hears of a failed try
 * (the webhook, the browser's get_charge_id, the reconciliation pass), such an intent is
 * cancelled: a donor trying again gets a new attempt and intent anyway. Intents only the site
 * confirms (cards, bank debits, a 4-weekly donation's first gift) are bounded by
 * ServerConfirmedIntent instead.
 */
final class IntentCanceller {

	/**
	 * Builds it.
	 *
	 * @param StripeClient $stripe Stripe.
	 */
	public function __construct( private readonly StripeClient $stripe ) {
	}

	/**
	 * Cancels a one-off, browser-confirmed intent whose last try failed.
	 *
	 * @param Donation      $donation The donation.
	 * @param PaymentIntent $intent   Its intent, as Stripe has it now.
	 */
	public function after_failed_try( Donation $donation, PaymentIntent $intent ): void {
		if ( $intent->is_confirmed_by_server()
			|| PaymentIntent::REQUIRES_PAYMENT_METHOD !== $intent->status() || ! $intent->has_failed_attempt() ) {
			return;
		}
		$this->cancel( $donation, $intent );
	}

	/**
	 * Cancels an intent. Best effort: one that cannot be cancelled now is left to expire.
	 *
	 * @param Donation      $donation The donation.
	 * @param PaymentIntent $intent   Its intent.
	 */
	public function cancel( Donation $donation, PaymentIntent $intent ): void {
		try {
			$this->stripe->post( '/v1/payment_intents/' . rawurlencode( $intent->id() ) . '/cancel', array( 'cancellation_reason' => 'abandoned' ), StripeMetadata::idempotency_key( $donation, 'cancel' ) );
		} catch ( StripeError | ProviderUnavailable $error ) {
			// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- admins need to know an intent may stay payable.
			error_log( "Donation Widget: could not cancel PaymentIntent {$intent->id()} of donation #{$donation->id()}: " . $error->getMessage() );
		}
	}
}
