<?php
/**
 * The benchmark's look inside a local site (bin/benchmark/admin.mjs runs it): how many donation
 * rows it holds, seeding up to --rows when asked, and the dashboard widget's own server time
 * (median of 10 in-process runs of its numbers and HTML), as one line of JSON.
 *
 * Usage: php bin/benchmark/admin-site.php --site=e2e [--rows=1000000]
 *
 * @package DonationWidget
 */

// phpcs:disable WordPress.Security.EscapeOutput.OutputNotEscaped, WordPress.WP.AlternativeFunctions, WordPress.NamingConventions.PrefixAllGlobals, WordPress.PHP.DiscouragedPHPFunctions.runtime_configuration_putenv, WordPress.DB.DirectDatabaseQuery -- a command-line script of the local sites (see bin/seed-donations.php).

if ( 'cli' !== PHP_SAPI ) {
	exit( 1 );
}
$dw_options = getopt( '', array( 'site:', 'rows:' ) );
$dw_site    = is_string( $dw_options['site'] ?? null ) ? $dw_options['site'] : '';
$dw_rows    = is_string( $dw_options['rows'] ?? null ) ? (int) $dw_options['rows'] : 0;
if ( ! preg_match( '/^[a-z0-9_]+$/', $dw_site ) ) {
	fwrite( STDERR, "Usage: php bin/benchmark/admin-site.php --site=<e2e|demo> [--rows=<N>]\n" );
	exit( 2 );
}
$dw_cli_site = $dw_site;
require dirname( __DIR__, 2 ) . '/tests/site/cli-bootstrap.php';
require_once ABSPATH . 'wp-admin/includes/admin.php';

global $wpdb;
\DonationWidget\Database\Installer::maybe_upgrade();
$dw_table  = \DonationWidget\Database\Schema::table( 'donations' );
$dw_count  = (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$dw_table}" ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the plugin's own table.
$dw_seeded = 0;
if ( $dw_rows > $dw_count ) {
	$dw_seeder = new \DonationWidget\Cli\DonationSeeder( new \DonationWidget\Donations\DonationTotals() );
	$dw_seeded = $dw_seeder->seed( $dw_rows - $dw_count )['donations'];
	$dw_count += $dw_seeded;
}

wp_set_current_user( 1 );
$dw_widget  = \DonationWidget\Plugin::instance()->container()->get( \DonationWidget\Admin\Dashboard\DonationsSummaryWidget::class );
$dw_samples = array();
for ( $dw_run = 0; $dw_run < 11; $dw_run++ ) {
	$dw_started = hrtime( true );
	ob_start();
	$dw_widget->render();
	ob_end_clean();
	$dw_samples[] = ( hrtime( true ) - $dw_started ) / 1e6;
}
array_shift( $dw_samples );
sort( $dw_samples );
echo wp_json_encode(
	array(
		'rows'      => $dw_count,
		'seeded'    => $dw_seeded,
		'widget_ms' => round( $dw_samples[ intdiv( count( $dw_samples ), 2 ) ], 1 ),
	)
) . "\n";
