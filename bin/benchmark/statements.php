<?php
/**
 * Times the end-of-financial-year statements on a local site (never used in production): seeds
 * ROWS succeeded donations by ROWS/3 donors (a tenth of their gifts as an organisation) in the
 * 2004–05 financial year, then times finding the year's donors, sending every statement into
 * the mail queue, one donor's preview query and the CSV of totals; deletes all it made and
 * prints the figures as JSON. Run by bin/benchmark/statements.mjs.
 *
 * Usage: php bin/benchmark/statements.php ROWS   (DONATION_WIDGET_SITE names the site, e2e by default)
 *
 * @package DonationWidget
 */

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL, WordPress.DB.PreparedSQLPlaceholders, WordPress.PHP.DiscouragedPHPFunctions, WordPress.WP.AlternativeFunctions, WordPress.NamingConventions.PrefixAllGlobals -- a benchmark helper writing the local site's own tables; every value is a placeholder.

use DonationWidget\Admin\Statements\StatementTotalsCsv;
use DonationWidget\Plugin;
use DonationWidget\Statements\FinancialYear;
use DonationWidget\Statements\StatementLog;
use DonationWidget\Statements\StatementQuery;
use DonationWidget\Statements\StatementRuns;
use DonationWidget\Statements\StatementSender;

require dirname( __DIR__, 2 ) . '/tests/site/cli-bootstrap.php';

global $wpdb;
$dw_rows      = max( 3, (int) ( $argv[1] ?? 3000 ) );
$dw_year      = new FinancialYear( 2005 );
$dw_domain    = 'bench-statements.example.org.au';
$dw_container = Plugin::instance()->container();
$dw_table     = $wpdb->prefix . 'donation_widget_donations';
$dw_like      = '%@' . $wpdb->esc_like( $dw_domain );
$dw_cleanup   = static function () use ( $wpdb, $dw_table, $dw_like, $dw_year ): void {
	$wpdb->query( $wpdb->prepare( "DELETE FROM {$dw_table} WHERE email LIKE %s", $dw_like ) );
	$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->prefix}donation_widget_mail_queue WHERE recipient LIKE %s", $dw_like ) );
	$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->prefix}donation_widget_statements WHERE year = %d", $dw_year->ending ) );
	$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->prefix}donation_widget_statement_runs WHERE year = %d", $dw_year->ending ) );
};
$dw_cleanup();

$dw_stamp = bin2hex( random_bytes( 4 ) );
for ( $dw_done = 0; $dw_done < $dw_rows; ) {
	$dw_values = array();
	$dw_args   = array();
	for ( $dw_i = 0; $dw_i < 1000 && $dw_done < $dw_rows; $dw_i++, $dw_done++ ) {
		$dw_org      = 0 === $dw_done % 10;
		$dw_when     = gmdate( 'Y-m-d H:i:s', strtotime( '2004-08-01 00:00:00 UTC' ) + ( $dw_done * 7919 ) % ( 300 * DAY_IN_SECONDS ) );
		$dw_values[] = '(%s, %s, %s, %s, %d, %d, %s, %s, %s, %s, %s, %s, %s)';
		array_push( $dw_args, "bench-{$dw_stamp}-{$dw_done}", 'succeeded', 'Oneoff', 'card', 500 + $dw_done % 9000, 500 + $dw_done % 9000, $dw_org ? 'organisation' : 'individual', $dw_org ? 'Bench Pty Ltd' : '', 'Donor', (string) $dw_done, 'donor' . ( $dw_done % (int) ceil( $dw_rows / 3 ) ) . '@' . $dw_domain, $dw_when, $dw_when );
	}
	$wpdb->query( $wpdb->prepare( "INSERT INTO {$dw_table} (attempt_id, status, frequency, method, amount_cents, total_cents, donate_as, organisation_name, first_name, last_name, email, created_at, updated_at) VALUES " . implode( ', ', $dw_values ), $dw_args ) );
}

$dw_sender = $dw_container->get( StatementSender::class );
$dw_runs   = $dw_container->get( StatementRuns::class );
$dw_figure = array(
	'rows'        => $dw_rows,
	'all_rows'    => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$dw_table}" ),
	'find_steps'  => 0,
	'send_steps'  => 0,
	'find_ms'     => 0.0,
	'send_ms'     => 0.0,
	'statements'  => 0,
	'preview_ms'  => 0.0,
	'csv_ms'      => 0.0,
	'csv_lines'   => 0,
	'step_max_ms' => 0.0,
);
try {
	$dw_runs->start( $dw_year, 0 );
	do {
		$dw_phase = $dw_runs->find( $dw_year )['status'] ?? '';
		$dw_start = microtime( true );
		$dw_more  = $dw_sender->step( $dw_year );
		$dw_ms    = ( microtime( true ) - $dw_start ) * 1000;
		$dw_key   = StatementRuns::FINDING === $dw_phase ? 'find' : 'send';
		++$dw_figure[ $dw_key . '_steps' ];
		$dw_figure[ $dw_key . '_ms' ] += $dw_ms;
		$dw_figure['step_max_ms']      = max( $dw_figure['step_max_ms'], $dw_ms );
	} while ( $dw_more );
	$dw_figure['statements'] = $dw_container->get( StatementLog::class )->counts( $dw_year )[ StatementLog::SENT ];

	$dw_start = microtime( true );
	$dw_container->get( StatementQuery::class )->statements_of( 'donor1@' . $dw_domain, $dw_year );
	$dw_figure['preview_ms'] = ( microtime( true ) - $dw_start ) * 1000;

	$dw_out                 = fopen( 'php://memory', 'w+b' );
	$dw_start               = microtime( true );
	$dw_figure['csv_lines'] = ( new StatementTotalsCsv( $dw_container->get( StatementQuery::class ), $dw_container->get( StatementLog::class ) ) )->write( $dw_year, $dw_out );
	$dw_figure['csv_ms']    = ( microtime( true ) - $dw_start ) * 1000;
} finally {
	$dw_cleanup();
}//end try
echo wp_json_encode( $dw_figure );
