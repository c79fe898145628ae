<?php
/**
 * Tools → Export Personal Data: a donor's donations.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Privacy;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;
use DonationWidget\Donations\Donation;
use DonationWidget\Receipts\DonationFormat;
use DonationWidget\Receipts\ReceiptLog;
use DonationWidget\Receipts\ReceiptNumber;
use DonationWidget\Settings\Settings;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- a paged read of the plugin's own table by email for WordPress's privacy tools (no cache wanted); the only interpolated name is the table from Schema::table().

/**
 * A personal-data exporter for WordPress's privacy tools: every donation made with the email
 * address, a page at a time.
 */
final class DonorDataExporter {

	public const PER_PAGE = 50;

	public const GROUP_ID = 'donation-widget-donations';

	/**
	 * Builds the exporter.
	 *
	 * @param Settings $settings The receipt number prefix.
	 */
	public function __construct( private readonly Settings $settings ) {
	}

	/**
	 * Adds the exporter (wp_privacy_personal_data_exporters).
	 *
	 * @param mixed $exporters Registered exporters (an array, unless another plugin broke the filter).
	 * @return array<string, mixed>
	 */
	public function register( mixed $exporters ): array {
		$exporters                    = is_array( $exporters ) ? $exporters : array();
		$exporters['donation-widget'] = array(
			'exporter_friendly_name' => __( 'Donation Widget donations', 'donation-widget' ),
			'callback'               => array( $this, 'export' ),
		);
		return $exporters;
	}

	/**
	 * One page of the donor's donations.
	 *
	 * @param string $email The requester's email address.
	 * @param int    $page  Page, from 1.
	 * @return array{data: list<array{group_id: string, group_label: string, group_description: string, item_id: string, data: list<array{name: string, value: string}>}>, done: bool}
	 */
	public function export( string $email, int $page = 1 ): array {
		global $wpdb;
		$table = Schema::table( 'donations' );
		$sent  = ReceiptLog::sent_number_column( 'd' );
		$rows  = '' === $email ? array() : $wpdb->get_results(
			// phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- $sent is a column expression from ReceiptLog::sent_number_column(), built from constants.
			$wpdb->prepare( "SELECT d.*, {$sent} FROM {$table} d WHERE d.email = %s ORDER BY d.id ASC LIMIT %d OFFSET %d", $email, self::PER_PAGE, ( max( 1, $page ) - 1 ) * self::PER_PAGE ),
			ARRAY_A
		);
		$rows  = is_array( $rows ) ? $rows : array();
		$items = array();
		foreach ( $rows as $row ) {
			$donation = Donation::from_row( (array) $row );
			$items[]  = array(
				'group_id'          => self::GROUP_ID,
				'group_label'       => __( 'Donations', 'donation-widget' ),
				'group_description' => __( 'Donations made through the donation widget with this email address.', 'donation-widget' ),
				'item_id'           => 'donation-' . $donation->id(),
				'data'              => $this->data( $donation ),
			);
		}
		return array(
			'data' => $items,
			'done' => count( $rows ) < self::PER_PAGE,
		);
	}

	/**
	 * One donation's personal data, with what was given.
	 *
	 * @param Donation $donation The donation.
	 * @return list<array{name: string, value: string}>
	 */
	private function data( Donation $donation ): array {
		$address = implode(
			', ',
			array_filter(
				array(
					$donation->value( 'address_line1' ),
					$donation->value( 'address_line2' ),
					$donation->value( 'city' ),
					$donation->value( 'state' ),
					$donation->value( 'postcode' ),
					$donation->value( 'country' ),
				)
			)
		);
		$values  = array(
			__( 'Receipt number', 'donation-widget' ) => ReceiptNumber::shown( $donation, $this->settings->string( 'receipt_number_prefix' ) ),
			__( 'Date', 'donation-widget' )           => DonationFormat::date_time( $donation->value( 'created_at' ) ),
			__( 'Amount', 'donation-widget' )         => DonationFormat::money( $donation->total_cents() ) . ' ' . $donation->currency(),
			__( 'Fundraising cost cover', 'donation-widget' ) => $donation->cover_cents() > 0 ? DonationFormat::money( $donation->cover_cents() ) : '',
			__( 'Frequency', 'donation-widget' )      => DonationFormat::frequency( $donation->frequency() ),
			__( 'Payment method', 'donation-widget' ) => DonationFormat::method( $donation->method() ),
			__( 'Status', 'donation-widget' )         => DonationFormat::status( $donation->status() ),
			__( 'Organisation', 'donation-widget' )   => $donation->value( 'organisation_name' ),
			__( 'First name', 'donation-widget' )     => $donation->value( 'first_name' ),
			__( 'Last name', 'donation-widget' )      => $donation->value( 'last_name' ),
			__( 'Email', 'donation-widget' )          => $donation->email(),
			__( 'Mobile', 'donation-widget' )         => $donation->value( 'mobile' ),
			__( 'Address', 'donation-widget' )        => $address,
			__( 'In honour of', 'donation-widget' )   => $donation->value( 'in_memory_of' ),
			__( 'Page', 'donation-widget' )           => $donation->page_url(),
		);
		$data    = array();
		foreach ( $values as $name => $value ) {
			if ( '' !== $value ) {
				$data[] = array(
					'name'  => (string) $name,
					'value' => $value,
				);
			}
		}
		return $data;
	}
}
