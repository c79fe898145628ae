<?php
/**
 * Stripe events payout.created, payout.updated, payout.paid, payout.failed and payout.canceled.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe\Books;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Books\Payouts\PayoutBooks;
use DonationWidget\Gateways\Stripe\Webhooks\Listeners\EventListener;

/**
 * A payout changed at Stripe: read it again and record it (the reconciliation pass does the same
 * for sites without webhooks, through the same PayoutBooks).
 */
final class PayoutEvent implements EventListener {

	/**
	 * The event types this listener handles.
	 */
	public const TYPES = array( 'payout.created', 'payout.updated', 'payout.paid', 'payout.failed', 'payout.canceled' );

	/**
	 * Builds the listener.
	 *
	 * @param StripePayouts $payouts Stripe's payouts.
	 * @param PayoutBooks   $books   The payouts' books.
	 */
	public function __construct( private readonly StripePayouts $payouts, private readonly PayoutBooks $books ) {
	}

	/**
	 * Records the payout.
	 *
	 * @param string $object_id The po_… id.
	 * @param string $type      One of TYPES.
	 */
	public function handle( string $object_id, string $type ): string {
		return $this->books->record( $this->payouts, $this->payouts->payout( $object_id ) );
	}
}
