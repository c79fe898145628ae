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

use DonationWidget\CardUpdate\CardUpdateLinks;
use DonationWidget\CardUpdate\RecurringDonors;
use DonationWidget\Reconciliation\Reconciler;
use DonationWidget\Container;
use DonationWidget\Donations\DonationTotals;
use DonationWidget\ServiceProvider;

/**
 * The plugin's WP-CLI commands, registered only when WP-CLI runs the request.
 */
final class CliServiceProvider implements ServiceProvider {

	/**
	 * Shares the commands (tests call their logic directly).
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		$container->set(
			CardLinkCommand::class,
			static fn ( Container $c ): CardLinkCommand => new CardLinkCommand( $c->get( CardUpdateLinks::class ), $c->get( RecurringDonors::class ) )
		);
		$container->set( ReconcileCommand::class, static fn ( Container $c ): ReconcileCommand => new ReconcileCommand( $c->get( Reconciler::class ) ) );
		$container->set( DonationSeeder::class, static fn ( Container $c ): DonationSeeder => new DonationSeeder( $c->get( DonationTotals::class ) ) );
		$container->set( SeedCommand::class, static fn ( Container $c ): SeedCommand => new SeedCommand( $c->get( DonationSeeder::class ) ) );
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
