<?php
/**
 * One "web server" of RefundRaceTest: boots the phpunit site in its own PHP process (its own
 * database connection), says "ready", waits for "go" on its standard input (sent to all servers
 * at once), then asks for the refund an admin confirmed on the donation's screen, and prints
 * what became of it.
 * Usage: php concurrent-refund.php DONATION_ID AMOUNT_CENTS SEEN_REFUNDED_CENTS USER_ID
 *
 * @package DonationWidget
 */

// phpcs:disable WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedVariableFound, WordPress.WP.AlternativeFunctions -- a command-line test helper.

use DonationWidget\Books\Refunds\Refunds;
use DonationWidget\Plugin;

$state = dirname( __DIR__, 4 ) . '/.wp-local';
putenv( 'DONATION_WIDGET_SITE=phpunit' );
putenv( 'DONATION_WIDGET_STATE_DIR=' . $state );
$_SERVER['HTTP_HOST']   = '127.0.0.1:8891';
$_SERVER['SERVER_NAME'] = '127.0.0.1';
$_SERVER['REQUEST_URI'] = '/';

require_once dirname( __DIR__, 4 ) . '/vendor/autoload.php';
require_once $state . '/core/wp-load.php';

$refunds = Plugin::instance()->container()->get( Refunds::class );
$refunds->history( (int) $argv[1] ); // Connect now, not at the start line.
fwrite( STDOUT, "ready\n" );
fflush( STDOUT );
fgets( STDIN );
$outcome = $refunds->request( (int) $argv[1], (int) $argv[2], 'Race', (int) $argv[3], (int) $argv[4] );
echo wp_json_encode(
	array(
		'kind'   => $outcome->kind,
		'refund' => null !== $outcome->refund ? $outcome->refund->id() : 0,
	)
), "\n";
