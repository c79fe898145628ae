<?php
/**
 * Seeds one of the local sites (bin/lib/env.sh: demo, e2e, phpunit …) with realistic donations,
 * without WP-CLI: `wp donation-widget seed` does the same where WP-CLI is installed.
 *
 * Usage: php bin/seed-donations.php --site=e2e --rows=1000000 [--seed=13]
 *
 * It loads the site's WordPress the way tests/site/install-site.php does (its wp-config.php
 * picks the database from DONATION_WIDGET_SITE, under DONATION_WIDGET_STATE_DIR, default
 * .wp-local). Seeding refuses to run unless that site is in demo mode or a local or development
 * environment (see DonationWidget\Cli\DonationSeeder::allowed()).
 *
 * @package DonationWidget
 */

// phpcs:disable WordPress.Security.EscapeOutput.OutputNotEscaped, WordPress.WP.AlternativeFunctions, WordPress.NamingConventions.PrefixAllGlobals, WordPress.PHP.DiscouragedPHPFunctions.runtime_configuration_putenv -- a command-line script (like tests/site/install-site.php): its output is text, its variables live only in this process, and it tells wp-config.php which local site to load.

if ( 'cli' !== PHP_SAPI ) {
	exit( 1 );
}

$dw_options = getopt( '', array( 'site:', 'rows:', 'seed:' ) );
$dw_site    = is_string( $dw_options['site'] ?? null ) ? $dw_options['site'] : '';
$dw_rows    = is_string( $dw_options['rows'] ?? null ) ? (int) $dw_options['rows'] : 0;
if ( ! preg_match( '/^[a-z0-9_]+$/', $dw_site ) || $dw_rows < 1 ) {
	fwrite( STDERR, "Usage: php bin/seed-donations.php --site=<demo|e2e|phpunit> --rows=<N> [--seed=<N>]\n" );
	exit( 2 );
}
// Loads the site (and says so if there is none, or the plugin is not active on it).
$dw_cli_site = $dw_site;
require dirname( __DIR__ ) . '/tests/site/cli-bootstrap.php';

\DonationWidget\Database\Installer::maybe_upgrade();
$dw_seeder = new \DonationWidget\Cli\DonationSeeder( new \DonationWidget\Donations\DonationTotals() );
try {
	$dw_result = $dw_seeder->seed(
		$dw_rows,
		isset( $dw_options['seed'] ) && is_string( $dw_options['seed'] ) ? (int) $dw_options['seed'] : 13,
		static function ( int $written ) use ( $dw_rows ): void {
			if ( 0 === $written % 50000 || $written === $dw_rows ) {
				fwrite( STDOUT, "  {$written} / {$dw_rows} rows\n" );
			}
		}
	);
} catch ( \RuntimeException $dw_error ) {
	dw_cli_fail( $dw_error->getMessage() );
}
echo \DonationWidget\Cli\SeedCommand::summary( $dw_result ) . ' (database ' . DB_NAME . ")\n";
