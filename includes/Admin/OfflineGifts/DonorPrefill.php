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

/**
 * "Record a gift from this donor" opens the form with the donor's name, email and address as
 * their latest gift has them (&email=), so staff type only the gift.
 */
final class DonorPrefill {

	/**
	 * The donor columns the form shows.
	 */
	private const COLUMNS = array( 'donate_as', 'first_name', 'last_name', 'organisation_name', 'email', 'address_line1', 'address_line2', 'city', 'state', 'postcode', 'country' );

	/**
	 * The form's first values: today, a cheque, and the donor's details when $email has given.
	 *
	 * @param string $email A donor's email ('' for none).
	 * @return array<string, string>
	 */
	public function values( string $email ): array {
		$values = array(
			'kind'      => 'cheque',
			'donate_as' => 'individual',
			'received'  => (string) wp_date( (string) get_option( 'date_format', 'j F Y' ) ),
		);
		if ( '' === $email ) {
			return $values;
		}
		global $wpdb;
		$table = Schema::table( 'donations' );
		// On the search_email key: the donor's newest gift.
		$row = $wpdb->get_row( $wpdb->prepare( "SELECT donate_as, first_name, last_name, organisation_name, email, address_line1, address_line2, city, state, postcode, country FROM {$table} WHERE email = %s ORDER BY created_at DESC, id DESC LIMIT 1", $email ), ARRAY_A ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- read fresh for the form; the plugin's own table name.
		if ( ! is_array( $row ) ) {
			return $values + array( 'email' => $email );
		}
		foreach ( self::COLUMNS as $column ) {
			$values[ $column ] = (string) ( $row[ $column ] ?? '' );
		}
		return $values;
	}
}
