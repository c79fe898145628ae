<?php
/**
 * One "web server" of PayPalPaymentTest's race: boots the phpunit site in its own PHP process
 * (its own database connection), says "ready", waits for "go" on its standard input (sent to all
 * servers at once), makes the process_paypal_payment call given as JSON and prints its answer.
 * Usage: php concurrent-paypal-payment.php REQUEST_JSON
 *
 * @package DonationWidget
 */

// phpcs:disable WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedVariableFound, WordPress.WP.AlternativeFunctions -- a command-line test helper.

use DonationWidget\Checkout\Checkout;
use DonationWidget\Checkout\GatewayRegistry;
use DonationWidget\Plugin;

$_SERVER['REMOTE_ADDR'] = '127.0.0.1';
require dirname( __DIR__, 2 ) . '/load-phpunit-site.php';

$request   = json_decode( (string) ( $argv[1] ?? '' ), true );
$container = Plugin::instance()->container();
$checkout  = $container->get( Checkout::class );
$paypal    = null;
foreach ( $container->get( GatewayRegistry::class )->payment_methods() as $method ) {
	if ( 'process_paypal_payment' === $method->action() ) {
		$paypal = $method;
	}
}
fwrite( STDOUT, "ready\n" ); // Past any output buffer WordPress opened.
fflush( STDOUT );
fgets( STDIN );
$began  = microtime( true );
$answer = $checkout->pay( $paypal, is_array( $request ) ? $request : array() );
echo wp_json_encode(
	array(
		'status' => $answer->status,
		'type'   => $answer->type(),
		'began'  => $began,
		'ended'  => microtime( true ),
	)
), "\n";
