<?php
/**
 * Erases a donor's details from uploads waiting to be imported (WordPress's personal data eraser).
 *
 * @package DonationWidget
 */

namespace DonationWidget\HistoryImport;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;

/**
 * An upload's rows are copies of the file's cells, kept until the import no longer needs them
 * (ImportJobs::prune()). A privacy erasure empties every staged row holding the address; the
 * gifts already imported are donations, erased by the Privacy domain's own eraser.
 */
final class StagedRowsEraser {

	/**
	 * Rows emptied a call.
	 */
	public const PER_PAGE = 500;

	/**
	 * Adds the eraser (wp_privacy_personal_data_erasers).
	 *
	 * @param mixed $erasers The erasers so far.
	 * @return array<string, mixed>
	 */
	public function register( mixed $erasers ): array {
		$erasers                                   = is_array( $erasers ) ? $erasers : array();
		$erasers['donation-widget-history-import'] = array(
			'eraser_friendly_name' => __( 'Donation Widget files waiting to be imported', 'donation-widget' ),
			'callback'             => array( $this, 'erase' ),
		);
		return $erasers;
	}

	/**
	 * Empties up to PER_PAGE staged rows holding the address.
	 *
	 * @param string $email The address.
	 * @param int    $page  WordPress's page (each call takes the next rows still holding it).
	 * @return array{items_removed: bool, items_retained: bool, messages: list<string>, done: bool}
	 */
	public function erase( string $email, int $page = 1 ): array {
		global $wpdb;
		$email   = trim( $email );
		$emptied = 0;
		if ( '' !== $email && $page > 0 ) {
			$quoted  = (string) wp_json_encode( $email, JSON_UNESCAPED_UNICODE );
			$emptied = (int) $wpdb->query( $wpdb->prepare( 'UPDATE ' . Schema::table( ImportTables::ROWS ) . " SET cells = '[]' WHERE cells LIKE %s LIMIT %d", '%' . $wpdb->esc_like( $quoted ) . '%', self::PER_PAGE ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.NotPrepared -- a privacy erasure of the domain's own table (nothing to cache).
		}
		return array(
			'items_removed'  => $emptied > 0,
			'items_retained' => false,
			'messages'       => array(),
			'done'           => $emptied < self::PER_PAGE,
		);
	}
}
