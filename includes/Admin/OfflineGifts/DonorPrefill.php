<?php
/**
 * A donor's details for a new offline gift, from their latest gift.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\OfflineGifts;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;
use DonationWidget\Donors\DonorDirectory;

/**
 * "Record an offline gift" on a donor's page opens the form with the donor's name, email and
 * address as their latest gift has them (&donor=, or &email=), so staff type only the gift.
 */
final class DonorPrefill {

	/**
	 * Builds the prefill.
	 *
	 * @param DonorDirectory $donors The supporters, for &donor=.
	 */
	public function __construct( private readonly DonorDirectory $donors = new DonorDirectory() ) {
	}

	/**
	 * The donor columns the form shows.
	 */
	private const COLUMNS = array( 'donate_as', 'first_name', 'last_name', 'organisation_name', 'email', 'address_line1', 'address_line2', 'city', 'state', 'postcode', 'country' );

	/**
	 * The form's first values: today, a cheque, and the donor's details when $donor (a Donors
	 * record: its newest gift, which an organisation's email alone would not pick) or $email has given.
	 *
	 * @param string $email A donor's email ('' for none).
	 * @param int    $donor A donor's id (0 for none).
	 * @return array<string, string>
	 */
	public function values( string $email, int $donor = 0 ): array {
		$values = array(
			'kind'      => 'cheque',
			'donate_as' => 'individual',
			'received'  => (string) wp_date( (string) get_option( 'date_format', 'j F Y' ) ),
		);
		global $wpdb;
		$table  = Schema::table( 'donations' );
		$newest = $donor > 0 ? $this->donors->gift_ids( $donor, 1, 0 ) : array();
		if ( array() !== $newest ) {
			$row = $wpdb->get_row( $wpdb->prepare( "SELECT donate_as, first_name, last_name, organisation_name, email, address_line1, address_line2, city, state, postcode, country FROM {$table} WHERE id = %d", $newest[0] ), ARRAY_A ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- read fresh for the form; the plugin's own table name.
			return is_array( $row ) ? $this->filled( $values, $row ) : $values;
		}
		if ( '' === $email ) {
			return $values;
		}
		// On the search_email key: the donor's newest gift.
		$row = $wpdb->get_row( $wpdb->prepare( "SELECT donate_as, first_name, last_name, organisation_name, email, address_line1, address_line2, city, state, postcode, country FROM {$table} WHERE email = %s ORDER BY created_at DESC, id DESC LIMIT 1", $email ), ARRAY_A ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- read fresh for the form; the plugin's own table name.
		if ( ! is_array( $row ) ) {
			return $values + array( 'email' => $email );
		}
		return $this->filled( $values, $row );
	}

	/**
	 * The first values with a gift's donor columns.
	 *
	 * @param array<string, string> $values The form's first values.
	 * @param array<string, mixed>  $row    A donations row's donor columns.
	 * @return array<string, string>
	 */
	private function filled( array $values, array $row ): array {
		foreach ( self::COLUMNS as $column ) {
			$values[ $column ] = (string) ( $row[ $column ] ?? '' );
		}
		return $values;
	}
}
