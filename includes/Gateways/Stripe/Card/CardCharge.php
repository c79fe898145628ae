<?php
/**
 * A card payment: a PaymentIntent the site makes and confirms.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe\Card;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donations\Donation;
use DonationWidget\Gateways\Stripe\PaymentIntent;
use DonationWidget\Gateways\Stripe\ServerConfirmedIntent;
use DonationWidget\Gateways\Stripe\StripeCardError;
use DonationWidget\Gateways\Stripe\StripeRequestError;
use DonationWidget\Http\ProviderUnavailable;

/**
 * Charges the donation's total to the donor's card, a one-off donation or a 4-weekly donation's
 * first gift (see ServerConfirmedIntent for why in two steps, and why only the site confirms).
 * After 3-D Secure the intent waits in requires_confirmation until the site confirms it again
 * with the same card.
 */
final class CardCharge {

	/**
	 * Builds the payment.
	 *
	 * @param ServerConfirmedIntent $intents Makes and confirms the intent.
	 */
	public function __construct( private readonly ServerConfirmedIntent $intents ) {
	}

	/**
	 * Pays the donation with a card: its intent, confirmed with the card unless already paid or
	 * under way.
	 *
	 * @param Donation             $donation       The pending donation.
	 * @param string               $payment_method The donor's pm_… id.
	 * @param array<string, mixed> $params         The intent's own parameters beside a one-off's
	 *                                             (a 4-weekly first gift's customer …).
	 * @return PaymentIntent|null The intent; null when this attempt has tried too many cards.
	 * @throws StripeCardError     When the card is declined (the error carries the PaymentIntent).
	 * @throws StripeRequestError  When Stripe refuses the request.
	 * @throws ProviderUnavailable When Stripe cannot be reached or fails.
	 */
	public function charge( Donation $donation, string $payment_method, array $params = array() ): ?PaymentIntent {
		$intent = $this->intents->of( $donation, $params + array( 'allowed_payment_method_types' => array( 'card' ) ) );
		if ( PaymentIntent::REQUIRES_PAYMENT_METHOD !== $intent->status() ) {
			// A retried attempt whose intent was paid, or is being paid, already: never again.
			return $intent;
		}
		return $this->intents->confirm( $donation, $intent, $payment_method, self::return_to( $donation ) );
	}

	/**
	 * Finishes an intent after the browser ran 3-D Secure: confirmed again with the same card.
	 *
	 * @param Donation      $donation The donation.
	 * @param PaymentIntent $intent   Its intent, as Stripe has it now.
	 * @return PaymentIntent|null The intent; null when this attempt has tried too many cards.
	 * @throws StripeCardError     When the card is declined.
	 * @throws StripeRequestError  When Stripe refuses the request.
	 * @throws ProviderUnavailable When Stripe cannot be reached or fails.
	 */
	public function after_authentication( Donation $donation, PaymentIntent $intent ): ?PaymentIntent {
		return $this->intents->finish_authenticated( $donation, $intent, self::return_to( $donation ) );
	}

	/**
	 * Where a bank's full-page 3-D Secure sends the donor back to.
	 *
	 * @param Donation $donation The donation.
	 * @return array<string, string>
	 */
	private static function return_to( Donation $donation ): array {
		return '' !== $donation->page_url() ? array( 'return_url' => $donation->page_url() ) : array();
	}
}
