<?php
/**
 * The wp-config.php of the local sites (copied into .wp-local/core by bin/lib/env.sh).
 *
 * One WordPress core serves four sites, chosen by the DONATION_WIDGET_SITE environment variable:
 * "demo" (bin/start.sh, demo mode), "e2e" (Playwright), "phpunit" (integration tests) and "zip"
 * (a fresh site with its own wp-content, where a test installs the release zip), plus
 * "concurrency" (tests/concurrency/run.sh: two servers, its own wp-content) and "matrix" (the fault
 * matrix, tests/faults/run.sh: two servers, its own wp-content). Each has its own
 * database in the private MariaDB, and all reach the providers through the local stand-ins in
 * tests/stand-ins. Never used in production.
 *
 * @package DonationWidget
 */

// phpcs:disable WordPress.WP.GlobalVariablesOverride.Prohibited -- this file is WordPress's own config.

$dw_site  = getenv( 'DONATION_WIDGET_SITE' ) ? getenv( 'DONATION_WIDGET_SITE' ) : 'demo';
$dw_state = getenv( 'DONATION_WIDGET_STATE_DIR' ) ? getenv( 'DONATION_WIDGET_STATE_DIR' ) : dirname( __DIR__ );
$dw_ports = array(
	'demo'        => array( 8888, 8899 ),
	'e2e'         => array( 8890, 8898 ),
	'phpunit'     => array( 8891, 8897 ),
	'zip'         => array( 8892, 8898 ),
	// tests/concurrency/run.sh: two servers (8893, 8894) on one database, its own stand-ins.
	'concurrency' => array( 8893, 8895 ),
	// tests/faults/run.sh: the fault matrix, two servers on one database, its own stand-ins; the
	// concurrency check's ports, as bin/test.sh runs them one after the other.
	'matrix'      => array( 8893, 8895 ),
);
if ( ! isset( $dw_ports[ $dw_site ] ) ) {
	$dw_site = 'demo';
}
$dw_port      = getenv( 'DONATION_WIDGET_SITE_PORT' ) ? (int) getenv( 'DONATION_WIDGET_SITE_PORT' ) : $dw_ports[ $dw_site ][0];
$dw_stand_ins = getenv( 'DONATION_WIDGET_STAND_IN_URL' ) ? getenv( 'DONATION_WIDGET_STAND_IN_URL' ) : 'http://127.0.0.1:' . $dw_ports[ $dw_site ][1];

define( 'DB_NAME', 'donation_widget_' . $dw_site );
define( 'DB_USER', 'root' );
define( 'DB_PASSWORD', '' );
define( 'DB_HOST', 'localhost:' . $dw_state . '/run/mysqld.sock' );
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );
$table_prefix = 'wp_';

// Fixed salts: these sites hold no real accounts.
foreach ( array( 'AUTH_KEY', 'SECURE_AUTH_KEY', 'LOGGED_IN_KEY', 'NONCE_KEY', 'AUTH_SALT', 'SECURE_AUTH_SALT', 'LOGGED_IN_SALT', 'NONCE_SALT' ) as $dw_key ) {
	define( $dw_key, 'donation-widget-local-' . $dw_key );
}

define( 'WP_HOME', 'http://127.0.0.1:' . $dw_port );
define( 'WP_SITEURL', 'http://127.0.0.1:' . $dw_port );

if ( 'zip' === $dw_site ) {
	// Its own plugins folder, so the plugin is installed from the zip, not linked from the checkout.
	// Inside the core folder, so PHP's built-in server serves its files at /zip-content/.
	define( 'WP_CONTENT_DIR', $dw_state . '/core/zip-content' );
	define( 'WP_CONTENT_URL', WP_HOME . '/zip-content' );
}

if ( 'concurrency' === $dw_site ) {
	// Its own wp-content, so tests/concurrency/run.sh can add the Redis object-cache drop-in
	// there without touching the other sites.
	define( 'WP_CONTENT_DIR', $dw_state . '/core/concurrency-content' );
	define( 'WP_CONTENT_URL', WP_HOME . '/concurrency-content' );
}

if ( 'matrix' === $dw_site ) {
	// Its own wp-content too: the Redis drop-in and the matrix's write-failure plugin stay there.
	define( 'WP_CONTENT_DIR', $dw_state . '/core/matrix-content' );
	define( 'WP_CONTENT_URL', WP_HOME . '/matrix-content' );
}

define( 'WP_DEBUG', true );
define( 'WP_DEBUG_DISPLAY', false );
define( 'WP_DEBUG_LOG', $dw_state . '/logs/' . $dw_site . '-debug.log' );
define( 'SCRIPT_DEBUG', false );
define( 'WP_ENVIRONMENT_TYPE', 'local' );

// Offline: no update checks, no calls to wordpress.org; only loopback is reachable.
define( 'WP_HTTP_BLOCK_EXTERNAL', true );
define( 'WP_ACCESSIBLE_HOSTS', '127.0.0.1,localhost' );
define( 'AUTOMATIC_UPDATER_DISABLED', true );
define( 'WP_AUTO_UPDATE_CORE', false );
define( 'DISABLE_WP_CRON', true );
define( 'FS_METHOD', 'direct' );

// Providers: every server call goes to the local stand-ins.
define( 'DONATION_WIDGET_STRIPE_API_URL', $dw_stand_ins . '/stripe' );
define( 'DONATION_WIDGET_PAYPAL_API_URL', $dw_stand_ins . '/paypal' );
define( 'DONATION_WIDGET_EXPERIAN_API_URL', $dw_stand_ins . '/experian' );
define( 'DONATION_WIDGET_RECAPTCHA_API_URL', $dw_stand_ins . '/recaptcha' );
// The stand-ins themselves, for their control API: only the demo's "Simulate a payout" button
// (Admin\Payouts\DemoPayout, in demo mode, through Gateways\Stripe\Books\StripeDemoPayout) calls it.
define( 'DONATION_WIDGET_STAND_IN_URL', $dw_stand_ins );
// The providers' time budget (Http\ProviderTimeBudget), shortened by tests that make a provider
// slower than the timeout (the fault matrix) so a case takes seconds, not a minute.
foreach ( array( 'DONATION_WIDGET_PROVIDER_TIMEOUT', 'DONATION_WIDGET_PAYMENT_DEADLINE' ) as $dw_key ) {
	if ( is_numeric( getenv( $dw_key ) ) ) {
		define( $dw_key, (float) getenv( $dw_key ) );
	}
}

if ( 'demo' === $dw_site ) {
	// Demo mode: the local site serves the browser stand-ins too (Playwright routes do it in tests).
	define( 'DONATION_WIDGET_DEMO_MODE', true );
	$dw_browser = WP_HOME . '/wp-content/plugins/donation-widget/tests/stand-ins/browser';
	define( 'DONATION_WIDGET_STRIPE_SCRIPT_URL', $dw_browser . '/stripe.js?api=' . rawurlencode( $dw_stand_ins . '/stripe' ) );
	define( 'DONATION_WIDGET_PAYPAL_SCRIPT_URL', $dw_browser . '/paypal-sdk.js?api=' . rawurlencode( $dw_stand_ins . '/paypal' ) );
	define( 'DONATION_WIDGET_RECAPTCHA_SCRIPT_URL', $dw_browser . '/recaptcha.js' );
}

// The e2e site answers as the demo for a request that asks to (Playwright's demo-page test sets
// this header), so the demo's own pages are tested without serving a second site.
if ( 'e2e' === $dw_site && isset( $_SERVER['HTTP_X_DONATION_WIDGET_DEMO'] ) && 'on' === $_SERVER['HTTP_X_DONATION_WIDGET_DEMO'] && ! defined( 'DONATION_WIDGET_DEMO_MODE' ) ) {
	define( 'DONATION_WIDGET_DEMO_MODE', true );
}

if ( ! defined( 'ABSPATH' ) ) {
	define( 'ABSPATH', __DIR__ . '/' );
}
require_once ABSPATH . 'wp-settings.php';
