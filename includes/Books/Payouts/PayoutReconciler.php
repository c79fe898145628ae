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

use DonationWidget\Checkout\GatewayRegistry;
use DonationWidget\Http\ProviderUnavailable;

/**
 * Lists each paying-out gateway's payouts of the last weeks (its PayoutSource) and records each
 * one through PayoutBooks, as the webhook listener does: a payout already explained costs no
 * further call.
 */
final class PayoutReconciler {

	/**
	 * How far back a pass looks: a payout changes status within days of its creation.
	 */
	private const LOOK_BACK_DAYS = 35;

	/**
	 * Builds the pass.
	 *
	 * @param GatewayRegistry $gateways The gateways, some of which pay out.
	 * @param PayoutBooks     $books    The payouts' books.
	 */
	public function __construct( private readonly GatewayRegistry $gateways, private readonly PayoutBooks $books ) {
	}

	/**
	 * Runs one pass.
	 *
	 * @param int $now Unix time.
	 * @return list<string> What happened to each payout.
	 */
	public function run( int $now = 0 ): array {
		$now  = $now > 0 ? $now : time();
		$done = array();
		foreach ( $this->gateways->implementing( PayoutSource::class ) as $gateway ) {
			try {
				foreach ( $gateway->payouts_since( $now - self::LOOK_BACK_DAYS * DAY_IN_SECONDS ) as $payout ) {
					$done[] = $this->books->record( $gateway, $payout );
				}
			} catch ( ProviderUnavailable $error ) {
				// The next pass tries again; what was recorded stays.
				$done[] = 'stopped: ' . $error->getMessage();
			}
		}
		return $done;
	}

	/**
	 * The pass on its WP-Cron event: what it recorded (not what was already explained) goes to
	 * the error log, where admins look.
	 */
	public function run_on_schedule(): void {
		foreach ( $this->run() as $line ) {
			if ( ! str_contains( $line, 'already explained' ) ) {
				// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- admins need to see what the pass recorded.
				error_log( 'Donation Widget payouts: ' . $line );
			}
		}
	}
}
