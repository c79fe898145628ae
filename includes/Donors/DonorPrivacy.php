<?php
/**
 * The donors' rows in WordPress's personal-data export and erasure.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Donors;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders -- a privacy export and erasure of the plugin's own tables (nothing to cache); the only interpolated names are the tables from Schema::table() and a %d placeholder per id.

/**
 * An exporter and an eraser of their own (Tools → Export / Erase Personal Data), beside the
 * donations' (Privacy). The eraser runs after the donations' one (the provider is listed after
 * Privacy, and WordPress runs erasers in the order added): the donations no longer name the
 * address, so each of the donor's gifts is placed again (an erased gift names nobody and leaves
 * the donor), the address's identities go, and a donor left with no identity goes with its
 * audit; a donor that keeps another email keeps the rest, re-derived.
 */
final class DonorPrivacy {

	/**
	 * Takes the figures and the audit.
	 *
	 * @param DonorTotals    $totals    Places gifts and re-derives donors.
	 * @param DonorAudit     $audit     The donors' audit.
	 * @param DonorDirectory $directory Reads donors.
	 */
	public function __construct( private readonly DonorTotals $totals = new DonorTotals(), private readonly DonorAudit $audit = new DonorAudit(), private readonly DonorDirectory $directory = new DonorDirectory() ) {
	}

	/**
	 * Adds the exporter (wp_privacy_personal_data_exporters).
	 *
	 * @param mixed $exporters Exporters by id.
	 * @return array<string, mixed>
	 */
	public function add_exporter( mixed $exporters ): array {
		$exporters                           = is_array( $exporters ) ? $exporters : array();
		$exporters['donation-widget-donors'] = array(
			'exporter_friendly_name' => __( 'Donation Widget donor records', 'donation-widget' ),
			'callback'               => array( $this, 'export' ),
		);
		return $exporters;
	}

	/**
	 * Adds the eraser (wp_privacy_personal_data_erasers).
	 *
	 * @param mixed $erasers Erasers by id.
	 * @return array<string, mixed>
	 */
	public function add_eraser( mixed $erasers ): array {
		$erasers                           = is_array( $erasers ) ? $erasers : array();
		$erasers['donation-widget-donors'] = array(
			'eraser_friendly_name' => __( 'Donation Widget donor records', 'donation-widget' ),
			'callback'             => array( $this, 'erase' ),
		);
		return $erasers;
	}

	/**
	 * The donor records that hold an address.
	 *
	 * @param string $email The address.
	 * @param int    $page  Page (one page holds them all).
	 * @return array{data: list<array{group_id: string, group_label: string, item_id: string, data: list<array{name: string, value: string}>}>, done: bool}
	 */
	public function export( string $email, int $page = 1 ): array {
		unset( $page );
		$items = array();
		foreach ( $this->donor_ids( $email ) as $donor_id ) {
			$donor = $this->directory->find( $donor_id );
			if ( null === $donor ) {
				continue;
			}
			$fields = array(
				__( 'Name', 'donation-widget' )   => $donor->name(),
				__( 'Kind', 'donation-widget' )   => DonorIdentity::ORGANISATION === $donor->kind() ? __( 'Organisation', 'donation-widget' ) : __( 'Individual', 'donation-widget' ),
				__( 'Emails', 'donation-widget' ) => implode( ', ', $donor->emails() ),
				__( 'Gifts', 'donation-widget' )  => (string) $donor->gifts(),
				__( 'Total given (cents)', 'donation-widget' ) => (string) $donor->given_cents(),
				__( 'Total kept (cents)', 'donation-widget' ) => (string) $donor->kept_cents(),
				__( 'First gift (UTC)', 'donation-widget' ) => $donor->first_gift_at(),
				__( 'Latest gift (UTC)', 'donation-widget' ) => $donor->last_gift_at(),
				__( 'Running 4-weekly donations', 'donation-widget' ) => (string) $donor->active_recurring(),
				__( 'Last statement sent (UTC)', 'donation-widget' ) => $donor->last_statement_at(),
			);
			$data   = array();
			foreach ( $fields as $name => $value ) {
				$data[] = array(
					'name'  => $name,
					'value' => $value,
				);
			}
			foreach ( $this->audit->entries( $donor->id() ) as $entry ) {
				$data[] = array(
					'name'  => __( 'Record change', 'donation-widget' ),
					'value' => $entry['at'] . ' — ' . $entry['detail'],
				);
			}
			$items[] = array(
				'group_id'    => 'donation-widget-donors',
				'group_label' => __( 'Donor records', 'donation-widget' ),
				'item_id'     => 'donor-' . $donor->id(),
				'data'        => $data,
			);
		}//end foreach
		return array(
			'data' => $items,
			'done' => true,
		);
	}

	/**
	 * Erases what the donor records hold of an address (see the class comment).
	 *
	 * @param string $email The address.
	 * @param int    $page  Page (one page does it all).
	 * @return array{items_removed: bool, items_retained: bool, messages: list<string>, done: bool}
	 */
	public function erase( string $email, int $page = 1 ): array {
		global $wpdb;
		unset( $page );
		$email      = strtolower( trim( $email ) );
		$anonymous  = DonorIdentity::erased_email();
		$donors     = Schema::table( 'donors' );
		$identities = Schema::table( 'donor_identities' );
		$gifts      = Schema::table( 'donor_gifts' );
		$removed    = 0;
		$retained   = 0;
		foreach ( '' === $email ? array() : $this->donor_ids( $email ) as $donor_id ) {
			$ids = array_map( 'intval', $wpdb->get_col( $wpdb->prepare( "SELECT donation_id FROM {$gifts} WHERE donor_id = %d", $donor_id ) ) );
			foreach ( $ids as $donation_id ) {
				$this->totals->place( $donation_id );
			}
			$wpdb->query( $wpdb->prepare( "DELETE FROM {$identities} WHERE donor_id = %d AND email = %s", $donor_id, $email ) );
			$left = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$identities} WHERE donor_id = %d", $donor_id ) );
			if ( 0 === $left ) {
				// Nobody is left: the donor, those merged into it and their audits go.
				$gone = array_merge( array( $donor_id ), array_map( 'intval', $wpdb->get_col( $wpdb->prepare( "SELECT id FROM {$donors} WHERE merged_into = %d", $donor_id ) ) ) );
				$in   = implode( ', ', array_fill( 0, count( $gone ), '%d' ) );
				$wpdb->query( $wpdb->prepare( "DELETE FROM {$gifts} WHERE donor_id IN ({$in})", $gone ) ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- a placeholder per value.
				foreach ( $gone as $id ) {
					$this->audit->delete_of( $id );
				}
				$wpdb->query( $wpdb->prepare( "DELETE FROM {$donors} WHERE id IN ({$in})", $gone ) ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- a placeholder per value.
				DonorCount::forget();
				++$removed;
				continue;
			}
			// Another email is left: it becomes the primary one if this was.
			$wpdb->query( $wpdb->prepare( "UPDATE {$donors} d SET d.email = (SELECT i.email FROM {$identities} i WHERE i.donor_id = d.id ORDER BY i.id ASC LIMIT 1) WHERE d.id = %d AND d.email = %s", $donor_id, $email ) );
			$this->totals->rederive( $donor_id );
			$this->audit->forget_email( $donor_id, $email, $anonymous );
			$this->audit->record( $donor_id, 0, DonorAudit::ERASED, array( 'email' => $anonymous ) );
			++$retained;
		}//end foreach
		// Merged records still showing the address (their donor keeps other emails).
		$changed  = '' === $email ? 0 : (int) $wpdb->query( $wpdb->prepare( "UPDATE {$donors} SET email = %s, first_name = '', last_name = '', name = '' WHERE email = %s AND merged_into <> 0", $anonymous, $email ) );
		$messages = array();
		if ( $removed > 0 ) {
			$messages[] = __( 'The donor record of this address, its gifts\' links and its history were deleted.', 'donation-widget' );
		}
		if ( $retained > 0 ) {
			$messages[] = __( 'This address was removed from a donor record that holds other email addresses of the same supporter (merged records); the record and its other addresses were kept.', 'donation-widget' );
		}
		return array(
			'items_removed'  => $removed > 0 || $retained > 0 || $changed > 0,
			'items_retained' => $retained > 0,
			'messages'       => $messages,
			'done'           => true,
		);
	}

	/**
	 * The donors holding an address (any identity of it).
	 *
	 * @param string $email The address.
	 * @return list<int>
	 */
	private function donor_ids( string $email ): array {
		global $wpdb;
		$ids = $wpdb->get_col( $wpdb->prepare( 'SELECT DISTINCT donor_id FROM ' . Schema::table( 'donor_identities' ) . ' WHERE email = %s', strtolower( trim( $email ) ) ) );
		return array_values( array_map( 'intval', $ids ) );
	}
}
