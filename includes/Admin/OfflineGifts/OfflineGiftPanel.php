<?php
/**
 * An offline gift's part of the Donations screens.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\OfflineGifts;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donations\Donation;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Donations\GiftOrigin;
use DonationWidget\OfflineGifts\OfflineGiftKind;
use DonationWidget\OfflineGifts\OfflineGiftRecords;
use DonationWidget\Receipts\DonationFormat;

/**
 * On a donation's screen (donation_widget_donation_detail): the gift's reference, note, who
 * recorded it, the gift it corrects or that corrected it, its links (edit or void, print the
 * receipt) and its audit. In the list and the payment rows (donation_widget_donation_method_label):
 * "Offline gift (cheque 123)".
 */
final class OfflineGiftPanel {

	/**
	 * Builds the panel.
	 *
	 * @param OfflineGiftRecords $records The gifts' own rows and audit.
	 */
	public function __construct( private readonly OfflineGiftRecords $records ) {
	}

	/**
	 * The donation_widget_donation_method_label filter: how an offline gift was paid, with its
	 * reference.
	 *
	 * @param mixed $label    The method's name so far.
	 * @param mixed $donation The donation.
	 * @return mixed
	 */
	public function method_label( mixed $label, mixed $donation ): mixed {
		if ( ! $donation instanceof Donation || GiftOrigin::OFFLINE !== $donation->provider() ) {
			return $label;
		}
		$reference = $this->records->references( array( $donation->id() ) )[ $donation->id() ] ?? '';
		return OfflineGiftKind::describe( $donation->method(), $reference );
	}

	/**
	 * Prints the section for an offline gift (nothing for other donations).
	 *
	 * @param mixed $donation The donation shown.
	 */
	public function render( mixed $donation ): void {
		if ( ! $donation instanceof Donation || GiftOrigin::OFFLINE !== $donation->provider() ) {
			return;
		}
		$own = $this->records->find( $donation->id() );
		if ( null === $own ) {
			return;
		}
		$void = DonationStatus::VOID === $donation->status();
		printf( '<h2>%s</h2>', esc_html__( 'Offline gift', 'donation-widget' ) );
		if ( $void ) {
			printf( '<div class="notice notice-warning inline"><p><strong>%s</strong></p></div>', esc_html__( 'Void: this gift counts in no total; its receipt number stays with it, marked void.', 'donation-widget' ) );
		}
		$user = $own['recorded_by'] > 0 ? get_userdata( $own['recorded_by'] ) : false;
		$rows = array(
			__( 'Received as', 'donation-widget' ) => esc_html( OfflineGiftKind::describe( $donation->method(), $own['reference'] ) ),
			__( 'Note', 'donation-widget' )        => nl2br( esc_html( $own['note'] ) ),
			/* translators: 1: the staff member's name, 2: when. */
			__( 'Recorded', 'donation-widget' )    => esc_html( sprintf( __( 'by %1$s on %2$s', 'donation-widget' ), false !== $user ? $user->display_name : __( 'a former user', 'donation-widget' ), DonationFormat::date_time( $own['recorded_at'] ) ) ),
		);
		if ( $own['corrects_id'] > 0 ) {
			/* translators: %d: the id of the gift it replaces. */
			$rows[ __( 'Corrects', 'donation-widget' ) ] = sprintf( '<a href="%s">%s</a>', esc_url( RecordGiftPage::gift_url( $own['corrects_id'] ) ), esc_html( sprintf( __( 'Offline gift #%d (void)', 'donation-widget' ), $own['corrects_id'] ) ) );
		}
		if ( $own['corrected_by_id'] > 0 ) {
			/* translators: %d: the id of the gift recorded in its place. */
			$rows[ __( 'Corrected by', 'donation-widget' ) ] = sprintf( '<a href="%s">%s</a>', esc_url( RecordGiftPage::gift_url( $own['corrected_by_id'] ) ), esc_html( sprintf( __( 'Offline gift #%d', 'donation-widget' ), $own['corrected_by_id'] ) ) );
		}
		echo '<table class="widefat striped donation-widget-details"><tbody>';
		foreach ( $rows as $label => $html ) {
			printf( '<tr><th scope="row" style="width: 14em;">%s</th><td>%s</td></tr>', esc_html( $label ), '' !== $html ? wp_kses_post( $html ) : '&mdash;' );
		}
		echo '</tbody></table>';
		$open = $void ? __( 'Open the offline gift', 'donation-widget' ) : __( 'Edit or void this gift', 'donation-widget' );
		printf(
			'<p><a class="button" href="%s">%s</a> <a class="button" href="%s">%s</a></p>',
			esc_url( RecordGiftPage::gift_url( $donation->id() ) ),
			esc_html( $open ),
			esc_url( PrintableReceipt::url( $donation->id() ) ),
			esc_html__( 'Print receipt', 'donation-widget' )
		);
		$this->render_audit( $donation->id() );
	}

	/**
	 * The gift's history of changes.
	 *
	 * @param int $id Donation row id.
	 */
	private function render_audit( int $id ): void {
		$entries = $this->records->audit_of( $id );
		printf( '<h3>%s</h3>', esc_html__( 'Changes to this gift', 'donation-widget' ) );
		printf(
			'<table class="widefat striped donation-widget-gift-audit"><thead><tr><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th></tr></thead><tbody>',
			esc_html__( 'When', 'donation-widget' ),
			esc_html__( 'Who', 'donation-widget' ),
			esc_html__( 'What', 'donation-widget' ),
			esc_html__( 'Before', 'donation-widget' ),
			esc_html__( 'After', 'donation-widget' )
		);
		foreach ( $entries as $entry ) {
			$user = $entry['user_id'] > 0 ? get_userdata( $entry['user_id'] ) : false;
			$who  = false !== $user ? $user->display_name : __( 'a former user', 'donation-widget' );
			printf(
				'<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>',
				esc_html( DonationFormat::date_time( $entry['changed_at'] ) ),
				esc_html( $who ),
				esc_html( self::field_label( $entry['field'] ) ),
				esc_html( $entry['before'] ),
				esc_html( $entry['after'] )
			);
		}
		echo '</tbody></table>';
	}

	/**
	 * An audited field as staff know it.
	 *
	 * @param string $field Column or event.
	 */
	private static function field_label( string $field ): string {
		$labels = array(
			'recorded'          => __( 'Recorded', 'donation-widget' ),
			'status'            => __( 'Status', 'donation-widget' ),
			'method'            => __( 'Received as', 'donation-widget' ),
			'reference'         => __( 'Reference', 'donation-widget' ),
			'note'              => __( 'Note', 'donation-widget' ),
			'first_name'        => __( 'First name', 'donation-widget' ),
			'last_name'         => __( 'Last name', 'donation-widget' ),
			'organisation_name' => __( 'Organisation name', 'donation-widget' ),
			'address_line1'     => __( 'Address', 'donation-widget' ),
			'address_line2'     => __( 'Address line 2', 'donation-widget' ),
			'city'              => __( 'Suburb or town', 'donation-widget' ),
			'state'             => __( 'State', 'donation-widget' ),
			'postcode'          => __( 'Postcode', 'donation-widget' ),
			'country'           => __( 'Country', 'donation-widget' ),
		);
		return $labels[ $field ] ?? $field;
	}
}
