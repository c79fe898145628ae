<?php
/**
 * Wires the books' fees and disputes.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Books\Disputes\DisputeListener;
use DonationWidget\Books\Disputes\DisputeRepository;
use DonationWidget\Books\Fees\ChargeFeeListener;
use DonationWidget\Books\Fees\FeeCatchUp;
use DonationWidget\Books\Fees\FeeRecorder;
use DonationWidget\Checkout\DonationLedger;
use DonationWidget\Reconciliation\ReconciliationSchedule;
use DonationWidget\Container;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Gateways\PayPal\PayPalClient;
use DonationWidget\Gateways\Stripe\StripeClient;
use DonationWidget\ServiceProvider;

/**
 * The provider's fee on each payment and the chargebacks on them. The Stripe webhook listeners
 * are handed to StripeServiceProvider's event map.
 */
final class BooksServiceProvider implements ServiceProvider {

	/**
	 * Shares the recorder, the catch-up pass, the disputes table and the listeners.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		$container->set( FeeRecorder::class, static fn ( Container $c ): FeeRecorder => new FeeRecorder( $c->get( DonationRepository::class ), $c->get( StripeClient::class ), $c->get( PayPalClient::class ) ) );
		$container->set( FeeCatchUp::class, static fn ( Container $c ): FeeCatchUp => new FeeCatchUp( $c->get( DonationRepository::class ), $c->get( FeeRecorder::class ) ) );
		$container->set( ChargeFeeListener::class, static fn ( Container $c ): ChargeFeeListener => new ChargeFeeListener( $c->get( DonationLedger::class ), $c->get( StripeClient::class ), $c->get( FeeRecorder::class ) ) );
		$container->set( DisputeRepository::class, static fn (): DisputeRepository => new DisputeRepository() );
		$container->set(
			DisputeListener::class,
			static fn ( Container $c ): DisputeListener => new DisputeListener( $c->get( DonationLedger::class ), $c->get( StripeClient::class ), $c->get( DisputeRepository::class ), $c->get( DonationRepository::class ) )
		);
	}

	/**
	 * The fee of a payment the site confirmed is written as it settles; missing fees are looked
	 * for with the reconciliation pass (every five minutes), which also settles the payments of
	 * sites without webhooks.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		// A card payment confirmed by the site: its charge came with the balance transaction.
		add_action(
			'donation_widget_stripe_charge_settled',
			static function ( int $donation_id, array $charge ) use ( $container ): void {
				$donation = $container->get( DonationRepository::class )->find( $donation_id );
				if ( null !== $donation ) {
					$container->get( FeeRecorder::class )->record_charge( $donation, $charge );
				}
			},
			10,
			2
		);
		add_action(
			ReconciliationSchedule::HOOK,
			static function () use ( $container ): void {
				$container->get( FeeCatchUp::class )->run();
			},
			20
		);
	}
}
