<?php
/**
 * The one start-up of the command-line scripts that work inside a local site
 * (tests/e2e/fixtures/*.php, tests/concurrency/site.php, the RacingServers scripts of
 * tests/php/Integration, bin/benchmark/*.php, bin/seed-donations.php): loads the site's WordPress
 * as one of its web servers would have it, and gives every script the same answer, fail and
 * rate-limit reset helpers, so none of them carries its own copy.
 *
 * Require it at global scope (WordPress's globals must land there). Before requiring, a script
 * may set:
 *   $dw_cli_site  The local site to load (bin/lib/env.sh: demo, e2e, phpunit, concurrency …);
 *                 default: DONATION_WIDGET_SITE, else e2e.
 *   $dw_cli_port  The port its web server answers on (for HTTP_HOST); default:
 *                 DONATION_WIDGET_SITE_PORT, else none.
 * DONATION_WIDGET_STATE_DIR names the local sites' folder (default .wp-local of this checkout);
 * tests/site/wp-config.php picks the database and stand-ins from these variables.
 *
 * Test-only: never shipped (the release zip leaves tests/ out).
 *
 * @package DonationWidget
 */

if ( 'cli' !== PHP_SAPI ) {
	exit( 1 );
}

/**
 * Prints the answer as one line of JSON and ends.
 *
 * @param mixed $data Answer.
 */
function dw_cli_answer( $data ): void {
	echo wp_json_encode( $data, JSON_UNESCAPED_SLASHES ), "\n";
	exit( 0 );
}

/**
 * Fails with a message on stderr (usable before WordPress is loaded).
 *
 * @param string $message What went wrong.
 * @param int    $code    Exit code: 2 for a wrong command line.
 */
function dw_cli_fail( string $message, int $code = 1 ): void {
	fwrite( STDERR, $message . "\n" );
	exit( $code ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- an exit status, not output.
}

/**
 * Forgets every visitor's rate-limit counts (table rows, cached counters and any left as
 * transients), so a script's own payments and repeated runs within the hour are not refused.
 */
function dw_cli_reset_limits(): void {
	global $wpdb;
	$wpdb->query(
		$wpdb->prepare(
			"DELETE FROM {$wpdb->options} WHERE option_name LIKE %s OR option_name LIKE %s",
			$wpdb->esc_like( '_transient_donation_widget_rate_' ) . '%',
			$wpdb->esc_like( '_transient_timeout_donation_widget_rate_' ) . '%'
		)
	);
	$wpdb->query( 'DELETE FROM ' . $wpdb->prefix . 'donation_widget_rate_counters' ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- the plugin's own table name.
	if ( wp_using_ext_object_cache() ) {
		wp_cache_flush_group( 'donation_widget_rate' );
	}
}

$dw_cli_state = getenv( 'DONATION_WIDGET_STATE_DIR' ) ? (string) getenv( 'DONATION_WIDGET_STATE_DIR' ) : dirname( __DIR__, 2 ) . '/.wp-local';
$dw_cli_site  = isset( $dw_cli_site ) && '' !== $dw_cli_site ? $dw_cli_site : ( getenv( 'DONATION_WIDGET_SITE' ) ? (string) getenv( 'DONATION_WIDGET_SITE' ) : 'e2e' );
$dw_cli_port  = isset( $dw_cli_port ) && '' !== $dw_cli_port ? $dw_cli_port : (string) getenv( 'DONATION_WIDGET_SITE_PORT' );
if ( ! is_file( $dw_cli_state . '/core/wp-load.php' ) ) {
	dw_cli_fail( "No local WordPress in {$dw_cli_state}/core: start a site first (bin/start.sh, or the e2e harness)." );
}
putenv( 'DONATION_WIDGET_SITE=' . $dw_cli_site );
putenv( 'DONATION_WIDGET_STATE_DIR=' . $dw_cli_state );
$_SERVER['HTTP_HOST']   = '127.0.0.1' . ( '' !== $dw_cli_port ? ':' . $dw_cli_port : '' );
$_SERVER['SERVER_NAME'] = '127.0.0.1';
$_SERVER['REQUEST_URI'] = '/';

require_once $dw_cli_state . '/core/wp-load.php';

if ( ! class_exists( \DonationWidget\Plugin::class ) ) {
	dw_cli_fail( "The Donation Widget plugin is not active on the {$dw_cli_site} site." );
}
