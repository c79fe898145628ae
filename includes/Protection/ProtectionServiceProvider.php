<?php
/**
 * Wires abuse protection: rate limits and reCAPTCHA.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Protection;

use DonationWidget\Captcha\RecaptchaClient;
use DonationWidget\Container;
use DonationWidget\Http\HttpClient;
use DonationWidget\ServiceProvider;
use DonationWidget\Settings\Settings;

/**
 * Shares the rate limiter and the reCAPTCHA client.
 */
final class ProtectionServiceProvider implements ServiceProvider {

	/**
	 * Shares the protection objects.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		$container->set( RateLimiter::class, static fn (): RateLimiter => new RateLimiter() );
		$container->set(
			RecaptchaClient::class,
			static fn ( Container $c ): RecaptchaClient => new RecaptchaClient( $c->get( HttpClient::class ), $c->get( Settings::class ) )
		);
	}

	/**
	 * No hooks: payment and address controllers call these.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
	}
}
