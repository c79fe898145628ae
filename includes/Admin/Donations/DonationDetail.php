<?php
/**
 * One donation, in full.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Donations;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Books\Payouts\KeepsBalance;
use DonationWidget\Checkout\GatewayRegistry;
use DonationWidget\Donations\Donation;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Donations\FailureReason;
use DonationWidget\Donations\GiftOrigin;
use DonationWidget\Donations\ImportedGift;
use DonationWidget\Receipts\DonationFormat;
use DonationWidget\Receipts\ReceiptLog;
use DonationWidget\Receipts\ReceiptSender;

/**
 * The detail view: who gave, what, how and when, the provider's ids, where the gift came from,
 * its refunds (with "Refund"), its receipts (with "Resend receipt"), and the other payments of
 * the same 4-weekly donation.
 */
final class DonationDetail {

	/**
	 * Filter: the admin page of a 4-weekly donation ('' for none), given its sub_… id. The
	 * 4-weekly donations screen answers it, so this screen links there without naming it (the
	 * other screens link here: Admin\Donations is the one they build on).
	 */
	public const SUBSCRIPTION_URL_FILTER = 'donation_widget_admin_subscription_url';

	/**
	 * Filter: the admin page of a payout ('' for none), given its po_… id; the Payouts screen
	 * answers it.
	 */
	public const PAYOUT_URL_FILTER = 'donation_widget_admin_payout_url';

	/**
	 * Filter: the admin page of the supporter a donation belongs to ('' for none), given the
	 * donation's id; the Donors screen answers it.
	 */
	public const DONOR_URL_FILTER = 'donation_widget_admin_donor_url';

	/**
	 * Builds the view.
	 *
	 * @param DonationRepository $donations Donation records.
	 * @param ReceiptSender      $receipts  Receipt numbers.
	 * @param ReceiptLog         $log       Receipts sent.
	 * @param RefundPanel        $refunds   Its refunds, and refunding it.
	 * @param GatewayRegistry    $gateways  The gateways, for where the money went.
	 */
	public function __construct(
		private readonly DonationRepository $donations,
		private readonly ReceiptSender $receipts,
		private readonly ReceiptLog $log,
		private readonly RefundPanel $refunds,
		private readonly GatewayRegistry $gateways
	) {
	}

	/**
	 * Prints the view of a donation.
	 *
	 * @param int $id Donation row id.
	 */
	public function render( int $id ): void {
		$donation = $this->donations->find( $id );
		echo '<div class="wrap donation-widget-donation">';
		printf( '<p><a href="%s">&larr; %s</a></p>', esc_url( DonationsPage::list_url() ), esc_html__( 'All donations', 'donation-widget' ) );
		if ( null === $donation ) {
			printf( '<h1>%s</h1><p>%s</p></div>', esc_html__( 'Donation not found', 'donation-widget' ), esc_html__( 'There is no donation with this number. It may have been made on another site.', 'donation-widget' ) );
			return;
		}
		/* translators: %d: donation id. */
		printf( '<h1 class="wp-heading-inline">%s</h1>', esc_html( sprintf( __( 'Donation #%d', 'donation-widget' ), $donation->id() ) ) );
		echo '<hr class="wp-header-end" />';
		$this->notice();

		$this->section( __( 'Donor', 'donation-widget' ), $this->donor_rows( $donation ) );
		$this->section( __( 'Payment', 'donation-widget' ), $this->payment_rows( $donation ) );
		// A gift no provider took (received offline, imported) has no refund to ask for and no
		// provider ids; a mistaken offline gift is voided on its own screen instead.
		if ( GiftOrigin::is_provider_payment( $donation->provider() ) ) {
			$this->refunds->render( $donation );
			$this->section( __( 'Provider references', 'donation-widget' ), $this->reference_rows( $donation ) );
		}
		$this->section( __( 'Source', 'donation-widget' ), $this->source_rows( $donation ) );
		/**
		 * More sections of a donation's screen (the books: fees, disputes).
		 *
		 * @param Donation $donation The donation shown.
		 */
		do_action( 'donation_widget_donation_detail', $donation );
		$this->render_receipts( $donation );
		$this->render_history( $donation );
		echo '</div>';
	}

	/**
	 * The result of a resend, after its redirect.
	 */
	private function notice(): void {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only picks which message to show.
		$result   = isset( $_GET['receipt'] ) ? sanitize_key( wp_unslash( $_GET['receipt'] ) ) : '';
		$messages = array(
			ReceiptSender::SENT          => array( 'success', __( 'Receipt sent again to the donor.', 'donation-widget' ) ),
			ReceiptSender::FAILED        => array( 'error', __( 'The receipt could not be sent. Check the site can send email, then try again.', 'donation-widget' ) ),
			ReceiptSender::NOT_RECEIPTED => array( 'warning', __( 'Only a succeeded donation has a receipt.', 'donation-widget' ) ),
			ReceiptSender::NO_EMAIL      => array( 'warning', __( 'This donation has no email address to send a receipt to.', 'donation-widget' ) ),
		);
		if ( isset( $messages[ $result ] ) ) {
			printf( '<div class="notice notice-%s"><p>%s</p></div>', esc_attr( $messages[ $result ][0] ), esc_html( $messages[ $result ][1] ) );
		}
		$this->refunds->notice();
	}

	/**
	 * The donor's details.
	 *
	 * @param Donation $donation The donation.
	 * @return array<string, string>
	 */
	private function donor_rows( Donation $donation ): array {
		$address   = array_filter(
			array(
				$donation->value( 'address_line1' ),
				$donation->value( 'address_line2' ),
				trim( implode( ' ', array_filter( array( $donation->value( 'city' ), $donation->value( 'state' ), $donation->value( 'postcode' ) ) ) ) ),
				$donation->value( 'country' ),
			)
		);
		$supporter = self::url( apply_filters( 'donation_widget_admin_donor_url', '', $donation->id() ) );
		return array(
			__( 'Name', 'donation-widget' )         => esc_html( trim( $donation->value( 'first_name' ) . ' ' . $donation->value( 'last_name' ) ) ),
			__( 'Supporter', 'donation-widget' )    => '' !== $supporter ? sprintf( '<a href="%s">%s</a>', esc_url( $supporter ), esc_html__( 'All of this donor\'s gifts', 'donation-widget' ) ) : '',
			__( 'Donated as', 'donation-widget' )   => esc_html( 'organisation' === $donation->value( 'donate_as' ) ? __( 'Organisation', 'donation-widget' ) : __( 'Individual', 'donation-widget' ) ),
			__( 'Organisation', 'donation-widget' ) => esc_html( $donation->value( 'organisation_name' ) ),
			__( 'Email', 'donation-widget' )        => '' !== $donation->email() ? sprintf( '<a href="%s">%s</a>', esc_url( 'mailto:' . $donation->email() ), esc_html( $donation->email() ) ) : '',
			__( 'Mobile', 'donation-widget' )       => esc_html( $donation->value( 'mobile' ) ),
			__( 'Address', 'donation-widget' )      => implode( '<br />', array_map( 'esc_html', $address ) ),
			__( 'In honour of', 'donation-widget' ) => esc_html( $donation->value( 'in_memory_of' ) ),
		);
	}

	/**
	 * What was given, how, and what happened to it.
	 *
	 * @param Donation $donation The donation.
	 * @return array<string, string>
	 */
	private function payment_rows( Donation $donation ): array {
		$frequency = DonationFormat::frequency( $donation->frequency() );
		if ( str_starts_with( $donation->attempt_id(), 'invoice:' ) ) {
			$frequency .= ' ' . __( '(renewal)', 'donation-widget' );
		}
		$rows = array(
			__( 'Status', 'donation-widget' )         => esc_html( DonationFormat::status( $donation->status() ) ),
			__( 'Gift', 'donation-widget' )           => esc_html( DonationFormat::money( $donation->amount_cents() ) ),
			__( 'Fundraising cost cover', 'donation-widget' ) => esc_html( DonationFormat::money( $donation->cover_cents() ) ),
			__( 'Total', 'donation-widget' )          => esc_html( $this->total( $donation ) ),
			__( 'Frequency', 'donation-widget' )      => esc_html( $frequency ),
			__( 'Payment method', 'donation-widget' ) => esc_html( $this->method_label( $donation ) ),
		);
		if ( ImportedGift::is_imported( $donation ) ) {
			$rows[ __( 'Imported', 'donation-widget' ) ] = '<strong class="donation-widget-imported">' . esc_html( ImportedGift::label( $donation->provider_reference() ) ) . '</strong> ' . esc_html__( '(never receipted by this site)', 'donation-widget' );
		}
		if ( '' !== $donation->failure_reason() ) {
			$label          = DonationStatus::FAILED === $donation->status() ? __( 'Failure reason', 'donation-widget' ) : __( 'Note', 'donation-widget' );
			$rows[ $label ] = FailureReason::html( $donation );
		}
		if ( '' !== $donation->review_reason() ) {
			$rows[ __( 'Review', 'donation-widget' ) ] = '<strong class="donation-widget-needs-review">' . esc_html( ReviewReason::label( $donation->review_reason() ) ) . '</strong>';
		}
		return $rows;
	}

	/**
	 * How the gift was paid, as the list shows it too.
	 *
	 * @param Donation $donation The donation.
	 */
	private function method_label( Donation $donation ): string {
		/**
		 * How a donation was paid, for staff (such as "Offline gift (cheque 123)").
		 *
		 * @param string   $label    The payment method's name.
		 * @param Donation $donation The donation.
		 */
		$label = apply_filters( 'donation_widget_donation_method_label', DonationFormat::method( $donation->method() ), $donation );
		return is_string( $label ) ? $label : DonationFormat::method( $donation->method() );
	}

	/**
	 * The total the donor paid, and how it splits when they added the cover: the charity
	 * receives all of it.
	 *
	 * @param Donation $donation The donation.
	 */
	private function total( Donation $donation ): string {
		$total = DonationFormat::money( $donation->total_cents() ) . ' ' . $donation->currency();
		if ( 0 === $donation->cover_cents() ) {
			return $total;
		}
		return sprintf(
			/* translators: 1: total with currency, such as $36.75 AUD, 2: the gift, 3: the cover. */
			__( '%1$s (gift %2$s, cover %3$s)', 'donation-widget' ),
			$total,
			DonationFormat::money( $donation->amount_cents() ),
			DonationFormat::money( $donation->cover_cents() )
		);
	}

	/**
	 * The provider's ids, to find the payment in the provider's dashboard.
	 *
	 * @param Donation $donation The donation.
	 * @return array<string, string>
	 */
	private function reference_rows( Donation $donation ): array {
		$code         = static fn ( string $value ): string => '' !== $value ? '<code>' . esc_html( $value ) . '</code>' : '';
		$subscription = $code( $donation->subscription_id() );
		$url          = '' !== $donation->subscription_id() ? self::url( apply_filters( 'donation_widget_admin_subscription_url', '', $donation->subscription_id() ) ) : '';
		if ( '' !== $url ) {
			$subscription = sprintf( '<a href="%s">%s</a>', esc_url( $url ), $subscription );
		}
		return array(
			__( 'Provider', 'donation-widget' )       => esc_html( ucfirst( $donation->provider() ) ),
			__( 'Charge or capture ID', 'donation-widget' ) => $code( $donation->provider_reference() ),
			__( 'Payment intent', 'donation-widget' ) => $code( $donation->payment_intent_id() ),
			__( 'Customer', 'donation-widget' )       => $code( $donation->customer_id() ),
			__( 'Subscription', 'donation-widget' )   => $subscription,
			__( 'Payout', 'donation-widget' )         => $this->payout( $donation ),
		);
	}

	/**
	 * The bank deposit (the provider's payout) the payment arrived in, linked to its explanation.
	 *
	 * @param Donation $donation The donation.
	 * @return string Escaped HTML.
	 */
	private function payout( Donation $donation ): string {
		if ( '' !== $donation->payout_id() ) {
			$code = '<code>' . esc_html( $donation->payout_id() ) . '</code>';
			$url  = self::url( apply_filters( 'donation_widget_admin_payout_url', '', $donation->payout_id() ) );
			return '' !== $url ? sprintf( '<a href="%s">%s</a>', esc_url( $url ), $code ) : $code;
		}
		$gateway = $this->gateways->gateway( $donation->provider() );
		if ( $gateway instanceof KeepsBalance ) {
			/* translators: %s: the provider's name. */
			return esc_html( sprintf( __( 'None: %1$s keeps the money in the %1$s balance until it is moved by hand.', 'donation-widget' ), $gateway->label() ) );
		}
		return esc_html__( 'Not paid out yet', 'donation-widget' );
	}

	/**
	 * Another screen's answer to SUBSCRIPTION_URL_FILTER, PAYOUT_URL_FILTER or DONOR_URL_FILTER.
	 *
	 * @param mixed $url What the filter returned.
	 * @return string The URL, or '' when no screen answered.
	 */
	private static function url( mixed $url ): string {
		return is_string( $url ) ? $url : '';
	}

	/**
	 * Where and when the donation was made.
	 *
	 * @param Donation $donation The donation.
	 * @return array<string, string>
	 */
	private function source_rows( Donation $donation ): array {
		$rows = array(
			__( 'Iteration ID', 'donation-widget' ) => esc_html( $donation->value( 'iteration_id' ) ),
		);
		foreach ( array( 'utm_campaign', 'utm_source', 'utm_medium', 'utm_content', 'utm_term' ) as $utm ) {
			$rows[ $utm ] = esc_html( $donation->value( $utm ) );
		}
		$page_url = $donation->page_url();
		$rows    += array(
			__( 'Page', 'donation-widget' )         => '' !== $page_url ? sprintf( '<a href="%1$s">%2$s</a>', esc_url( $page_url ), esc_html( $page_url ) ) : '',
			__( 'Attempt ID', 'donation-widget' )   => '<code>' . esc_html( $donation->attempt_id() ) . '</code>',
			__( 'Created', 'donation-widget' )      => esc_html( DonationFormat::date_time( $donation->value( 'created_at' ) ) ),
			__( 'Last updated', 'donation-widget' ) => esc_html( DonationFormat::date_time( $donation->value( 'updated_at' ) ) ),
		);
		return $rows;
	}

	/**
	 * The receipt number, every receipt sent, and the resend button.
	 *
	 * @param Donation $donation The donation.
	 */
	private function render_receipts( Donation $donation ): void {
		printf( '<h2>%s</h2>', esc_html__( 'Receipt', 'donation-widget' ) );
		$receipts = $this->log->for_donation( $donation->id() );
		$number   = $this->receipts->number( $donation );
		$rows     = array( __( 'Receipt number', 'donation-widget' ) => esc_html( '' !== $number ? $number : __( 'None: a receipt number is given when the money is received.', 'donation-widget' ) ) );
		$this->table( $rows );
		if ( array() === $receipts ) {
			printf( '<p>%s</p>', esc_html__( 'No receipt has been emailed for this donation.', 'donation-widget' ) );
		} else {
			printf(
				'<table class="widefat striped donation-widget-receipts"><thead><tr><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th></tr></thead><tbody>',
				esc_html__( 'Sent', 'donation-widget' ),
				esc_html__( 'How', 'donation-widget' ),
				esc_html__( 'Result', 'donation-widget' )
			);
			foreach ( $receipts as $receipt ) {
				$user = $receipt['sent_by'] > 0 ? get_userdata( $receipt['sent_by'] ) : false;
				$how  = $receipt['automatic']
					? __( 'Automatically, when the payment succeeded', 'donation-widget' )
					/* translators: %s: the staff member's display name. */
					: sprintf( __( 'Resent by %s', 'donation-widget' ), false !== $user ? $user->display_name : __( 'a former user', 'donation-widget' ) );
				$result = array(
					ReceiptLog::SENT    => __( 'Sent', 'donation-widget' ),
					ReceiptLog::FAILED  => __( 'Failed', 'donation-widget' ),
					ReceiptLog::SENDING => __( 'Sending', 'donation-widget' ),
					ReceiptLog::QUEUED  => __( 'Queued', 'donation-widget' ),
				)[ $receipt['status'] ] ?? $receipt['status'];
				printf(
					'<tr><td>%s</td><td>%s</td><td>%s</td></tr>',
					esc_html( DonationFormat::date_time( $receipt['created_at'] ) ),
					esc_html( $how ),
					esc_html( $result )
				);
			}
			echo '</tbody></table>';
		}//end if
		if ( in_array( $donation->status(), array( DonationStatus::SUCCEEDED, DonationStatus::PARTIALLY_REFUNDED ), true ) && ReceiptSender::can_email( $donation->email() ) ) {
			printf( '<form method="post" action="%s">', esc_url( admin_url( 'admin-post.php' ) ) );
			printf( '<input type="hidden" name="action" value="%s" />', esc_attr( DonationsPage::RESEND_ACTION ) );
			printf( '<input type="hidden" name="donation_id" value="%d" />', (int) $donation->id() );
			wp_nonce_field( DonationsPage::resend_nonce_action( $donation->id() ) );
			/* translators: %s: the donor's email address. */
			printf( '<p><button type="submit" class="button">%s</button> <span class="description">%s</span></p>', esc_html__( 'Resend receipt', 'donation-widget' ), esc_html( sprintf( __( 'Emails a copy to %s.', 'donation-widget' ), $donation->email() ) ) );
			echo '</form>';
		}
	}

	/**
	 * The other payments of the same 4-weekly donation, refunds included.
	 *
	 * @param Donation $donation The donation.
	 */
	private function render_history( Donation $donation ): void {
		printf( '<h2>%s</h2>', esc_html__( 'History', 'donation-widget' ) );
		$history = '' !== $donation->subscription_id() ? $this->donations->find_all_of_subscription( $donation->subscription_id() ) : array( $donation );
		if ( count( $history ) > 1 ) {
			printf( '<p>%s</p>', esc_html__( 'Every payment of this 4-weekly donation:', 'donation-widget' ) );
		}
		printf(
			'<table class="widefat striped donation-widget-history"><thead><tr><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th></tr></thead><tbody>',
			esc_html__( 'Donation', 'donation-widget' ),
			esc_html__( 'Date', 'donation-widget' ),
			esc_html__( 'Amount', 'donation-widget' ),
			esc_html__( 'Status', 'donation-widget' )
		);
		$refunded = 0;
		foreach ( $history as $row ) {
			if ( in_array( $row->status(), array( DonationStatus::REFUNDED, DonationStatus::PARTIALLY_REFUNDED ), true ) ) {
				++$refunded;
			}
			/* translators: %d: donation id. */
			$label = esc_html( sprintf( __( '#%d', 'donation-widget' ), $row->id() ) );
			printf(
				'<tr%s><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>',
				$row->id() === $donation->id() ? ' aria-current="true" class="donation-widget-current"' : '',
				$row->id() === $donation->id() ? '<strong>' . $label . ' ' . esc_html__( '(this donation)', 'donation-widget' ) . '</strong>' : sprintf( '<a href="%s">%s</a>', esc_url( DonationsPage::detail_url( $row->id() ) ), $label ), // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- $label is escaped above.
				esc_html( DonationFormat::date_time( $row->value( 'created_at' ) ) ),
				esc_html( DonationFormat::money( $row->total_cents() ) ),
				esc_html( DonationFormat::status( $row->status() ) . ( DonationStatus::FAILED === $row->status() && '' !== $row->failure_reason() ? ': ' . FailureReason::text( $row ) : '' ) )
			);
		}
		echo '</tbody></table>';
		printf(
			'<p>%s</p>',
			esc_html(
				0 === $refunded
					? __( 'No refunds.', 'donation-widget' )
					/* translators: %d: number of refunded payments. */
					: sprintf( _n( '%d payment refunded (in full or in part) through the payment provider.', '%d payments refunded (in full or in part) through the payment provider.', $refunded, 'donation-widget' ), $refunded )
			)
		);
	}

	/**
	 * A heading and a two-column table of label => already escaped HTML.
	 *
	 * @param string                $heading Section heading.
	 * @param array<string, string> $rows    Label => escaped HTML ('' shows a dash).
	 */
	private function section( string $heading, array $rows ): void {
		printf( '<h2>%s</h2>', esc_html( $heading ) );
		$this->table( $rows );
	}

	/**
	 * A two-column table of label => already escaped HTML.
	 *
	 * @param array<string, string> $rows Label => escaped HTML.
	 */
	private function table( array $rows ): void {
		echo '<table class="widefat striped donation-widget-details"><tbody>';
		foreach ( $rows as $label => $html ) {
			printf(
				'<tr><th scope="row" style="width: 14em;">%s</th><td>%s</td></tr>',
				esc_html( (string) $label ),
				'' !== $html ? wp_kses_post( $html ) : '&mdash;'
			);
		}
		echo '</tbody></table>';
	}
}
