<?php
/**
 * The payouts' reconciliation pass, for sites whose webhooks do not arrive.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books\Payouts;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Gateways\Stripe\StripeClient;
use DonationWidget\Gateways\Stripe\StripeError;
use DonationWidget\Http\ProviderUnavailable;

/**
 * Lists Stripe's payouts of the last weeks (GET /v1/payouts) and records each one through
 * PayoutBooks, as the webhook listener does: a payout already explained costs no further call.
 */
final class PayoutReconciler {

	/**
	 * How far back a pass looks: a payout changes status within days of its creation.
	 */
	private const LOOK_BACK_DAYS = 35;

	/**
	 * At most this many pages of payouts a pass.
	 */
	private const MAX_PAGES = 5;

	/**
	 * Builds the pass.
	 *
	 * @param StripeClient $stripe Stripe.
	 * @param PayoutBooks  $books  The payouts' books.
	 */
	public function __construct( private readonly StripeClient $stripe, private readonly PayoutBooks $books ) {
	}

	/**
	 * Runs one pass.
	 *
	 * @param int $now Unix time.
	 * @return list<string> What happened to each payout.
	 */
	public function run( int $now = 0 ): array {
		if ( ! $this->stripe->is_configured() ) {
			return array();
		}
		$now   = $now > 0 ? $now : time();
		$done  = array();
		$query = array( 'created' => array( 'gte' => $now - self::LOOK_BACK_DAYS * DAY_IN_SECONDS ) );
		try {
			foreach ( $this->stripe->each( '/v1/payouts', $query, self::MAX_PAGES ) as $payout ) {
				$done[] = $this->books->record( $payout );
			}
		} catch ( StripeError | ProviderUnavailable $error ) {
			// The next pass tries again; what was recorded stays.
			$done[] = 'stopped: ' . $error->getMessage();
		}//end try
		return $done;
	}
}
