<?php
/**
 * One "web server" of a payment race (RacingServers): boots the phpunit site in its own PHP
 * process (its own database connection), says "ready", waits for "go" on its standard input (sent
 * to all servers at once), makes the payment call given (its admin-ajax action and its fields as
 * JSON) through the checkout, and prints its answer.
 * Usage: php concurrent-payment-call.php ACTION REQUEST_JSON
 *
 * @package DonationWidget
 */

// phpcs:disable WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedVariableFound, WordPress.WP.AlternativeFunctions -- a command-line test helper.

use DonationWidget\Checkout\Checkout;
use DonationWidget\Checkout\GatewayRegistry;
use DonationWidget\Plugin;

$_SERVER['REMOTE_ADDR'] = '127.0.0.1';
require dirname( __DIR__ ) . '/load-phpunit-site.php';

$ajax_action = (string) ( $argv[1] ?? '' );
$request     = json_decode( (string) ( $argv[2] ?? '' ), true );
$container   = Plugin::instance()->container();
$checkout    = $container->get( Checkout::class );
$called      = null;
foreach ( $container->get( GatewayRegistry::class )->payment_methods() as $method ) {
	if ( $ajax_action === $method->action() ) {
		$called = $method;
	}
}
if ( null === $called ) {
	fwrite( STDERR, "No payment method answers {$ajax_action}.\n" );
	exit( 1 );
}
fwrite( STDOUT, "ready\n" ); // Past any output buffer WordPress opened.
fflush( STDOUT );
fgets( STDIN );
$began  = microtime( true );
$answer = $checkout->pay( $called, is_array( $request ) ? $request : array() );
echo wp_json_encode(
	array(
		'status' => $answer->status,
		'type'   => $answer->type(),
		'body'   => $answer->body,
		'began'  => $began,
		'ended'  => microtime( true ),
	)
), "\n";
