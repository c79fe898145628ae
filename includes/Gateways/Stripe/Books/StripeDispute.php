<?php
/**
 * A Stripe dispute read into the books' Dispute.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe\Books;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Books\Disputes\Dispute;

/**
 * Stripe's dispute object: its fee is the sum of its balance transactions' fees.
 */
final class StripeDispute {

	/**
	 * A Stripe dispute object, for a donation.
	 *
	 * @param array<mixed> $dispute     The dispute (GET /v1/disputes/{id}).
	 * @param int          $donation_id The disputed donation, 0 when not of this site.
	 */
	public static function of( array $dispute, int $donation_id ): Dispute {
		$text    = static fn ( array $data, string $key ): string => is_string( $data[ $key ] ?? null ) ? $data[ $key ] : '';
		$fee     = 0;
		$details = is_array( $dispute['evidence_details'] ?? null ) ? $dispute['evidence_details'] : array();
		foreach ( is_array( $dispute['balance_transactions'] ?? null ) ? $dispute['balance_transactions'] : array() as $transaction ) {
			if ( is_array( $transaction ) && is_int( $transaction['fee'] ?? null ) ) {
				$fee += $transaction['fee'];
			}
		}
		$charge  = $dispute['charge'] ?? '';
		$created = is_int( $dispute['created'] ?? null ) ? $dispute['created'] : time();
		return new Dispute(
			$text( $dispute, 'id' ),
			$donation_id,
			is_array( $charge ) ? $text( $charge, 'id' ) : ( is_string( $charge ) ? $charge : '' ),
			is_int( $dispute['amount'] ?? null ) ? max( 0, $dispute['amount'] ) : 0,
			max( 0, $fee ),
			strtoupper( $text( $dispute, 'currency' ) ),
			$text( $dispute, 'reason' ),
			$text( $dispute, 'status' ),
			is_int( $details['due_by'] ?? null ) ? gmdate( 'Y-m-d H:i:s', $details['due_by'] ) : '',
			gmdate( 'Y-m-d H:i:s', $created )
		);
	}
}
