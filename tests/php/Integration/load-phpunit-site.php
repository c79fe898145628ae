<?php
/**
 * Loads the phpunit site in a command-line process of its own, as one web server would have
 * it: what each concurrent-*.php "server" of a RacingServers test requires first (so each race
 * runs on its own database connection).
 *
 * @package DonationWidget
 */

// phpcs:disable WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedVariableFound -- a command-line test helper.

$state = dirname( __DIR__, 3 ) . '/.wp-local';
putenv( 'DONATION_WIDGET_SITE=phpunit' );
putenv( 'DONATION_WIDGET_STATE_DIR=' . $state );
$_SERVER['HTTP_HOST']   = '127.0.0.1:8891';
$_SERVER['SERVER_NAME'] = '127.0.0.1';
$_SERVER['REQUEST_URI'] = '/';

require_once dirname( __DIR__, 3 ) . '/vendor/autoload.php';
require_once $state . '/core/wp-load.php';
