<?php
/**
 * The fee and the disputes on a donation's screen.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Books;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Books\Disputes\Dispute;
use DonationWidget\Books\Disputes\DisputeRepository;
use DonationWidget\Books\Fees\ReadsFees;
use DonationWidget\Checkout\GatewayRegistry;
use DonationWidget\Donations\Donation;
use DonationWidget\Donations\GiftFigures;
use DonationWidget\Receipts\DonationFormat;

/**
 * Two sections of the donation detail view (DonationDetail fires donation_widget_donation_detail):
 * what the provider took and what reached its balance, and every chargeback with its deadline.
 */
final class DonationBooksSections {

	/**
	 * Builds the sections.
	 *
	 * @param DisputeRepository $disputes The disputes table.
	 * @param GatewayRegistry   $gateways The gateways: whose fees are read, and their names.
	 */
	public function __construct( private readonly DisputeRepository $disputes, private readonly GatewayRegistry $gateways ) {
	}

	/**
	 * Prints both sections.
	 *
	 * @param Donation $donation The donation shown.
	 */
	public function render( Donation $donation ): void {
		$this->render_fees( $donation );
		$this->render_disputes( $donation );
	}

	/**
	 * The provider's fees, what was kept and the net, or why they are not known yet.
	 *
	 * @param Donation $donation The donation.
	 */
	private function render_fees( Donation $donation ): void {
		printf( '<h2>%s</h2>', esc_html__( 'Fees', 'donation-widget' ) );
		if ( null === $donation->fee_cents() ) {
			printf(
				'<p>%s</p>',
				esc_html(
					$this->gateways->gateway( $donation->provider() ) instanceof ReadsFees && '' !== $donation->provider_reference()
						? __( 'The payment provider has not reported its fee yet. It is read within a few minutes of the payment clearing.', 'donation-widget' )
						: __( 'No fee: no money has been received for this donation.', 'donation-widget' )
				)
			);
			return;
		}
		// Every figure as the reports, payouts, statements and exports count it (GiftFigures): the
		// net is what reaches the bank after refunds, lost disputes and dispute fees too.
		$figures = GiftFigures::of( $donation );
		$rows    = array(
			__( 'Provider fee', 'donation-widget' ) => DonationFormat::money( (int) $donation->fee_cents() ),
		);
		if ( $donation->dispute_fee_cents() > 0 ) {
			$rows[ __( 'Dispute fees', 'donation-widget' ) ] = DonationFormat::money( $donation->dispute_fee_cents() );
		}
		if ( $figures->refunded_cents > 0 ) {
			$rows[ __( 'Refunded', 'donation-widget' ) ] = DonationFormat::money( $figures->refunded_cents );
		}
		if ( $figures->dispute_lost_cents > 0 ) {
			$rows[ __( 'Lost to dispute', 'donation-widget' ) ] = DonationFormat::money( $figures->dispute_lost_cents );
		}
		$rows[ __( 'Kept (gift less refunds and lost disputes)', 'donation-widget' ) ] = DonationFormat::money( $figures->kept_cents() );
		$rows[ __( 'Net received', 'donation-widget' ) ]                               = DonationFormat::money( $figures->net_cents() );
		if ( '' !== $donation->value( 'balance_transaction_id' ) ) {
			$rows[ __( 'Balance transaction', 'donation-widget' ) ] = $donation->value( 'balance_transaction_id' );
		}
		echo '<table class="widefat striped donation-widget-details donation-widget-fees"><tbody>';
		foreach ( $rows as $label => $value ) {
			printf( '<tr><th scope="row" style="width: 14em;">%s</th><td>%s</td></tr>', esc_html( $label ), esc_html( $value ) );
		}
		echo '</tbody></table>';
	}

	/**
	 * Every dispute of the donation, newest first.
	 *
	 * @param Donation $donation The donation.
	 */
	private function render_disputes( Donation $donation ): void {
		$disputes = $this->disputes->for_donation( $donation->id() );
		if ( array() === $disputes && '' === $donation->dispute_status() ) {
			return;
		}
		printf( '<h2>%s</h2>', esc_html__( 'Disputes', 'donation-widget' ) );
		if ( $donation->dispute_lost_cents() > 0 ) {
			printf(
				'<div class="notice notice-error inline"><p>%s</p></div>',
				esc_html(
					sprintf(
						/* translators: %s: amount, such as $50.00. */
						__( 'The dispute was lost: the donor\'s bank took back %s, which no longer counts in the totals.', 'donation-widget' ),
						DonationFormat::money( $donation->dispute_lost_cents() )
					)
				)
			);
		}
		printf(
			'<table class="widefat striped donation-widget-disputes"><caption class="screen-reader-text">%s</caption><thead><tr><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th></tr></thead><tbody>',
			esc_html__( 'Disputes of this donation', 'donation-widget' ),
			esc_html__( 'Raised', 'donation-widget' ),
			esc_html__( 'Amount', 'donation-widget' ),
			esc_html__( 'Reason', 'donation-widget' ),
			esc_html__( 'Status', 'donation-widget' ),
			esc_html__( 'Evidence due', 'donation-widget' ),
			esc_html__( 'Outcome', 'donation-widget' ),
			esc_html__( 'Dispute fee', 'donation-widget' )
		);
		foreach ( $disputes as $dispute ) {
			$due = '' !== $dispute->evidence_due_at && $dispute->is_open() ? DonationFormat::date( $dispute->evidence_due_at ) : '—';
			printf(
				'<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>',
				esc_html( DonationFormat::date( $dispute->created_at ) ),
				esc_html( DonationFormat::money( $dispute->amount_cents ) ),
				esc_html( self::reason( $dispute->reason ) ),
				esc_html( self::status( $dispute->status ) ),
				esc_html( $due ),
				esc_html( self::outcome( $dispute->outcome() ) ),
				esc_html( DonationFormat::money( $dispute->fee_cents ) )
			);
		}
		echo '</tbody></table>';
		$gateway = $this->gateways->gateway( $donation->provider() );
		/* translators: %s: the provider's name. */
		printf( '<p class="description">%s</p>', esc_html( sprintf( __( 'Answer a dispute, with evidence, in the %s Dashboard before its due date.', 'donation-widget' ), null !== $gateway ? $gateway->label() : $donation->provider() ) ) );
	}

	/**
	 * A donation's status as staff should read it where a dispute changes what it means: a gift
	 * whose dispute was lost is "Disputed — lost" (not "Succeeded": its money went back), one won
	 * "Dispute won", one still open "Disputed — open"; otherwise its status.
	 *
	 * @param Donation $donation The donation.
	 */
	public static function standing( Donation $donation ): string {
		$status = DonationFormat::status( $donation->status() );
		if ( '' === $donation->dispute_status() ) {
			return $status;
		}
		$dispute = new Dispute( '', $donation->id(), '', 0, 0, '', '', $donation->dispute_status(), '', '' );
		if ( Dispute::LOST === $dispute->outcome() ) {
			return __( 'Disputed — lost', 'donation-widget' );
		}
		if ( Dispute::WON === $dispute->outcome() ) {
			/* translators: %s: the donation's status, such as Succeeded. */
			return sprintf( __( 'Dispute won (%s)', 'donation-widget' ), $status );
		}
		return $dispute->is_open() ? __( 'Disputed — open', 'donation-widget' ) : $status;
	}

	/**
	 * Words for the provider's dispute status.
	 *
	 * @param string $status The provider's status.
	 */
	public static function status( string $status ): string {
		$labels = array(
			'warning_needs_response' => __( 'Inquiry: needs a response', 'donation-widget' ),
			'warning_under_review'   => __( 'Inquiry: under review', 'donation-widget' ),
			'warning_closed'         => __( 'Inquiry closed', 'donation-widget' ),
			'needs_response'         => __( 'Needs a response', 'donation-widget' ),
			'under_review'           => __( 'Under review', 'donation-widget' ),
			'appeal_needs_response'  => __( 'Appeal: needs a response', 'donation-widget' ),
			'appeal_under_review'    => __( 'Appeal: under review', 'donation-widget' ),
			'won'                    => __( 'Won', 'donation-widget' ),
			'lost'                   => __( 'Lost', 'donation-widget' ),
			'prevented'              => __( 'Prevented', 'donation-widget' ),
		);
		return $labels[ $status ] ?? $status;
	}

	/**
	 * Words for the provider's dispute reason.
	 *
	 * @param string $reason The provider's reason, such as fraudulent.
	 */
	private static function reason( string $reason ): string {
		$labels = array(
			'fraudulent'            => __( 'Fraudulent', 'donation-widget' ),
			'unrecognized'          => __( 'Unrecognised', 'donation-widget' ),
			'duplicate'             => __( 'Duplicate', 'donation-widget' ),
			'debit_not_authorized'  => __( 'Debit not authorised', 'donation-widget' ),
			'credit_not_processed'  => __( 'Credit not processed', 'donation-widget' ),
			'subscription_canceled' => __( 'Subscription cancelled', 'donation-widget' ),
			'general'               => __( 'General', 'donation-widget' ),
		);
		return $labels[ $reason ] ?? ucfirst( str_replace( '_', ' ', $reason ) );
	}

	/**
	 * Words for an outcome.
	 *
	 * @param string $outcome won, lost or ''.
	 */
	private static function outcome( string $outcome ): string {
		if ( Dispute::WON === $outcome ) {
			return __( 'Won', 'donation-widget' );
		}
		return Dispute::LOST === $outcome ? __( 'Lost', 'donation-widget' ) : __( 'Open', 'donation-widget' );
	}
}
