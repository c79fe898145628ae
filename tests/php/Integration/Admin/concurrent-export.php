<?php
/**
 * One "web server" of ExportJobTest's race: boots the phpunit site in its own PHP process (its
 * own database connection), says "ready", waits for "go" on its standard input (sent to all
 * servers at once), then asks for the export's next batch until it is finished, as the admin's
 * progress requests and WP-Cron do, and prints how many batches it recorded.
 * Usage: php concurrent-export.php EXPORT_ID ROWS_PER_BATCH
 *
 * @package DonationWidget
 */

// phpcs:disable WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedVariableFound, WordPress.WP.AlternativeFunctions -- a command-line test helper.

use DonationWidget\Admin\Donations\Export\ExportWorker;
use DonationWidget\Exports\ExportJobs;
use DonationWidget\Plugin;

require dirname( __DIR__ ) . '/load-phpunit-site.php';

$export_id = (int) ( $argv[1] ?? 0 );
$rows      = (int) ( $argv[2] ?? 100 );
$worker    = Plugin::instance()->container()->get( ExportWorker::class );
$jobs      = Plugin::instance()->container()->get( ExportJobs::class );
$jobs->find( $export_id ); // Connect now, not at the start line.
fwrite( STDOUT, "ready\n" ); // Past any output buffer WordPress opened.
fflush( STDOUT );
fgets( STDIN );
$recorded = 0;
$refused  = 0;
$deadline = microtime( true ) + 300; // A bound for a stuck run, generous for a busy machine.
while ( microtime( true ) < $deadline ) {
	if ( $worker->step( $export_id, 60.0, $rows ) ) {
		++$recorded;
		continue;
	}
	$job = $jobs->find( $export_id );
	if ( null === $job || ! $job->is_unfinished() ) {
		break;
	}
	// Another server holds the batch.
	++$refused;
	usleep( 2000 );
}
echo wp_json_encode(
	array(
		'recorded' => $recorded,
		'refused'  => $refused,
	)
), "\n";
