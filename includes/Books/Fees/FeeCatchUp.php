<?php
/**
 * The pass that fills in fees the moment of payment could not.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books\Fees;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Checkout\GatewayRegistry;
use DonationWidget\Database\Schema;
use DonationWidget\Donations\DonationRepository;

/**
 * Runs with the reconciliation pass (every five minutes): paid donations of the last weeks whose
 * fee is still unknown (a site without webhooks, a BECS debit that cleared days later, a wallet
 * payment, a provider that could not be reached) get it from the provider. Bounded per run; a payment
 * the provider cannot describe is remembered and skipped, so it never holds up the others.
 */
final class FeeCatchUp {

	public const BATCH = 25;

	/**
	 * How far back a missing fee is looked for: a BECS debit clears within three business days,
	 * and a site whose cron stopped for a week still catches up. Bounded because fee_cents is in
	 * no key: each run reads the window's paid rows on the status_created key.
	 */
	public const DAYS = 10;

	/**
	 * Donation ids the provider could not describe (not found, another currency), kept while in
	 * the window.
	 */
	public const SKIP_OPTION = 'donation_widget_fee_skips';

	private const MOST_SKIPS = 200;

	/**
	 * Builds the pass.
	 *
	 * @param DonationRepository $donations Donation records.
	 * @param FeeRecorder        $recorder  Reads and writes one fee.
	 * @param GatewayRegistry    $gateways  The gateways, whose payments have fees to read.
	 */
	public function __construct( private readonly DonationRepository $donations, private readonly FeeRecorder $recorder, private readonly GatewayRegistry $gateways ) {
	}

	/**
	 * Records the missing fees of one batch.
	 *
	 * @return array<string, int> FeeRecorder result => how many.
	 */
	public function run(): array {
		$skips  = $this->skips();
		$counts = array();
		foreach ( $this->missing( $skips ) as $id ) {
			$donation = $this->donations->find( $id );
			if ( null === $donation ) {
				continue;
			}
			$result            = $this->recorder->record( $donation );
			$counts[ $result ] = ( $counts[ $result ] ?? 0 ) + 1;
			if ( FeeRecorder::NOT_FOUND === $result ) {
				$skips[] = $id;
			} elseif ( FeeRecorder::FAILED === $result ) {
				// The provider is unreachable: the next run tries again.
				break;
			}
		}
		update_option( self::SKIP_OPTION, array_slice( array_values( array_unique( $skips ) ), -self::MOST_SKIPS ), false );
		return $counts;
	}

	/**
	 * Ids of paid donations of the window without a fee, newest first.
	 *
	 * @param array<int> $skips Ids to leave out.
	 * @return list<int>
	 */
	private function missing( array $skips ): array {
		global $wpdb;
		$table   = Schema::table( 'donations' );
		$since   = gmdate( 'Y-m-d H:i:s', time() - self::DAYS * DAY_IN_SECONDS );
		$skip    = array() === $skips ? '' : ' AND id NOT IN (' . implode( ', ', array_fill( 0, count( $skips ), '%d' ) ) . ')';
		$status  = implode( ', ', array_fill( 0, count( FeeRecorder::PAID ), '%s' ) );
		$readers = $this->gateways->ids( ReadsFees::class );
		if ( array() === $readers ) {
			return array();
		}
		$provider = implode( ', ', array_fill( 0, count( $readers ), '%s' ) );
		$args     = array_merge( FeeRecorder::PAID, array( $since ), $readers, $skips, array( self::BATCH ) );
		// On the status_created key: a few weeks of paid donations, most of which have their fee.
		$ids = $wpdb->get_col( $wpdb->prepare( "SELECT id FROM {$table} WHERE status IN ({$status}) AND created_at >= %s AND fee_cents IS NULL AND provider IN ({$provider}) AND provider_reference <> ''{$skip} ORDER BY created_at DESC LIMIT %d", $args ) ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the plugin's table name, and placeholders in $status, $provider and $skip; the pass must read the rows as they are now.
		return array_values( array_map( 'intval', $ids ) );
	}

	/**
	 * The ids remembered as not describable.
	 *
	 * @return list<int>
	 */
	private function skips(): array {
		$skips = get_option( self::SKIP_OPTION, array() );
		return is_array( $skips ) ? array_values( array_map( 'intval', array_filter( $skips, 'is_numeric' ) ) ) : array();
	}
}
