<?php
/**
 * One "web server" of DonorRaceTest: boots the phpunit site in its own PHP process (its own
 * database connection), says "ready", waits for "go" on its standard input (sent to all servers
 * at once), then records one gift for each of the same new supporters as the other server, in
 * the same order, and prints how many it recorded.
 * Usage: php concurrent-donors.php DOMAIN SERVER COUNT
 *
 * @package DonationWidget
 */

// phpcs:disable WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedVariableFound, WordPress.WP.AlternativeFunctions -- a command-line test helper.

use DonationWidget\Donations\DonationRepository;
use DonationWidget\Donations\GiftOrigin;
use DonationWidget\Plugin;

require dirname( __DIR__ ) . '/load-phpunit-site.php';

$email_domain = (string) ( $argv[1] ?? '' );
$server       = (string) ( $argv[2] ?? '' );
$count        = (int) ( $argv[3] ?? 0 );
$repository   = Plugin::instance()->container()->get( DonationRepository::class );
$repository->find( 1 ); // Connect now, not at the start line.
fwrite( STDOUT, "ready\n" );
fflush( STDOUT );
fgets( STDIN );
$recorded = 0;
for ( $i = 0; $i < $count; $i++ ) {
	$organisation = 0 === $i % 3;
	$gift         = $repository->create_recorded(
		'race:' . $email_domain . ':' . $server . ':' . $i,
		array(
			'status'            => 'succeeded',
			'frequency'         => 'Oneoff',
			'method'            => 'cheque',
			'provider'          => GiftOrigin::OFFLINE,
			'amount_cents'      => 1000,
			'total_cents'       => 1000,
			'donate_as'         => $organisation ? 'organisation' : 'individual',
			'organisation_name' => $organisation ? 'Racing Club ' . $i : '',
			'first_name'        => 'Racer',
			'last_name'         => (string) $i,
			// One server writes the address in capitals: the same supporter.
			'email'             => ( 'a' === $server ? 'racer' : 'RACER' ) . $i . '@' . $email_domain,
		),
		// A day no other test writes to: DonorRaceTest re-derives its totals after deleting these.
		'2003-03-03 03:00:00'
	);
	$recorded += null !== $gift ? 1 : 0;
}
echo wp_json_encode( array( 'recorded' => $recorded ) ), "\n";
