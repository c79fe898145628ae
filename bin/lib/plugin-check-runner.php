<?php
/**
 * Runs WordPress's Plugin Check static checks (its own classes) on an unpacked plugin, without
 * WP-CLI (not installable here) and without the admin screen: bin/plugin-check.sh calls it.
 *
 * Usage: php bin/lib/plugin-check-runner.php TOOLS_DIR PLUGIN_MAIN_FILE WP_CORE_DIR
 * TOOLS_DIR holds plugin-check/, phpcs/ (with its installed_paths set), readme-parser/.
 * WordPress is loaded from WP_CORE_DIR (the local phpunit site: its database must be running),
 * because the header and readme checks call WordPress functions.
 * Prints every message as "ERROR|WARNING<TAB>check<TAB>code<TAB>file:line<TAB>message" and a
 * count; exits 1 when there is an error.
 *
 * @package DonationWidget
 */

// phpcs:disable -- a developer tool, never shipped: prints to the terminal.

[ , $tools, $main_file, $core ] = $argv + array( '', '', '', '' );
if ( ! is_dir( "$tools/plugin-check" ) || ! is_file( $main_file ) || ! is_file( "$core/wp-load.php" ) ) {
	fwrite( STDERR, "usage: php plugin-check-runner.php TOOLS_DIR PLUGIN_MAIN_FILE WP_CORE_DIR\n" );
	exit( 2 );
}

// The site's wp-config reads $_SERVER like a web request would.
$_SERVER['HTTP_HOST']   = '127.0.0.1';
$_SERVER['REQUEST_URI'] = '/';
define( 'WP_ADMIN', false );
require "$core/wp-load.php";
require_once ABSPATH . 'wp-admin/includes/plugin.php';

define( 'WP_PLUGIN_CHECK_VERSION', 'offline' );
define( 'WP_PLUGIN_CHECK_MINIMUM_PHP', '7.2.24' );
define( 'WP_PLUGIN_CHECK_MAIN_FILE', "$tools/plugin-check/plugin.php" );
define( 'WP_PLUGIN_CHECK_PLUGIN_DIR_PATH', "$tools/plugin-check/" );
define( 'WP_PLUGIN_CHECK_PLUGIN_DIR_URL', 'http://127.0.0.1/plugin-check/' );

require_once "$tools/phpcs/autoload.php";
require_once "$tools/readme-parser/class-parser.php";
spl_autoload_register(
	static function ( $class_name ) use ( $tools ) {
		$prefix = 'WordPress\\Plugin_Check\\';
		if ( 0 === strpos( $class_name, $prefix ) ) {
			$file = "$tools/plugin-check/includes/" . str_replace( '\\', '/', substr( $class_name, strlen( $prefix ) ) ) . '.php';
			if ( is_file( $file ) ) {
				require $file;
			}
		}
	}
);

use WordPress\Plugin_Check\Checker\Check_Context;
use WordPress\Plugin_Check\Checker\Check_Result;
use WordPress\Plugin_Check\Checker\Default_Check_Repository;
use WordPress\Plugin_Check\Checker\Check_Repository;
use WordPress\Plugin_Check\Checker\Static_Check;

// Offline, Plugin Check's readme check cannot ask api.wordpress.org for the current WordPress and
// falls back to the local core's version; bin/plugin-check.sh passes the current one instead.
$latest_wp = getenv( 'PLUGIN_CHECK_LATEST_WP' );
if ( is_string( $latest_wp ) && '' !== $latest_wp ) {
	add_filter( 'pre_transient_wp_plugin_check_latest_wp_version', static fn () => $latest_wp );
}

$context    = new Check_Context( $main_file, 'donation-widget' );
$repository = new Default_Check_Repository();
// Every static check the directory runs (runtime checks need the plugin active in a browser).
$checks = $repository->get_checks( Check_Repository::TYPE_STATIC | Check_Repository::INCLUDE_EXPERIMENTAL );

$errors   = 0;
$warnings = 0;
foreach ( $checks as $slug => $check ) {
	$result = new Check_Result( $context );
	try {
		$check->run( $result );
	} catch ( Throwable $e ) {
		echo "ERROR\t$slug\tcheck_failed\t-\t" . $e->getMessage() . "\n";
		++$errors;
		continue;
	}
	foreach ( array( 'ERROR' => $result->get_errors(), 'WARNING' => $result->get_warnings() ) as $type => $by_file ) {
		foreach ( $by_file as $file => $by_line ) {
			foreach ( $by_line as $line => $by_column ) {
				foreach ( $by_column as $messages ) {
					foreach ( $messages as $message ) {
						echo "$type\t$slug\t{$message['code']}\t$file:$line\t" . preg_replace( '/\s+/', ' ', wp_strip_all_tags( $message['message'] ) ) . "\n";
					}
				}
			}
		}
	}
	$errors   += $result->get_error_count();
	$warnings += $result->get_warning_count();
}
echo "plugin-check: $errors errors, $warnings warnings (" . count( $checks ) . " static checks of Plugin Check)\n";
exit( $errors > 0 ? 1 : 0 );
