<?php
/**
 * Starts a 4-weekly donation's subscription once its first gift is paid.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Checkout;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donations\Donation;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Http\ProviderUnavailable;

/**
 * A 4-weekly donation's first gift is recorded paid once, by whichever news of it comes first
 * (the paying call, the 3-D Secure continuation, a webhook, the reconciliation pass: each
 * settles through DonationLedger, whose move to succeeded fires donation_widget_donation_succeeded
 * once). On that action its way to pay (StartsSubscriptions) starts the subscription for the
 * gifts after it. A provider that fails at that moment costs the donor nothing: the gift is
 * paid and answered as paid, and the reconciliation pass, which looks for paid first gifts
 * without a subscription, starts it later.
 */
final class SubscriptionStart {

	/**
	 * Builds it.
	 *
	 * @param DonationLedger  $ledger   Donation records.
	 * @param GatewayRegistry $registry The ways to pay.
	 */
	public function __construct(
		private readonly DonationLedger $ledger,
		private readonly GatewayRegistry $registry
	) {
	}

	/**
	 * Listener of donation_widget_donation_succeeded: starts the subscription of a 4-weekly
	 * first gift just paid. Never throws: a failure is logged and left to the reconciliation pass.
	 *
	 * @param mixed $donation_id The donation row id.
	 */
	public function after_payment( mixed $donation_id ): void {
		$donation = is_numeric( $donation_id ) ? $this->ledger->find( (int) $donation_id ) : null;
		if ( null === $donation || ! self::awaits_subscription( $donation ) ) {
			return;
		}
		try {
			$this->start( $donation );
		} catch ( ProviderUnavailable $error ) {
			// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- admins need to know a subscription waits for the next reconciliation pass.
			error_log( "Donation Widget: the subscription of 4-weekly donation #{$donation->id()} could not be started now (the reconciliation pass tries again): " . $error->getMessage() );
		}
	}

	/**
	 * Starts the subscription of a paid 4-weekly first gift through its way to pay.
	 *
	 * @param Donation $donation A donation for which awaits_subscription() is true.
	 * @return string The subscription id; '' when its way to pay started none (it cannot, or the
	 *                provider does not have the gift as paid).
	 * @throws ProviderUnavailable When the provider cannot be reached, fails or refuses.
	 */
	public function start( Donation $donation ): string {
		$method = $this->registry->method_for( $donation );
		return $method instanceof StartsSubscriptions ? $method->start_subscription( $donation ) : '';
	}

	/**
	 * The stored provider ids of the ways to pay that start subscriptions this way.
	 *
	 * @return list<string>
	 */
	public function providers(): array {
		$providers = array();
		foreach ( $this->registry->payment_methods() as $method ) {
			if ( $method instanceof StartsSubscriptions ) {
				$providers[] = $method->provider();
			}
		}
		return array_values( array_unique( $providers ) );
	}

	/**
	 * Whether a donation is a paid 4-weekly first gift whose subscription has not started.
	 *
	 * @param Donation $donation The donation.
	 */
	public static function awaits_subscription( Donation $donation ): bool {
		return $donation->is_four_weekly()
			&& DonationStatus::SUCCEEDED === $donation->status()
			&& '' === $donation->subscription_id()
			// A renewal (keyed invoice:…) belongs to a subscription already.
			&& ! str_starts_with( $donation->attempt_id(), 'invoice:' );
	}
}
