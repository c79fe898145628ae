<?php
/**
 * What the plugin writes into Stripe objects' metadata.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donations\Donation;

/**
 * Metadata that links a Stripe object back to its donation (webhooks find a donation by it when
 * the browser never came back) and carries the campaign fields for reports in Stripe itself.
 */
final class StripeMetadata {

	/**
	 * Metadata for a donation's PaymentIntent, Customer or Subscription. Empty values are left
	 * out: Stripe reads an empty metadata value as "delete this key".
	 *
	 * @param Donation $donation The donation.
	 * @return array<string, string>
	 */
	public static function for_donation( Donation $donation ): array {
		$metadata = array(
			'donation_id'  => (string) $donation->id(),
			'attempt_id'   => $donation->attempt_id(),
			'frequency'    => $donation->frequency(),
			'iteration_id' => $donation->value( 'iteration_id' ),
			'utm_campaign' => $donation->value( 'utm_campaign' ),
			'utm_source'   => $donation->value( 'utm_source' ),
			'utm_medium'   => $donation->value( 'utm_medium' ),
			'utm_content'  => $donation->value( 'utm_content' ),
			'utm_term'     => $donation->value( 'utm_term' ),
			'source'       => 'donation-widget',
		);
		return array_filter( $metadata, static fn ( string $value ): bool => '' !== $value );
	}

	/**
	 * The Idempotency-Key of one step of a donation's payment attempt.
	 *
	 * @param Donation $donation The donation.
	 * @param string   $step     Step, such as pi, customer or subscription.
	 */
	public static function idempotency_key( Donation $donation, string $step ): string {
		return $donation->attempt_id() . ':' . $step;
	}
}
