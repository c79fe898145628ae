<?php
/**
 * Finds at Stripe the payment of a donation, even one whose answer never reached the site.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Checkout\DonationLedger;
use DonationWidget\Donations\Donation;
use DonationWidget\Http\ProviderUnavailable;

/**
 * The PaymentIntent that pays a donation (a one-off, or a 4-weekly donation's first gift): the
 * one the record names; and when the call that made it lost its answer (a timeout, a dropped
 * connection), the one whose metadata names the donation's attempt and row, found with Stripe's
 * search (the same metadata the webhooks match on). An id found that way is kept on the record
 * at once.
 */
final class StripePaymentLookup {

	/**
	 * Builds the lookup.
	 *
	 * @param StripeClient   $stripe Stripe.
	 * @param DonationLedger $ledger Keeps the ids found on the record.
	 */
	public function __construct(
		private readonly StripeClient $stripe,
		private readonly DonationLedger $ledger
	) {
	}

	/**
	 * The donation's PaymentIntent, or null when Stripe has none for it.
	 *
	 * @param Donation $donation The donation.
	 * @param string[] $expand   Paths to expand, such as latest_charge.
	 * @throws ProviderUnavailable When Stripe cannot be reached or fails.
	 */
	public function intent_of( Donation $donation, array $expand = array() ): ?PaymentIntent {
		try {
			if ( '' !== $donation->payment_intent_id() ) {
				return new PaymentIntent( $this->stripe->retrieve_payment_intent( $donation->payment_intent_id(), $expand ) );
			}
			$intent = $this->search_intent( $donation, $expand );
		} catch ( StripeRequestError $error ) {
			if ( $error->is_missing_resource() ) {
				return null;
			}
			// StripeError escapes its own message: decoded here so it is escaped once, not twice.
			throw new ProviderUnavailable( 'stripe', 'bad_answer', esc_html( wp_specialchars_decode( $error->getMessage(), ENT_QUOTES ) ) );
		}
		if ( null !== $intent && '' !== $intent->id() ) {
			$this->ledger->keep_ids( $donation, array( 'payment_intent_id' => $intent->id() ) );
		}
		return $intent;
	}

	/**
	 * The one-off PaymentIntent made for this attempt and row.
	 *
	 * @param Donation $donation The donation.
	 * @param string[] $expand   Paths to expand.
	 * @throws StripeRequestError  When Stripe refuses the search.
	 * @throws ProviderUnavailable When Stripe cannot be reached or fails.
	 */
	private function search_intent( Donation $donation, array $expand ): ?PaymentIntent {
		$found = $this->search( '/v1/payment_intents/search', $donation, array_map( static fn ( string $path ): string => 'data.' . $path, $expand ) );
		return null === $found ? null : new PaymentIntent( $found );
	}

	/**
	 * The newest object a search finds whose metadata names this attempt and row.
	 *
	 * @param string   $path     Search path, such as /v1/payment_intents/search.
	 * @param Donation $donation The donation.
	 * @param string[] $expand   Paths to expand.
	 * @return array<string, mixed>|null
	 * @throws StripeRequestError  When Stripe refuses the search.
	 * @throws ProviderUnavailable When Stripe cannot be reached or fails.
	 */
	private function search( string $path, Donation $donation, array $expand ): ?array {
		// Attempt ids are UUIDs, so the quoted value needs no escaping.
		$query  = array( 'query' => "metadata['attempt_id']:'" . preg_replace( '/[^A-Za-z0-9:_-]/', '', $donation->attempt_id() ) . "'" );
		$answer = $this->stripe->get( $path, array() === $expand ? $query : $query + array( 'expand' => $expand ) );
		$data   = is_array( $answer['data'] ?? null ) ? $answer['data'] : array();
		foreach ( $data as $object ) {
			$metadata = is_array( $object ) && is_array( $object['metadata'] ?? null ) ? $object['metadata'] : array();
			if ( ( $metadata['donation_id'] ?? '' ) === (string) $donation->id() ) {
				$clean = array();
				foreach ( $object as $key => $value ) {
					$clean[ (string) $key ] = $value;
				}
				return $clean;
			}
		}
		return null;
	}
}
