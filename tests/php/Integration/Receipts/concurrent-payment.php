<?php
/**
 * One "web server" of ReceiptNumberTest's race: boots the phpunit site in its own PHP process
 * (its own database connection), says "ready", waits for "go" on its standard input (sent to all
 * servers at once), records a payment and prints the receipt number the donation got.
 * Usage: php concurrent-payment.php DONATION_ID
 *
 * @package DonationWidget
 */

// phpcs:disable WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedVariableFound, WordPress.WP.AlternativeFunctions -- a command-line test helper.

use DonationWidget\Donations\DonationRepository;
use DonationWidget\Plugin;

require dirname( __DIR__ ) . '/load-phpunit-site.php';

$donation_id = (int) ( $argv[1] ?? 0 );
$donations   = Plugin::instance()->container()->get( DonationRepository::class );
$donations->find( $donation_id ); // Connect now, not at the start line.
fwrite( STDOUT, "ready\n" ); // Past any output buffer WordPress opened.
fflush( STDOUT );
fgets( STDIN );
$began    = microtime( true );
$moved    = $donations->move( $donation_id, 'succeeded' );
$ended    = microtime( true );
$donation = $donations->find( $donation_id );
echo wp_json_encode(
	array(
		'id'    => $donation_id,
		'moved' => $moved,
		'seq'   => null !== $donation ? $donation->receipt_seq() : 0,
		'began' => $began,
		'ended' => $ended,
	)
), "\n";
