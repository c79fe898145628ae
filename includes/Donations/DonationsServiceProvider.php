<?php
/**
 * Wires the donations domain.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Donations;

use DonationWidget\Container;
use DonationWidget\ServiceProvider;

/**
 * Shares the donation and subscription records with the payment and webhook domains.
 */
final class DonationsServiceProvider implements ServiceProvider {

	/**
	 * Shares the repositories.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		$container->set( DonationRepository::class, static fn (): DonationRepository => new DonationRepository() );
		$container->set( SubscriptionRepository::class, static fn (): SubscriptionRepository => new SubscriptionRepository() );
	}

	/**
	 * No hooks: payments and webhooks write the records.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
	}
}
