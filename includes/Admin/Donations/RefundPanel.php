<?php
/**
 * The Refunds section of a donation's screen.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Donations;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Books\Refunds\Refund;
use DonationWidget\Books\Refunds\RefundOutcome;
use DonationWidget\Books\Refunds\Refunds;
use DonationWidget\Checkout\GatewayRegistry;
use DonationWidget\Checkout\ProviderRefund;
use DonationWidget\Donations\Donation;
use DonationWidget\Donations\Money;
use DonationWidget\Receipts\DonationFormat;

/**
 * What was refunded (each refund: when, how much, why, who, and what the provider says of it),
 * and a refund of all or part of what is left. "Review refund" only asks: the next step names
 * the amount and the donor, and its button refunds (admin-post.php). Works without JavaScript.
 */
final class RefundPanel {

	public const ACTION = 'donation_widget_refund';

	/**
	 * Builds the panel.
	 *
	 * @param Refunds         $refunds  The books' refunds.
	 * @param GatewayRegistry $gateways The gateways, for the provider's name.
	 */
	public function __construct( private readonly Refunds $refunds, private readonly GatewayRegistry $gateways ) {
	}

	/**
	 * The nonce action of refunding one donation.
	 *
	 * @param int $id Donation row id.
	 */
	public static function nonce_action( int $id ): string {
		return self::ACTION . '_' . $id;
	}

	/**
	 * The result of a refund, after its redirect.
	 */
	public function notice(): void {
		// phpcs:disable WordPress.Security.NonceVerification.Recommended -- only picks which message to show.
		$result    = isset( $_GET['refund_result'] ) ? sanitize_key( wp_unslash( $_GET['refund_result'] ) ) : '';
		$refund_id = isset( $_GET['refund_id'] ) ? absint( wp_unslash( $_GET['refund_id'] ) ) : 0;
		// phpcs:enable WordPress.Security.NonceVerification.Recommended
		if ( '' === $result ) {
			return;
		}
		$refund = $refund_id > 0 ? $this->refunds->find( $refund_id ) : null;
		$amount = null !== $refund ? DonationFormat::money( $refund->amount_cents() ) : '';
		$said   = null !== $refund && '' !== $refund->failure() ? $refund->failure() : __( 'no reason given', 'donation-widget' );
		$notice = match ( $result ) {
			/* translators: %s: amount, such as $10.00. */
			RefundOutcome::REFUNDED => array( 'success', sprintf( __( 'Refunded %s to the donor.', 'donation-widget' ), $amount ) ),
			RefundOutcome::ALREADY => array( 'info', __( 'This refund had already been asked for (a second click, or another person at the same moment): nothing more was refunded.', 'donation-widget' ) ),
			RefundOutcome::STALE => array( 'warning', __( 'This donation was refunded meanwhile (see its refunds below). Nothing more was refunded: check what is left before refunding again.', 'donation-widget' ) ),
			/* translators: %s: the payment provider's own words. */
			RefundOutcome::REFUSED => array( 'error', sprintf( __( 'The payment provider refused the refund: %s. Nothing was refunded.', 'donation-widget' ), $said ) ),
			RefundOutcome::UNKNOWN => array( 'warning', __( 'The payment provider did not answer. The refund may have been made: it shows below once the provider confirms it. Confirming the same refund again after two minutes asks the provider again without refunding twice.', 'donation-widget' ) ),
			RefundOutcome::INVALID_AMOUNT => array( 'error', __( 'That amount cannot be refunded, so nothing was refunded: enter an amount from $0.01 to what is left.', 'donation-widget' ) ),
			RefundOutcome::NOT_REFUNDABLE => array( 'error', __( 'This donation cannot be refunded here.', 'donation-widget' ) ),
			default => null,
		};
		if ( null !== $notice ) {
			printf( '<div class="notice notice-%s"><p>%s</p></div>', esc_attr( $notice[0] ), esc_html( $notice[1] ) );
		}
	}

	/**
	 * Prints the Refunds section: the confirmation step when the admin asked for one, else the
	 * refunds so far and the form.
	 *
	 * @param Donation $donation The donation.
	 */
	public function render( Donation $donation ): void {
		// phpcs:disable WordPress.Security.NonceVerification.Recommended -- the review step changes nothing; the refund itself checks its nonce.
		$confirm = isset( $_GET['confirm'] ) && 'refund' === sanitize_key( wp_unslash( $_GET['confirm'] ) );
		// Read as typed, not through sanitize_text_field(), which would trim " 12" or "12\n" into an amount.
		$typed  = isset( $_GET['refund_amount'] ) ? wp_unslash( $_GET['refund_amount'] ) : ''; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- Money::parse_dollars() accepts digits and one point only; shown again only through esc_attr().
		$reason = isset( $_GET['refund_reason'] ) ? sanitize_text_field( wp_unslash( $_GET['refund_reason'] ) ) : '';
		$seen   = isset( $_GET['refund_seen'] ) ? self::whole_cents( wp_unslash( $_GET['refund_seen'] ) ) : $donation->refunded_cents(); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- whole_cents() accepts digits only.
		$result = isset( $_GET['refund_result'] ) ? sanitize_key( wp_unslash( $_GET['refund_result'] ) ) : '';
		// phpcs:enable WordPress.Security.NonceVerification.Recommended
		printf( '<h2 id="donation-widget-refunds">%s</h2>', esc_html__( 'Refunds', 'donation-widget' ) );
		$left  = $this->refunds->refundable_cents( $donation );
		$error = $confirm ? self::amount_error( $typed, $left, $seen ) : '';
		if ( $confirm && '' === $error && null !== $seen ) {
			$this->render_confirmation( $donation, (int) Money::parse_dollars( $typed ), $reason, $seen );
			return;
		}
		if ( RefundOutcome::INVALID_AMOUNT === $result && '' === $error ) {
			// The confirmed amount came back refused (a changed form): say so beside the field too.
			$error = self::range_message( $left );
		}
		$this->render_summary( $donation );
		$this->render_history( $donation );
		if ( $left > 0 ) {
			$this->render_form( $donation, $left, $confirm && '' !== $error && is_string( $typed ) ? sanitize_text_field( $typed ) : '', $reason, $error );
		}
	}

	/**
	 * Why a typed refund amount cannot be reviewed, or '' when it can.
	 *
	 * @param mixed    $typed The amount field's value, as sent.
	 * @param int      $left  Cents that may still be refunded.
	 * @param int|null $seen  The refunded cents the form was made with (null: not a number).
	 */
	private static function amount_error( mixed $typed, int $left, ?int $seen ): string {
		if ( null === $seen ) {
			return __( 'This form was changed or is out of date: review the refund again.', 'donation-widget' );
		}
		$cents = Money::parse_dollars( $typed );
		if ( null === $cents ) {
			return __( 'Enter the amount in dollars and cents as digits, such as 12.50, with no $ sign, commas or spaces.', 'donation-widget' ) . ' ' . self::range_message( $left );
		}
		return $cents > $left ? self::range_message( $left ) : '';
	}

	/**
	 * The amounts that may be refunded, in words.
	 *
	 * @param int $left Cents that may still be refunded.
	 */
	private static function range_message( int $left ): string {
		/* translators: %s: the most that may be refunded, such as $50.00. */
		return sprintf( __( 'Enter an amount from $0.01 to %s.', 'donation-widget' ), DonationFormat::money( $left ) );
	}

	/**
	 * Whole cents, zero included (a refunded total), as a form's hidden field carries them; null
	 * for anything else, never coerced.
	 *
	 * @param mixed $value The submitted value, unslashed.
	 */
	private static function whole_cents( mixed $value ): ?int {
		return '0' === $value ? 0 : Money::parse_cents( $value );
	}

	/**
	 * The admin-post.php handler of the confirmed refund: checks the nonce and capability,
	 * refunds once, and returns to the donation with the result.
	 */
	public function handle(): void {
		$id = isset( $_POST['donation_id'] ) ? absint( wp_unslash( $_POST['donation_id'] ) ) : 0; // phpcs:ignore WordPress.Security.NonceVerification.Missing -- the nonce names the donation, so it is checked just below.
		check_admin_referer( self::nonce_action( $id ) );
		if ( ! DonationsCapability::current_user_can() ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to refund donations.', 'donation-widget' ), '', array( 'response' => 403 ) );
		}
		// Strictly, never through absint(): a hand-made "-1" or "12.50" is refused, not sent as 1 or 12 cents.
		$amount  = Money::parse_cents( wp_unslash( $_POST['amount_cents'] ?? '' ) ); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- parse_cents() accepts digits only.
		$seen    = self::whole_cents( wp_unslash( $_POST['seen_refunded_cents'] ?? '' ) ); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- whole_cents() accepts digits only.
		$reason  = isset( $_POST['reason'] ) ? sanitize_text_field( wp_unslash( $_POST['reason'] ) ) : '';
		$outcome = null === $amount || null === $seen
			? new RefundOutcome( RefundOutcome::INVALID_AMOUNT )
			: $this->refunds->request( $id, $amount, $reason, $seen, get_current_user_id() );
		$args    = array( 'refund_result' => $outcome->kind );
		if ( null !== $outcome->refund ) {
			$args['refund_id'] = (string) $outcome->refund->id();
		}
		wp_safe_redirect( add_query_arg( $args, DonationsPage::detail_url( $id ) ) . '#donation-widget-refunds' );
		exit;
	}

	/**
	 * How much was given, refunded and kept.
	 *
	 * @param Donation $donation The donation.
	 */
	private function render_summary( Donation $donation ): void {
		if ( 0 === $donation->refunded_cents() ) {
			return;
		}
		printf(
			'<p>%s</p>',
			esc_html(
				sprintf(
					/* translators: 1: amount refunded, 2: the donation's total, 3: the amount kept. */
					__( '%1$s of %2$s refunded; %3$s kept.', 'donation-widget' ),
					DonationFormat::money( $donation->refunded_cents() ),
					DonationFormat::money( $donation->total_cents() ),
					DonationFormat::money( $donation->kept_cents() )
				)
			)
		);
	}

	/**
	 * Every refund of the donation, oldest first.
	 *
	 * @param Donation $donation The donation.
	 */
	private function render_history( Donation $donation ): void {
		$history = $this->refunds->history( $donation->id() );
		if ( array() === $history ) {
			printf( '<p>%s</p>', esc_html__( 'Nothing has been refunded.', 'donation-widget' ) );
			return;
		}
		printf(
			'<table class="widefat striped donation-widget-refunds"><caption class="screen-reader-text">%s</caption><thead><tr><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th></tr></thead><tbody>',
			esc_html__( 'Refunds of this donation', 'donation-widget' ),
			esc_html__( 'Date', 'donation-widget' ),
			esc_html__( 'Amount', 'donation-widget' ),
			esc_html__( 'Status', 'donation-widget' ),
			esc_html__( 'Reason', 'donation-widget' ),
			esc_html__( 'By', 'donation-widget' ),
			esc_html__( 'Refund ID', 'donation-widget' )
		);
		foreach ( $history as $refund ) {
			$refund_id = '' !== $refund->provider_refund_id() ? '<code>' . esc_html( $refund->provider_refund_id() ) . '</code>' : '&mdash;';
			printf(
				'<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>',
				esc_html( DonationFormat::date_time( $refund->created_at() ) ),
				esc_html( DonationFormat::money( $refund->amount_cents() ) ),
				esc_html( self::status_text( $refund ) ),
				esc_html( $refund->reason() ),
				esc_html( $this->who( $refund, $donation ) ),
				$refund_id // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped just above.
			);
		}
		echo '</tbody></table>';
	}

	/**
	 * The refund form: amount (all of what is left unless changed) and reason.
	 *
	 * @param Donation $donation The donation.
	 * @param int      $left     Cents that may be refunded.
	 * @param string   $typed    The amount typed before, when it was refused.
	 * @param string   $reason   The reason typed before.
	 * @param string   $error    Why the amount was refused ('' for none).
	 */
	private function render_form( Donation $donation, int $left, string $typed, string $reason, string $error ): void {
		printf( '<form method="get" action="%s" class="donation-widget-refund-form">', esc_url( admin_url( 'admin.php' ) ) );
		printf(
			'<input type="hidden" name="page" value="%s" /><input type="hidden" name="donation" value="%d" /><input type="hidden" name="confirm" value="refund" /><input type="hidden" name="refund_seen" value="%d" />',
			esc_attr( DonationsPage::SLUG ),
			(int) $donation->id(),
			(int) $donation->refunded_cents()
		);
		echo '<table class="form-table" role="presentation"><tbody>';
		$value   = '' !== $typed ? $typed : Money::dollars( $left );
		$invalid = '' !== $error ? ' aria-invalid="true" aria-errormessage="donation-widget-refund-amount-error"' : '';
		$message = '' !== $error ? '<p class="donation-widget-field-error" id="donation-widget-refund-amount-error"><strong>' . esc_html( $error ) . '</strong></p>' : '';
		printf(
			'<tr><th scope="row"><label for="donation-widget-refund-amount">%s</label></th><td><input type="text" inputmode="decimal" class="small-text" id="donation-widget-refund-amount" name="refund_amount" value="%s" aria-describedby="donation-widget-refund-amount-help"%s /> <p class="description" id="donation-widget-refund-amount-help">%s</p>%s</td></tr>',
			esc_html__( 'Amount to refund (AUD)', 'donation-widget' ),
			esc_attr( $value ),
			$invalid, // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- fixed attributes.
			/* translators: %s: the most that may be refunded, such as $50.00. */
			esc_html( sprintf( __( 'All of what is left (%s), or less for a partial refund.', 'donation-widget' ), DonationFormat::money( $left ) ) ),
			$message // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped just above.
		);
		printf(
			'<tr><th scope="row"><label for="donation-widget-refund-reason">%s</label></th><td><input type="text" class="regular-text" id="donation-widget-refund-reason" name="refund_reason" maxlength="255" value="%s" /></td></tr>',
			esc_html__( 'Reason', 'donation-widget' ),
			esc_attr( $reason )
		);
		echo '</tbody></table>';
		printf( '<p><button type="submit" class="button">%s</button></p></form>', esc_html__( 'Review refund', 'donation-widget' ) );
	}

	/**
	 * The step that names the amount before anything is refunded.
	 *
	 * @param Donation $donation The donation.
	 * @param int      $cents    How much.
	 * @param string   $reason   Why.
	 * @param int      $seen     The refunded cents the admin saw.
	 */
	private function render_confirmation( Donation $donation, int $cents, string $reason, int $seen ): void {
		$name = trim( $donation->value( 'first_name' ) . ' ' . $donation->value( 'last_name' ) );
		echo '<div class="donation-widget-refund-confirm">';
		/* translators: %s: amount, such as $10.00. */
		printf( '<h3>%s</h3>', esc_html( sprintf( __( 'Refund %s?', 'donation-widget' ), DonationFormat::money( $cents ) ) ) );
		printf(
			'<p>%s</p>',
			esc_html(
				sprintf(
					/* translators: 1: amount, such as $10.00, 2: the donation's total, 3: donor name, 4: the provider's name. */
					__( '%1$s of this %2$s donation goes back to %3$s through %4$s, to the way they paid. A refund cannot be undone.', 'donation-widget' ),
					DonationFormat::money( $cents ),
					DonationFormat::money( $donation->total_cents() ),
					'' !== $name ? $name : $donation->email(),
					$this->provider_label( $donation )
				)
			)
		);
		if ( '' !== $reason ) {
			/* translators: %s: the reason typed. */
			printf( '<p>%s</p>', esc_html( sprintf( __( 'Reason: %s', 'donation-widget' ), $reason ) ) );
		}
		printf( '<form method="post" action="%s">', esc_url( admin_url( 'admin-post.php' ) ) );
		printf(
			'<input type="hidden" name="action" value="%s" /><input type="hidden" name="donation_id" value="%d" /><input type="hidden" name="amount_cents" value="%d" /><input type="hidden" name="seen_refunded_cents" value="%d" /><input type="hidden" name="reason" value="%s" />',
			esc_attr( self::ACTION ),
			(int) $donation->id(),
			(int) $cents,
			(int) $seen,
			esc_attr( $reason )
		);
		wp_nonce_field( self::nonce_action( $donation->id() ) );
		printf(
			'<p><button type="submit" class="button button-primary">%s</button> <a class="button" href="%s">%s</a></p>',
			/* translators: %s: amount, such as $10.00. */
			esc_html( sprintf( __( 'Yes, refund %s', 'donation-widget' ), DonationFormat::money( $cents ) ) ),
			esc_url( DonationsPage::detail_url( $donation->id() ) . '#donation-widget-refunds' ),
			esc_html__( 'No, go back', 'donation-widget' )
		);
		echo '</form></div>';
	}

	/**
	 * A refund's status, in words.
	 *
	 * @param Refund $refund The refund.
	 */
	private static function status_text( Refund $refund ): string {
		$text = match ( $refund->status() ) {
			ProviderRefund::SUCCEEDED => __( 'Refunded', 'donation-widget' ),
			ProviderRefund::PENDING => __( 'Pending at the provider', 'donation-widget' ),
			ProviderRefund::FAILED => __( 'Failed', 'donation-widget' ),
			ProviderRefund::CANCELED => __( 'Cancelled', 'donation-widget' ),
			Refund::REFUSED => __( 'Refused', 'donation-widget' ),
			default => __( 'Asked for; waiting for the provider', 'donation-widget' ),
		};
		return '' !== $refund->failure() && Refund::REQUESTED !== $refund->status() ? $text . ': ' . $refund->failure() : $text;
	}

	/**
	 * Who made a refund: the user who asked here, or the provider's dashboard.
	 *
	 * @param Refund   $refund   The refund.
	 * @param Donation $donation Its donation.
	 */
	private function who( Refund $refund, Donation $donation ): string {
		if ( 0 === $refund->requested_by() ) {
			/* translators: %s: the provider's name. */
			return sprintf( __( 'Made at %s', 'donation-widget' ), $this->provider_label( $donation ) );
		}
		$user = get_userdata( $refund->requested_by() );
		return false !== $user ? $user->display_name : __( 'a former user', 'donation-widget' );
	}

	/**
	 * The name of the provider that took the donation's payment (its stored id if its gateway
	 * is gone).
	 *
	 * @param Donation $donation The donation.
	 */
	private function provider_label( Donation $donation ): string {
		$gateway = $this->gateways->gateway( $donation->provider() );
		return null !== $gateway ? $gateway->label() : $donation->provider();
	}
}
