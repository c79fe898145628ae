<?php
/**
 * The benchmark's look inside a local site (bin/benchmark/admin.mjs runs it): how many donation
 * rows it holds, seeding up to --rows when asked, a Stripe payout of 1,000 gifts (recorded once,
 * through the books, for the Payouts screens), and the dashboard widget's own server time
 * (median of 10 in-process runs of its numbers and HTML), as one line of JSON.
 *
 * Usage: php bin/benchmark/admin-site.php --site=e2e [--rows=1000000]
 *
 * @package DonationWidget
 */

// phpcs:disable WordPress.Security.EscapeOutput.OutputNotEscaped, WordPress.WP.AlternativeFunctions, WordPress.NamingConventions.PrefixAllGlobals, WordPress.PHP.DiscouragedPHPFunctions.runtime_configuration_putenv, WordPress.DB.DirectDatabaseQuery -- a command-line script of the local sites (see bin/seed-donations.php).

if ( 'cli' !== PHP_SAPI ) {
	exit( 1 );
}
$dw_options = getopt( '', array( 'site:', 'rows:' ) );
$dw_site    = is_string( $dw_options['site'] ?? null ) ? $dw_options['site'] : '';
$dw_rows    = is_string( $dw_options['rows'] ?? null ) ? (int) $dw_options['rows'] : 0;
if ( ! preg_match( '/^[a-z0-9_]+$/', $dw_site ) ) {
	fwrite( STDERR, "Usage: php bin/benchmark/admin-site.php --site=<e2e|demo> [--rows=<N>]\n" );
	exit( 2 );
}
$dw_cli_site = $dw_site;
require dirname( __DIR__, 2 ) . '/tests/site/cli-bootstrap.php';
require_once ABSPATH . 'wp-admin/includes/admin.php';

global $wpdb;
\DonationWidget\Database\Installer::maybe_upgrade();
$dw_table  = \DonationWidget\Database\Schema::table( 'donations' );
$dw_count  = (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$dw_table}" ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, DonationWidgetDirectory.DB.InterpolatedSql -- the plugin's own table, from Schema::table().
$dw_seeded = 0;
if ( $dw_rows > $dw_count ) {
	$dw_seeder = new \DonationWidget\Cli\DonationSeeder( new \DonationWidget\Donations\DonationTotals() );
	$dw_seeded = $dw_seeder->seed( $dw_rows - $dw_count )['donations'];
	$dw_count += $dw_seeded;
}

// One Stripe payout of 1,000 gifts (the newest paid card gifts with their fees), recorded through
// the books as a payout event would be, once: the Payouts list and that payout's page are timed.
$dw_payout_id = 'po_benchmark1000';
$dw_payouts   = \DonationWidget\Plugin::instance()->container()->get( \DonationWidget\Books\Payouts\PayoutRepository::class );
if ( null === $dw_payouts->find( $dw_payout_id ) ) {
	$dw_gifts = $wpdb->get_results( $wpdb->prepare( "SELECT id, provider_reference, total_cents, fee_cents, created_at FROM {$dw_table} WHERE status = %s AND provider = %s AND fee_cents IS NOT NULL AND provider_reference LIKE %s ORDER BY id DESC LIMIT 1000", 'succeeded', 'stripe', 'ch\_%' ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, DonationWidgetDirectory.DB.InterpolatedSql -- the plugin's own table, from Schema::table().
	$dw_lines = array();
	$dw_net   = 0;
	foreach ( (array) $dw_gifts as $dw_gift ) {
		$dw_lines[] = new \DonationWidget\Books\Payouts\PayoutTransaction( 'txn_bench' . $dw_gift['id'], 'charge', 'charge', (int) $dw_gift['total_cents'], (int) $dw_gift['fee_cents'], (int) $dw_gift['total_cents'] - (int) $dw_gift['fee_cents'], 'AUD', (string) $dw_gift['provider_reference'], (string) $dw_gift['provider_reference'], '', 'Donation', (string) $dw_gift['created_at'] );
		$dw_net    += (int) $dw_gift['total_cents'] - (int) $dw_gift['fee_cents'];
	}
	$dw_created = current_time( 'mysql', true );
	$dw_lines[] = new \DonationWidget\Books\Payouts\PayoutTransaction( 'txn_bench_payout', 'payout', 'payout', -$dw_net, 0, -$dw_net, 'AUD', $dw_payout_id, '', '', 'STRIPE PAYOUT', $dw_created );
	$dw_source  = new class( $dw_lines ) implements \DonationWidget\Books\Payouts\PayoutSource {
		/**
		 * Holds the lines.
		 *
		 * @param \DonationWidget\Books\Payouts\PayoutTransaction[] $lines The payout's transactions.
		 */
		public function __construct( private readonly array $lines ) {
		}

		/**
		 * None: the payout is given.
		 *
		 * @param int $since Unix time.
		 */
		public function payouts_since( int $since ): iterable {
			return array();
		}

		/**
		 * The lines.
		 *
		 * @param string $payout_id Payout id.
		 */
		public function payout_transactions( string $payout_id ): iterable {
			return $this->lines;
		}
	};
	$dw_books   = \DonationWidget\Plugin::instance()->container()->get( \DonationWidget\Books\Payouts\PayoutBooks::class );
	$dw_books->record( $dw_source, new \DonationWidget\Books\Payouts\ProviderPayout( 'stripe', $dw_payout_id, $dw_net, 'AUD', 'paid', gmdate( 'Y-m-d', strtotime( $dw_created ) + 2 * DAY_IN_SECONDS ), $dw_created ) );
}//end if

wp_set_current_user( 1 );
$dw_widget  = \DonationWidget\Plugin::instance()->container()->get( \DonationWidget\Admin\Dashboard\DonationsSummaryWidget::class );
$dw_samples = array();
for ( $dw_run = 0; $dw_run < 11; $dw_run++ ) {
	$dw_started = hrtime( true );
	ob_start();
	$dw_widget->render();
	ob_end_clean();
	$dw_samples[] = ( hrtime( true ) - $dw_started ) / 1e6;
}
array_shift( $dw_samples );
sort( $dw_samples );
echo wp_json_encode(
	array(
		'rows'                => $dw_count,
		'payout'              => $dw_payout_id,
		'payout_transactions' => (int) ( $dw_payouts->find( $dw_payout_id )['transactions'] ?? 0 ),
		'seeded'              => $dw_seeded,
		'widget_ms'           => round( $dw_samples[ intdiv( count( $dw_samples ), 2 ) ], 1 ),
	)
) . "\n";
