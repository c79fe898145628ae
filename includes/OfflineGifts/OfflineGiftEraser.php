<?php
/**
 * Erases what staff wrote about a donor on their offline gifts.
 *
 * @package DonationWidget
 */

namespace DonationWidget\OfflineGifts;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;
use DonationWidget\Donations\GiftOrigin;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- an erasure changes the rows as they are now; the only interpolated names are the plugin's own table names, every value goes through $wpdb->prepare().

/**
 * A WordPress personal-data eraser, run before the donations' own (which anonymises the email
 * this one finds the gifts by): each offline gift's note (staff's words may name the donor) and
 * the before and after values of its audit's name and address changes are emptied. The amount,
 * the day, the receipt number, the reference and who changed what when stay: a financial record.
 */
final class OfflineGiftEraser {

	/**
	 * Most gifts one call erases.
	 */
	private const PER_PAGE = 100;

	/**
	 * The audit fields that hold the donor's details.
	 */
	private const PERSONAL_FIELDS = array( 'first_name', 'last_name', 'organisation_name', 'address_line1', 'address_line2', 'city', 'state', 'postcode', 'country', 'note' );

	/**
	 * Adds the eraser (wp_privacy_personal_data_erasers, before the donations' eraser).
	 *
	 * @param mixed $erasers Registered erasers.
	 * @return array<string, mixed>
	 */
	public function register( mixed $erasers ): array {
		$erasers = is_array( $erasers ) ? $erasers : array();
		return array(
			'donation-widget-offline-gifts' => array(
				'eraser_friendly_name' => __( 'Donation Widget offline gifts\' notes', 'donation-widget' ),
				'callback'             => array( $this, 'erase' ),
			),
		) + $erasers;
	}

	/**
	 * Empties the notes and personal audit values of the offline gifts given with the email.
	 *
	 * @param string $email The requester's email address.
	 * @param int    $page  Page, from 1.
	 * @return array{items_removed: bool, items_retained: bool, messages: list<string>, done: bool}
	 */
	public function erase( string $email, int $page = 1 ): array {
		global $wpdb;
		$donations = Schema::table( 'donations' );
		$gifts     = Schema::table( 'offline_gifts' );
		$audit     = Schema::table( 'offline_gift_audit' );
		$ids       = '' === $email ? array() : array_map( 'intval', $wpdb->get_col( $wpdb->prepare( "SELECT id FROM {$donations} WHERE email = %s AND provider = %s ORDER BY id ASC LIMIT %d OFFSET %d", $email, GiftOrigin::OFFLINE, self::PER_PAGE, ( max( 1, $page ) - 1 ) * self::PER_PAGE ) ) );
		$changed   = 0;
		if ( array() !== $ids ) {
			$in       = implode( ', ', array_fill( 0, count( $ids ), '%d' ) );
			$fields   = implode( ', ', array_fill( 0, count( self::PERSONAL_FIELDS ), '%s' ) );
			$changed += (int) $wpdb->query( $wpdb->prepare( "UPDATE {$gifts} SET note = '' WHERE note <> '' AND donation_id IN ({$in})", $ids ) ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- a %d placeholder per id.
			$changed += (int) $wpdb->query( $wpdb->prepare( "UPDATE {$audit} SET before_value = '', after_value = '' WHERE (before_value <> '' OR after_value <> '') AND field IN ({$fields}) AND donation_id IN ({$in})", array_merge( self::PERSONAL_FIELDS, $ids ) ) ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- a %s placeholder per field and a %d per id.
		}
		return array(
			'items_removed'  => $changed > 0,
			'items_retained' => array() !== $ids,
			'messages'       => $changed > 0 ? array( __( 'The notes staff wrote on the donor\'s offline gifts, and the names and addresses in their history of changes, were removed. Each gift\'s amount, date, receipt number and reference were kept as a financial record.', 'donation-widget' ) ) : array(),
			'done'           => count( $ids ) < self::PER_PAGE,
		);
	}
}
