<?php
/**
 * One "web server" of ReportRaceTest: boots the phpunit site in its own PHP process (its own
 * database connection), says "ready", waits for "go" (sent to all servers at once), then either
 * records the same refund and fee on one donation, as a webhook and the admin's refund each
 * would, or makes donations tagged with a UTM source; prints what it did.
 * Usage: php concurrent-report-writes.php refund ID | donate COUNT UTM_SOURCE
 *
 * @package DonationWidget
 */

// phpcs:disable WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedVariableFound, WordPress.WP.AlternativeFunctions -- a command-line test helper.

use DonationWidget\Donations\DonationForm;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Plugin;

require dirname( __DIR__ ) . '/load-phpunit-site.php';

$repository = Plugin::instance()->container()->get( DonationRepository::class );
$write      = (string) ( $argv[1] ?? '' );
$repository->find( 1 ); // Connect now, not at the start line.
fwrite( STDOUT, "ready\n" );
fflush( STDOUT );
fgets( STDIN );

if ( 'refund' === $write ) {
	$donation_id = (int) ( $argv[2] ?? 0 );
	$changed     = 0;
	$changed    += null !== $repository->record_amounts( $donation_id, array( 'refunded_cents' => 1000 ) ) ? 1 : 0;
	$repository->move( $donation_id, DonationStatus::PARTIALLY_REFUNDED );
	$changed += null !== $repository->record_amounts(
		$donation_id,
		array(
			'fee_cents' => 150,
			'net_cents' => 5100,
		)
	) ? 1 : 0;
	echo wp_json_encode( array( 'changed' => $changed ) ), "\n";
	exit;
}

$count = (int) ( $argv[2] ?? 0 );
$form  = DonationForm::from_json(
	(string) wp_json_encode(
		array(
			'email'        => 'racer@example.org.au',
			'firstName'    => 'Race',
			'lastName'     => 'Runner',
			'mobile'       => '0412345678',
			'address'      => array(
				'addressLine1' => '1 George St',
				'addressLine2' => '',
				'city'         => 'Sydney',
				'state'        => 'NSW',
				'postalCode'   => '2000',
				'country'      => 'Australia',
			),
			'totalAmount'  => '52.50',
			'currency'     => 'AUD',
			'frequency'    => 'Oneoff',
			'utm_source'   => (string) ( $argv[3] ?? '' ),
			'iteration_id' => 'RACE',
		)
	)
);
$paid  = 0;
for ( $i = 0; $i < $count; $i++ ) {
	$donation = $repository->create( wp_generate_uuid4(), $form, 'stripe', 'card', 'http://127.0.0.1:8891/donate/' );
	if ( null !== $donation && $repository->move( $donation->id(), DonationStatus::SUCCEEDED ) ) {
		++$paid;
	}
}
echo wp_json_encode( array( 'paid' => $paid ) ), "\n";
