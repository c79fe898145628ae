<?php
/**
 * The reports benchmark's look inside a local site (bin/benchmark/reports.mjs runs it), one
 * action per run, answering one line of JSON:
 *
 *   --action=count [--rows=N]  donation rows (seeding up to N, with fees, refunds and disputes)
 *   --action=queries           each report's query in-process (median of 10, ms)
 *   --action=downgrade         puts the site back to schema 12 (no money columns or keys, none of
 *                              the books' tables, no kept_cents), as a site before issue 22
 *   --action=upgrade           times the upgrade to the current schema (Installer::maybe_upgrade())
 *   --action=donate --stop-file=PATH
 *                              makes a donation (the checkout's writes: insert, then paid) every
 *                              quarter second until PATH exists; answers how many, how many
 *                              failed and the slowest
 *   --action=settle            writes the money after the payment again (after an upgrade) and
 *                              re-derives the reports
 *
 * Usage: php bin/benchmark/reports-site.php --site=e2e --action=count [--rows=1000000]
 *
 * @package DonationWidget
 */

// phpcs:disable WordPress.Security.EscapeOutput.OutputNotEscaped, WordPress.WP.AlternativeFunctions, WordPress.NamingConventions.PrefixAllGlobals, WordPress.PHP.DiscouragedPHPFunctions.runtime_configuration_putenv, WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.DirectDatabaseQuery.SchemaChange, DonationWidgetDirectory.DB.InterpolatedSql -- a command-line script of the local sites (see bin/seed-donations.php); SQL on the plugin's own tables only.

use DonationWidget\Database\Installer;
use DonationWidget\Database\Schema;
use DonationWidget\Donations\DonationForm;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Donations\DonationTotals;
use DonationWidget\Plugin;
use DonationWidget\Reports\ReportQuery;
use DonationWidget\Reports\ReportRequest;

if ( 'cli' !== PHP_SAPI ) {
	exit( 1 );
}
$dw_options = getopt( '', array( 'site:', 'rows:', 'action:', 'stop-file:' ) );
$dw_site    = is_string( $dw_options['site'] ?? null ) ? $dw_options['site'] : '';
$dw_action  = is_string( $dw_options['action'] ?? null ) ? $dw_options['action'] : '';
if ( ! preg_match( '/^[a-z0-9_]+$/', $dw_site ) || ! in_array( $dw_action, array( 'count', 'queries', 'downgrade', 'upgrade', 'donate', 'settle' ), true ) ) {
	fwrite( STDERR, "Usage: php bin/benchmark/reports-site.php --site=<e2e|demo> --action=<count|queries|downgrade|upgrade|donate|settle> [--rows=N] [--stop-file=PATH]\n" );
	exit( 2 );
}
$dw_cli_site = $dw_site;
// On a site behind the plugin's schema, loading WordPress upgrades it (the plugin's check on
// init): the upgrade is timed from here.
$dw_loading = microtime( true );
require dirname( __DIR__, 2 ) . '/tests/site/cli-bootstrap.php';
require_once ABSPATH . 'wp-admin/includes/admin.php';

global $wpdb;
$dw_donations = Schema::table( 'donations' );
$dw_answer    = array();

if ( 'count' === $dw_action ) {
	Installer::maybe_upgrade();
	$dw_rows  = is_string( $dw_options['rows'] ?? null ) ? (int) $dw_options['rows'] : 0;
	$dw_count = (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$dw_donations}" );
	$dw_seed  = 0;
	if ( $dw_rows > $dw_count ) {
		$dw_seeder = new \DonationWidget\Cli\DonationSeeder( new DonationTotals() );
		$dw_seed   = $dw_seeder->seed( $dw_rows - $dw_count )['donations'];
		$dw_count += $dw_seed;
	}
	$dw_answer = array(
		'rows'     => $dw_count,
		'seeded'   => $dw_seed,
		'refunded' => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$dw_donations} WHERE refunded_cents > 0" ),
		'disputed' => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$dw_donations} WHERE dispute_lost_cents > 0" ),
		'with_fee' => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$dw_donations} WHERE fee_cents IS NOT NULL" ),
		'figures'  => (int) $wpdb->get_var( 'SELECT COUNT(*) FROM ' . Schema::table( 'report_totals' ) ),
	);
} elseif ( 'queries' === $dw_action ) {
	$dw_query = Plugin::instance()->container()->get( ReportQuery::class );
	$dw_today = (string) wp_date( 'Y-m-d' );
	$dw_fy    = (int) wp_date( 'n' ) >= 7 ? wp_date( 'Y' ) . '-07-01' : ( (int) wp_date( 'Y' ) - 1 ) . '-07-01';
	$dw_cases = array(
		'financial year by month' => array( $dw_fy, $dw_today, 'month', 'period' ),
		'three years by week'     => array( gmdate( 'Y-m-d', strtotime( $dw_today . ' -3 years' ) ), $dw_today, 'week', 'period' ),
		'financial year by UTM'   => array( $dw_fy, $dw_today, 'month', 'utm_source' ),
	);
	foreach ( $dw_cases as $dw_name => $dw_case ) {
		$dw_request = ReportRequest::from_params( array_combine( array( 'from', 'to', 'interval', 'group' ), $dw_case ) );
		$dw_times   = array();
		for ( $dw_run = 0; $dw_run < 11; $dw_run++ ) {
			$dw_started = hrtime( true );
			$dw_query->report( $dw_request );
			$dw_times[] = ( hrtime( true ) - $dw_started ) / 1e6;
		}
		sort( $dw_times );
		$dw_answer[ $dw_name ] = round( $dw_times[5], 1 );
	}
} elseif ( 'downgrade' === $dw_action ) {
	$dw_started = microtime( true );
	$dw_keys    = array_column( (array) $wpdb->get_results( "SHOW INDEX FROM {$dw_donations}", ARRAY_A ), 'Key_name' );
	$dw_changes = array();
	foreach ( array( 'payout_id', 'balance_transaction_id', 'dispute_created' ) as $dw_key ) {
		if ( in_array( $dw_key, $dw_keys, true ) ) {
			$dw_changes[] = "DROP KEY {$dw_key}";
		}
	}
	foreach ( array( 'refunded_cents', 'fee_cents', 'net_cents', 'balance_transaction_id', 'payout_id', 'dispute_status', 'dispute_lost_cents', 'dispute_fee_cents' ) as $dw_column ) {
		if ( null !== $wpdb->get_var( $wpdb->prepare( "SHOW COLUMNS FROM {$dw_donations} LIKE %s", $dw_column ) ) ) {
			$dw_changes[] = "DROP COLUMN {$dw_column}";
		}
	}
	if ( array() !== $dw_changes ) {
		$wpdb->query( "ALTER TABLE {$dw_donations} " . implode( ', ', $dw_changes ) );
	}
	$dw_totals = Schema::table( 'donation_totals' );
	if ( null !== $wpdb->get_var( $wpdb->prepare( "SHOW COLUMNS FROM {$dw_totals} LIKE %s", 'kept_cents' ) ) ) {
		$wpdb->query( "ALTER TABLE {$dw_totals} DROP COLUMN kept_cents" );
	}
	foreach ( array( 'refunds', 'disputes', 'payouts', 'balance_transactions', 'report_totals', 'report_days', 'recurring_movements' ) as $dw_table ) {
		$wpdb->query( 'DROP TABLE IF EXISTS ' . Schema::table( $dw_table ) );
	}
	update_option( Schema::VERSION_OPTION, '12', true );
	$dw_answer = array(
		'seconds' => round( microtime( true ) - $dw_started, 1 ),
		'error'   => $wpdb->last_error,
	);
} elseif ( 'upgrade' === $dw_action ) {
	Installer::maybe_upgrade();
	$dw_answer = array(
		'to'      => (string) get_option( Schema::VERSION_OPTION ),
		'seconds' => round( microtime( true ) - $dw_loading, 1 ),
		'rows'    => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$dw_donations}" ),
	);
} elseif ( 'donate' === $dw_action ) {
	$dw_stop       = is_string( $dw_options['stop-file'] ?? null ) ? $dw_options['stop-file'] : '';
	$dw_repository = Plugin::instance()->container()->get( DonationRepository::class );
	$dw_form       = DonationForm::from_json(
		(string) wp_json_encode(
			array(
				'email'        => 'during.upgrade@example.org.au',
				'firstName'    => 'During',
				'lastName'     => 'Upgrade',
				'mobile'       => '0412345678',
				'address'      => array(
					'addressLine1' => '1 George St',
					'addressLine2' => '',
					'city'         => 'Sydney',
					'state'        => 'NSW',
					'postalCode'   => '2000',
					'country'      => 'Australia',
				),
				'totalAmount'  => '50.00',
				'currency'     => 'AUD',
				'frequency'    => 'Oneoff',
				'utm_source'   => 'benchmark',
				'iteration_id' => 'BENCHMARK',
			)
		)
	);
	$dw_made       = 0;
	$dw_failed     = 0;
	$dw_slowest    = 0.0;
	$dw_ids        = array();
	$dw_errors     = array();
	// Quiet: a failure is counted and described, not printed as it happens.
	$wpdb->suppress_errors( true );
	while ( '' !== $dw_stop && ! file_exists( $dw_stop ) ) {
		$dw_started  = hrtime( true );
		$dw_donation = $dw_repository->create( wp_generate_uuid4(), $dw_form, 'stripe', 'card', 'http://127.0.0.1/donate/' );
		$dw_paid     = null !== $dw_donation && $dw_repository->move( $dw_donation->id(), DonationStatus::SUCCEEDED );
		$dw_ms       = ( hrtime( true ) - $dw_started ) / 1e6;
		$dw_slowest  = max( $dw_slowest, $dw_ms );
		if ( $dw_paid ) {
			++$dw_made;
			$dw_ids[] = $dw_donation->id();
		} else {
			++$dw_failed;
			$dw_errors[] = $wpdb->last_error;
		}
		usleep( 250000 );
	}
	$dw_answer = array(
		'made'       => $dw_made,
		'failed'     => $dw_failed,
		'slowest_ms' => round( $dw_slowest, 1 ),
		'errors'     => array_values( array_unique( array_filter( $dw_errors ) ) ),
		'ids'        => array() === $dw_ids ? array() : array( min( $dw_ids ), max( $dw_ids ) ),
	);
} elseif ( 'settle' === $dw_action ) {
	Installer::maybe_upgrade();
	$dw_started = microtime( true );
	( new \DonationWidget\Cli\DonationSeeder( new DonationTotals() ) )->settle_money();
	$dw_totals = new DonationTotals();
	$dw_totals->rebuild();
	$dw_answer = array( 'seconds' => round( microtime( true ) - $dw_started, 1 ) );
}//end if
echo wp_json_encode( $dw_answer ) . "\n";
