<?php
/**
 * Wires the WP-CLI commands.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Cli;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Container;
use DonationWidget\ServiceProvider;

/**
 * The plugin's WP-CLI commands, registered only when WP-CLI runs the request.
 */
final class CliServiceProvider implements ServiceProvider {

	/**
	 * Nothing to share by hand: every command is built from its constructor.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
	}

	/**
	 * Adds `wp donation-widget card-link`, `reconcile` and `seed` under WP-CLI.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		if ( ! defined( 'WP_CLI' ) || ! WP_CLI ) {
			return;
		}
		// @phpstan-ignore class.notFound (WP-CLI defines it when it runs; WP_CLI is true only then.)
		\WP_CLI::add_command( 'donation-widget card-link', $container->get( CardLinkCommand::class ) );
		// @phpstan-ignore class.notFound (as above.)
		\WP_CLI::add_command( 'donation-widget reconcile', $container->get( ReconcileCommand::class ) );
		// @phpstan-ignore class.notFound (as above.)
		\WP_CLI::add_command( 'donation-widget seed', $container->get( SeedCommand::class ) );
	}
}
