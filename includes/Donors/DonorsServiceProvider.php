<?php
/**
 * Wires the Donors domain.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Donors;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Container;
use DonationWidget\Database\Installer;
use DonationWidget\Database\Schema;
use DonationWidget\Scheduling\RecurringEvents;
use DonationWidget\ServiceProvider;

/**
 * The donors' own tables and their fill, the figures kept on every donation's write, the
 * hourly sweep, the statements of merged donors, and the donors' privacy export and erasure.
 */
final class DonorsServiceProvider implements ServiceProvider {

	/**
	 * Tables, install step and sweep.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		Schema::add_domain_tables( 'donors', DonorTables::VERSION, DonorTables::TABLES, array( DonorTables::class, 'statements' ) );
		Installer::add_step( $container->lazy( DonorsMigrations::class, 'upgrade' ) );
		RecurringEvents::add( DonorSweep::HOOK, 'hourly' );
	}

	/**
	 * Listens to the donations, subscriptions and statements.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action( DonorTotals::DONATION_CHANGED, $container->lazy( DonorTotals::class, 'donation_changed' ), 10, 1 );
		add_action( DonorTotals::SUBSCRIPTION_CHANGED, $container->lazy( DonorTotals::class, 'subscription_changed' ), 10, 1 );
		add_action( DonorSweep::HOOK, $container->lazy( DonorSweep::class, 'run' ), 10, 0 );
		// A merged donor's statements are one, sent to its primary email.
		add_filter( 'donation_widget_statement_emails', $container->lazy( DonorStatements::class, 'statement_emails' ), 10, 2 );
		add_action( 'donation_widget_statement_sent', $container->lazy( DonorStatements::class, 'statement_sent' ), 10, 2 );
		add_filter( 'wp_privacy_personal_data_exporters', $container->lazy( DonorPrivacy::class, 'add_exporter' ) );
		add_filter( 'wp_privacy_personal_data_erasers', $container->lazy( DonorPrivacy::class, 'add_eraser' ) );
	}
}
