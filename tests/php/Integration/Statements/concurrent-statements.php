<?php
/**
 * One "web server" of StatementRaceTest: boots the phpunit site in its own PHP process (its own
 * database connection), says "ready", waits for "go" on its standard input (sent to all servers
 * at once), then steps a year's "Send all" until nothing is left, as WP-Cron and the admin's
 * progress requests do, and prints how many steps it took.
 * Usage: php concurrent-statements.php YEAR
 *
 * @package DonationWidget
 */

// phpcs:disable WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedVariableFound, WordPress.WP.AlternativeFunctions -- a command-line test helper.

use DonationWidget\Plugin;
use DonationWidget\Statements\FinancialYear;
use DonationWidget\Statements\StatementRuns;
use DonationWidget\Statements\StatementSender;

require dirname( __DIR__ ) . '/load-phpunit-site.php';

$fy     = new FinancialYear( (int) ( $argv[1] ?? 0 ) );
$sender = Plugin::instance()->container()->get( StatementSender::class );
Plugin::instance()->container()->get( StatementRuns::class )->find( $fy ); // Connect now, not at the start line.
fwrite( STDOUT, "ready\n" );
fflush( STDOUT );
fgets( STDIN );
$steps    = 0;
$deadline = microtime( true ) + 300; // A bound for a stuck run, generous for a busy machine.
while ( microtime( true ) < $deadline && $sender->step( $fy ) ) {
	++$steps;
}
echo wp_json_encode( array( 'steps' => $steps ) ), "\n";
