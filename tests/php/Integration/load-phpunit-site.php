<?php
/**
 * Loads the phpunit site in a command-line process of its own, as one web server would have
 * it: what each concurrent-*.php "server" of a RacingServers test requires first (so each race
 * runs on its own database connection).
 *
 * @package DonationWidget
 */

// phpcs:disable WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedVariableFound -- a command-line test helper.

require_once dirname( __DIR__, 3 ) . '/vendor/autoload.php';

$dw_cli_site = 'phpunit';
$dw_cli_port = '8891';
require_once dirname( __DIR__, 2 ) . '/site/cli-bootstrap.php';
