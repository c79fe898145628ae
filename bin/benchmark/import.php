<?php
/**
 * Times the history import on a local site (never used in production): writes a GiveWP donations
 * export of ROWS gifts by about ROWS/3 donors (dates in the 2004–05 financial year), uploads it
 * (staging), runs the dry run and the import batch by batch as the background worker does, and
 * prints, for each import batch, its rows per second and the peak PHP memory it used (the peak is
 * reset before each batch, so a flat line means the import holds nothing from batch to batch).
 * Then deletes what it made and re-derives the totals of those days. One JSON object a line.
 *
 * Usage: php bin/benchmark/import.php ROWS   (DONATION_WIDGET_SITE names the site, e2e by default)
 *
 * @package DonationWidget
 */

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL, WordPress.PHP.DiscouragedPHPFunctions, WordPress.WP.AlternativeFunctions, WordPress.NamingConventions.PrefixAllGlobals, WordPress.Security.EscapeOutput -- a benchmark helper on the local site's own tables; every value is a placeholder; it prints JSON to a terminal.

use DonationWidget\Donations\DonationTotals;
use DonationWidget\HistoryImport\CsvUpload;
use DonationWidget\HistoryImport\ImportJobs;
use DonationWidget\HistoryImport\ImportWorker;
use DonationWidget\Plugin;

require dirname( __DIR__, 2 ) . '/tests/site/cli-bootstrap.php';

global $wpdb;
$dw_rows      = max( 10, (int) ( $argv[1] ?? 100000 ) );
$dw_container = Plugin::instance()->container();
$dw_site      = 'bench-import-' . bin2hex( random_bytes( 4 ) ) . '.example.org.au';
$dw_domain    = 'bench-import.example.org.au';
$dw_print     = static function ( array $line ): void {
	echo wp_json_encode( $line ), "\n";
};

// A GiveWP export, written as GiveWP writes it (its column labels; dates in d/m/Y).
$dw_file   = (string) tempnam( sys_get_temp_dir(), 'bench-import' );
$dw_handle = fopen( $dw_file, 'wb' );
fputcsv( $dw_handle, array( 'Donation ID', 'Donation Number', 'First Name', 'Last Name', 'Email Address', 'Company Name', 'Address 1', 'City', 'State', 'Zip', 'Country', 'Donation Total', 'Currency Code', 'Donation Status', 'Payment Gateway', 'Form ID', 'Form Title', 'Donation Date', 'Donation Time' ), ',', '"', '' );
$dw_start = strtotime( '2004-07-01 00:00:00 UTC' );
for ( $dw_i = 1; $dw_i <= $dw_rows; $dw_i++ ) {
	$dw_donor = $dw_i % (int) ceil( $dw_rows / 3 );
	fputcsv(
		$dw_handle,
		array( $dw_i, $dw_i, 'Donor', 'Number ' . $dw_donor, "donor{$dw_donor}@{$dw_domain}", 0 === $dw_i % 10 ? 'Bench Pty Ltd' : '', $dw_i . ' Long Street', 'Sydney', 'NSW', '2000', 'Australia', number_format( 5 + ( $dw_i % 500 ), 2 ), 'AUD', 'Complete', 'stripe', 12, 'General Donations', gmdate( 'd/m/Y', $dw_start + ( $dw_i * 7919 ) % ( 360 * DAY_IN_SECONDS ) ), sprintf( '%02d:%02d', $dw_i % 24, $dw_i % 60 ) ),
		',',
		'"',
		''
	);
}
fclose( $dw_handle );

$dw_jobs   = $dw_container->get( ImportJobs::class );
$dw_worker = $dw_container->get( ImportWorker::class );
$dw_upload = $dw_container->get( CsvUpload::class );

$dw_started = microtime( true );
memory_reset_peak_usage();
$dw_id = $dw_upload->stage( $dw_file, 'bench.csv', 0, $dw_site );
$dw_print(
	array(
		'phase'      => 'upload',
		'rows'       => $dw_rows,
		'bytes'      => filesize( $dw_file ),
		'seconds'    => microtime( true ) - $dw_started,
		'peak_bytes' => memory_get_peak_usage(),
	)
);
unlink( $dw_file );

$dw_started = microtime( true );
$dw_batches = 0;
while ( 'checking' === $dw_jobs->find( $dw_id )?->stage ) {
	$dw_worker->run_batch( $dw_id );
	++$dw_batches;
}
$dw_job = $dw_jobs->find( $dw_id );
$dw_print(
	array(
		'phase'   => 'dry_run',
		'seconds' => microtime( true ) - $dw_started,
		'batches' => $dw_batches,
		'ok'      => $dw_job?->rows_ok,
		'refused' => $dw_job?->rows_refused,
	)
);

$dw_jobs->start_import( $dw_id );
$dw_batch = 0;
$dw_all   = microtime( true );
while ( 'importing' === $dw_jobs->find( $dw_id )?->stage ) {
	$dw_before = $dw_jobs->find( $dw_id );
	memory_reset_peak_usage();
	$dw_started = microtime( true );
	$dw_worker->run_batch( $dw_id );
	$dw_seconds = microtime( true ) - $dw_started;
	$dw_after   = $dw_jobs->find( $dw_id );
	$dw_done    = ( $dw_after->rows_created + $dw_after->rows_present ) - ( $dw_before->rows_created + $dw_before->rows_present );
	++$dw_batch;
	$dw_print(
		array(
			'phase'       => 'import',
			'batch'       => $dw_batch,
			'rows'        => $dw_done,
			'rows_per_s'  => $dw_seconds > 0 ? $dw_done / $dw_seconds : 0,
			'peak_bytes'  => memory_get_peak_usage(),
			'usage_bytes' => memory_get_usage(),
		)
	);
	// A long-running CLI loop: WordPress's query log and object cache would grow; a web
	// request's batch starts with neither.
	$wpdb->queries = array();
	wp_cache_flush();
}//end while
$dw_job = $dw_jobs->find( $dw_id );
$dw_print(
	array(
		'phase'   => 'total',
		'seconds' => microtime( true ) - $dw_all,
		'created' => $dw_job?->rows_created,
		'stage'   => $dw_job?->stage,
	)
);

// Leave the site as it was.
$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->prefix}donation_widget_donations WHERE provider = %s AND email LIKE %s", 'import', '%@' . $wpdb->esc_like( $dw_domain ) ) );
$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->prefix}donation_widget_donor_last_gifts WHERE email_key LIKE %s", '%@' . $wpdb->esc_like( $dw_domain ) ) );
$dw_jobs->delete( $dw_id );
$dw_container->get( DonationTotals::class )->rederive( '2004-06-30', '2005-07-01' );
