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

require dirname( __DIR__ ) . '/load-phpunit-site.php';

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
