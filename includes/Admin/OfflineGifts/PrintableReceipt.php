<?php
/**
 * An offline gift's receipt as a page to print for the post.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\OfflineGifts;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Admin\Donations\DonationsCapability;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Receipts\ReceiptEmail;
use DonationWidget\Receipts\ReceiptSender;

/**
 * The admin-post.php action donation_widget_print_receipt (GET, donation=<id>): the same
 * receipt the donor is emailed, on a page of its own with the donor's postal address above it
 * (for a window envelope) and a Print button that does not print. A void gift's receipt says
 * VOID in large letters.
 */
final class PrintableReceipt {

	public const ACTION = 'donation_widget_print_receipt';

	/**
	 * Builds the page.
	 *
	 * @param DonationRepository $donations Donation records.
	 * @param ReceiptSender      $receipts  Receipt numbers.
	 * @param ReceiptEmail       $email     The receipt.
	 */
	public function __construct(
		private readonly DonationRepository $donations,
		private readonly ReceiptSender $receipts,
		private readonly ReceiptEmail $email
	) {
	}

	/**
	 * The page's URL.
	 *
	 * @param int $id Donation row id.
	 */
	public static function url( int $id ): string {
		return add_query_arg(
			array(
				'action'   => self::ACTION,
				'donation' => $id,
			),
			admin_url( 'admin-post.php' )
		);
	}

	/**
	 * Prints the page; admin-post.php ends the request after it.
	 */
	public function handle(): void {
		if ( ! DonationsCapability::current_user_can() ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to see receipts.', 'donation-widget' ), '', array( 'response' => 403 ) );
		}
		$id       = isset( $_GET['donation'] ) ? absint( wp_unslash( $_GET['donation'] ) ) : 0; // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- showing a receipt changes nothing.
		$donation = $this->donations->find( $id );
		$number   = null !== $donation ? $this->receipts->number( $donation ) : '';
		if ( null === $donation || '' === $number ) {
			wp_die( esc_html__( 'This donation has no receipt: a receipt is given once the money is received.', 'donation-widget' ), esc_html__( 'Receipt', 'donation-widget' ), array( 'response' => 404 ) );
		}
		$receipt = $this->email->build( $donation, $number );
		$address = array_filter(
			array(
				'organisation' === $donation->value( 'donate_as' ) ? $donation->value( 'organisation_name' ) : '',
				trim( $donation->value( 'first_name' ) . ' ' . $donation->value( 'last_name' ) ),
				$donation->value( 'address_line1' ),
				$donation->value( 'address_line2' ),
				trim( implode( ' ', array_filter( array( $donation->value( 'city' ), $donation->value( 'state' ), $donation->value( 'postcode' ) ) ) ) ),
				$donation->value( 'country' ),
			)
		);
		if ( ! headers_sent() ) {
			nocache_headers();
			header( 'Content-Type: text/html; charset=utf-8' );
		}
		/* translators: %s: the receipt number. */
		$title = sprintf( __( 'Receipt %s', 'donation-widget' ), $number );
		echo '<!DOCTYPE html><html lang="' . esc_attr( get_bloginfo( 'language' ) ) . '"><head><meta charset="utf-8" /><title>' . esc_html( $title ) . '</title>';
		echo '<style>body{font-family:Arial,Helvetica,sans-serif;margin:2em;color:#1e1e1e}.address{margin:0 0 2em;line-height:1.4}.void{font-size:48px;font-weight:700;color:#b32d2e;border:4px solid #b32d2e;display:inline-block;padding:0 .3em;margin:0 0 .5em}@media print{.no-print{display:none}}</style></head><body><main>';
		printf( '<h1 class="no-print">%s</h1>', esc_html( $title ) );
		printf( '<p class="no-print"><button type="button" onclick="window.print()">%s</button></p>', esc_html__( 'Print', 'donation-widget' ) );
		if ( DonationStatus::VOID === $donation->status() ) {
			printf( '<p class="void">%s</p><p>%s</p>', esc_html__( 'VOID', 'donation-widget' ), esc_html__( 'This receipt is cancelled: the gift was voided.', 'donation-widget' ) );
		}
		if ( array() !== $address ) {
			echo '<address class="address">' . implode( '<br />', array_map( 'esc_html', $address ) ) . '</address>'; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- each line escaped here.
		}
		echo wp_kses_post( $receipt['html'] );
		echo '</main></body></html>';
	}
}
