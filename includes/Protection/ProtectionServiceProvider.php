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

use DonationWidget\Container;
use DonationWidget\Database\Uninstaller;
use DonationWidget\Scheduling\RecurringEvents;
use DonationWidget\ServiceProvider;
use DonationWidget\Settings\Settings;

/**
 * Prunes the rate limiter's table, and forgets what payment calls showed about proxies.
 */
final class ProtectionServiceProvider implements ServiceProvider {

	/**
	 * The rate limiter is built from its constructor; its counters are pruned daily and hold no
	 * record (hashed addresses), so every uninstall empties them.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		RecurringEvents::add( RateLimiter::PRUNE_HOOK, 'daily' );
		Uninstaller::empty_always( 'rate_counters' );
	}

	/**
	 * Payment and address controllers call these; the hooks are the daily pruning of expired
	 * rate-limit counters and forgetting what payment
	 * calls showed about proxies when the settings change.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action( RateLimiter::PRUNE_HOOK, $container->lazy( RateLimiter::class, 'prune' ), 10, 0 );
		// What payment calls showed about proxies is stale once the settings change.
		add_action( 'update_option_' . Settings::OPTION, array( ForwardingCheck::class, 'forget' ) );
	}
}
