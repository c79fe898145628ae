<?php
/**
 * One "web server" of CancellationRaceTest: boots the phpunit site in its own PHP process (its
 * own database connection), says "ready", waits for "go" on its standard input (sent to all
 * servers at once), then cancels a 4-weekly donation as staff (what the admin screen's "Yes,
 * cancel it" runs) or as its donor (the manage page's cancel), and prints the outcome.
 * Usage: php concurrent-cancel.php admin|donor SUBSCRIPTION_ID DONOR_EMAIL
 *
 * @package DonationWidget
 */

// phpcs:disable WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedVariableFound, WordPress.WP.AlternativeFunctions -- a command-line test helper.

use DonationWidget\Donations\SubscriptionRepository;
use DonationWidget\Plugin;
use DonationWidget\SelfService\ManageSession;
use DonationWidget\SelfService\SubscriptionChanges;
use DonationWidget\Subscriptions\Cancellation;

require dirname( __DIR__ ) . '/load-phpunit-site.php';

$container = Plugin::instance()->container();
$container->get( SubscriptionRepository::class )->find( $argv[2] ); // Connect now, not at the start line.
fwrite( STDOUT, "ready\n" );
fflush( STDOUT );
fgets( STDIN );
if ( 'admin' === $argv[1] ) {
	$outcome = $container->get( Cancellation::class )->cancel( $argv[2] );
} else {
	$session = new ManageSession( 0, '', $argv[3], gmdate( 'Y-m-d H:i:s', time() + HOUR_IN_SECONDS ) );
	$outcome = $container->get( SubscriptionChanges::class )->cancel( $session, $argv[2], 'Race', '192.0.2.1' );
}
echo wp_json_encode(
	array(
		'who'     => $argv[1],
		'outcome' => $outcome,
	)
), "\n";
