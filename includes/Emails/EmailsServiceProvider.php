<?php
/**
 * Wires the donor emails.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Emails;

use DonationWidget\Container;
use DonationWidget\ServiceProvider;
use DonationWidget\Settings\Settings;

/**
 * Shares the mailer; each email's own domain decides when to send it.
 */
final class EmailsServiceProvider implements ServiceProvider {

	/**
	 * Shares the mailer.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		$container->set( DonorMailer::class, static fn ( Container $c ): DonorMailer => new DonorMailer( $c->get( Settings::class ) ) );
	}

	/**
	 * No hooks of its own.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
	}
}
