<?php
/**
 * A one-off card donation: one confirmed PaymentIntent.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe\Card;

use DonationWidget\Donations\Donation;
use DonationWidget\Gateways\Stripe\PaymentIntent;
use DonationWidget\Gateways\Stripe\StripeCardError;
use DonationWidget\Gateways\Stripe\StripeClient;
use DonationWidget\Gateways\Stripe\StripeMetadata;
use DonationWidget\Gateways\Stripe\StripeRequestError;
use DonationWidget\Http\ProviderUnavailable;

/**
 * Charges the donation's total to the donor's PaymentMethod in one call. Every parameter comes
 * from the stored donation (not from the retried request), so a retry of the attempt sends the
 * very same parameters and Stripe answers it from its idempotency record.
 */
final class OneOffCardPayment {

	/**
	 * Builds the payment.
	 *
	 * @param StripeClient $stripe Stripe.
	 */
	public function __construct( private readonly StripeClient $stripe ) {
	}

	/**
	 * Creates and confirms the PaymentIntent.
	 *
	 * @param Donation $donation       The pending donation.
	 * @param string   $payment_method The donor's pm_… id.
	 * @throws StripeCardError     When the card is declined (the error carries the PaymentIntent).
	 * @throws StripeRequestError  When Stripe refuses the request.
	 * @throws ProviderUnavailable When Stripe cannot be reached or fails.
	 */
	public function charge( Donation $donation, string $payment_method ): PaymentIntent {
		$params = array(
			'amount'               => $donation->total_cents(),
			'currency'             => strtolower( $donation->currency() ),
			'payment_method'       => $payment_method,
			'payment_method_types' => array( 'card' ),
			'confirm'              => true,
			'description'          => __( 'One-off donation', 'donation-widget' ),
			'receipt_email'        => $donation->email(),
			'metadata'             => StripeMetadata::for_donation( $donation ),
		);
		if ( '' !== $donation->page_url() ) {
			// Where a bank's full-page 3-D Secure sends the donor back to.
			$params['return_url'] = $donation->page_url();
		}
		return new PaymentIntent( $this->stripe->create_payment_intent( $params, StripeMetadata::idempotency_key( $donation, 'pi' ) ) );
	}
}
