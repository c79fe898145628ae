<?php
/**
 * The accounting export's lines of offline gifts.
 *
 * @package DonationWidget
 */

namespace DonationWidget\OfflineGifts;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Books\Export\AccountCodes;
use DonationWidget\Books\Export\ExportRange;
use DonationWidget\Books\Export\ExportRefused;
use DonationWidget\Books\Export\StatementLine;
use DonationWidget\Database\Schema;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Donations\GiftOrigin;
use DonationWidget\Receipts\ReceiptNumber;
use DonationWidget\Settings\Settings;

/**
 * Offline gifts reach the bank directly (a cheque or cash banked, a transfer received), never in
 * a provider's deposit, so they have their own file: one line per gift received in a date range
 * (the site's days, inclusive), coded to the donations income account, grouped by the day
 * received (one MYOB Receive Money per day, into the bank deposits account). A void gift is left
 * out. Each line carries the gift's receipt number and its cheque number or bank reference, so
 * the treasurer can match it with the bank statement.
 */
final class OfflineGiftLines {

	/**
	 * Builds the lines' source.
	 *
	 * @param AccountCodes       $codes    The accounts chosen.
	 * @param OfflineGiftRecords $records  The gifts' references.
	 * @param Settings           $settings The receipt number's prefix.
	 */
	public function __construct( private readonly AccountCodes $codes, private readonly OfflineGiftRecords $records, private readonly Settings $settings ) {
	}

	/**
	 * The lines of the offline gifts received from $from to $to (site days, Y-m-d).
	 *
	 * @param string $from First day.
	 * @param string $to   Last day.
	 * @return list<StatementLine>
	 * @throws ExportRefused When the dates are not a range, or no gift was received in it.
	 */
	public function of_range( string $from, string $to ): array {
		list( $first, $last ) = ExportRange::of( $from, $to, wp_timezone() );
		global $wpdb;
		$table = Schema::table( 'donations' );
		$utc   = new \DateTimeZone( 'UTC' );
		// On the provider_created key: the offline gifts of the range only.
		$rows = $wpdb->get_results( // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the export reads the records as they are now.
			$wpdb->prepare(
				"SELECT id, method, total_cents, refunded_cents, status, donate_as, organisation_name, first_name, last_name, receipt_seq, created_at FROM {$table} WHERE provider = %s AND created_at >= %s AND created_at < %s AND status IN (%s, %s) ORDER BY created_at ASC, id ASC", // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the plugin's own table name.
				GiftOrigin::OFFLINE,
				$first->setTimezone( $utc )->format( 'Y-m-d H:i:s' ),
				$last->modify( '+1 day' )->setTimezone( $utc )->format( 'Y-m-d H:i:s' ),
				DonationStatus::SUCCEEDED,
				DonationStatus::PARTIALLY_REFUNDED
			),
			ARRAY_A
		);
		$rows = is_array( $rows ) ? $rows : array();
		if ( array() === $rows ) {
			/* translators: 1: first day, 2: last day. */
			throw new ExportRefused( esc_html( sprintf( __( 'No offline gift was received from %1$s to %2$s, so there is nothing to export.', 'donation-widget' ), wp_date( (string) get_option( 'date_format' ), $first->getTimestamp() ), wp_date( (string) get_option( 'date_format' ), $last->getTimestamp() ) ) ), 404 );
		}
		$references = $this->records->references( array_map( static fn ( array $row ): int => (int) $row['id'], $rows ) );
		$prefix     = $this->settings->string( 'receipt_number_prefix' );
		$lines      = array();
		foreach ( $rows as $row ) {
			$day       = (string) wp_date( 'Y-m-d', (int) strtotime( $row['created_at'] . ' UTC' ) );
			$person    = trim( $row['first_name'] . ' ' . $row['last_name'] );
			$reference = $references[ (int) $row['id'] ] ?? '';
			$lines[]   = new StatementLine(
				StatementLine::GIFT,
				'offline-' . $day,
				$day,
				(int) $row['total_cents'],
				'organisation' === $row['donate_as'] && '' !== $row['organisation_name'] ? (string) $row['organisation_name'] : $person,
				trim( ( OfflineGiftKind::labels()[ $row['method'] ] ?? (string) $row['method'] ) . ' ' . $reference ),
				(int) $row['receipt_seq'] > 0 ? ReceiptNumber::format( (int) $row['receipt_seq'], $prefix ) : '',
				$this->codes->account( StatementLine::GIFT ),
				$this->codes->tax( StatementLine::GIFT ),
				__( 'Offline gifts', 'donation-widget' ),
				$this->codes->bank_deposits_account(),
				/* translators: %s: the day received, such as 07/12/2026. */
				sprintf( __( 'Offline gifts received %s', 'donation-widget' ), (string) wp_date( 'd/m/Y', (int) strtotime( $row['created_at'] . ' UTC' ) ) )
			);
		}
		return $lines;
	}

}
