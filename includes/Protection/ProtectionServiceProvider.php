<?php
/**
 * Wires abuse protection: rate limits and reCAPTCHA.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Protection;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Captcha\RecaptchaClient;
use DonationWidget\Container;
use DonationWidget\Http\HttpClient;
use DonationWidget\ServiceProvider;
use DonationWidget\Settings\Settings;

/**
 * Shares the rate limiter and the reCAPTCHA client, and prunes the rate limiter's table.
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
	 * Payment and address controllers call these; the hooks are the daily pruning of expired
	 * rate-limit counters (scheduled by Scheduling\RecurringEvents) and forgetting what payment
	 * calls showed about proxies when the settings change.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action(
			RateLimiter::PRUNE_HOOK,
			static function () use ( $container ): void {
				$container->get( RateLimiter::class )->prune();
			}
		);
		// What payment calls showed about proxies is stale once the settings change.
		add_action( 'update_option_' . Settings::OPTION, array( ForwardingCheck::class, 'forget' ) );
	}
}
