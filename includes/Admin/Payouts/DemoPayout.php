<?php
/**
 * The demo's "Simulate a payout" button on the Payouts screen.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Payouts;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Admin\Donations\DonationsCapability;
use DonationWidget\Books\Payouts\PayoutReconciler;
use DonationWidget\Books\Payouts\PayoutRepository;
use DonationWidget\Http\HttpClient;
use DonationWidget\Http\ProviderUnavailable;
use DonationWidget\Settings\Settings;

/**
 * Stripe pays a gift out two days after it, so a newcomer trying the demo would wait days to
 * see a payout explained. In demo mode only, a button asks the Stripe stand-in to pay out now
 * what the demo has taken (its control call, tests/stand-ins/README.md: the pending balance
 * made available, then paid out and marked paid), records the payout through the plugin's own
 * payout sync (PayoutReconciler, as the hourly pass does for a real site), and opens it.
 *
 * Outside demo mode the button is not printed and its handler answers 404; the control call
 * goes only to the stand-ins' loopback address (DONATION_WIDGET_STAND_IN_URL), never to a
 * provider, and carries no key.
 */
final class DemoPayout {

	/**
	 * The admin-post.php action and nonce action.
	 */
	public const ACTION = 'donation_widget_demo_payout';

	/**
	 * The query argument that carries the result back to the screen.
	 */
	public const RESULT = 'demo_payout';

	/**
	 * The stand-in's payout control call.
	 */
	private const CONTROL_PATH = '/__control/stripe/payout';

	/**
	 * Builds the button.
	 *
	 * @param Settings         $settings   Whether demo mode is on.
	 * @param HttpClient       $http       The way out to the stand-in.
	 * @param PayoutReconciler $reconciler The plugin's payout sync.
	 * @param PayoutRepository $payouts    Recorded payouts.
	 */
	public function __construct(
		private readonly Settings $settings,
		private readonly HttpClient $http,
		private readonly PayoutReconciler $reconciler,
		private readonly PayoutRepository $payouts
	) {
	}

	/**
	 * Whether the button exists: demo mode, with the provider stand-ins on this machine.
	 */
	public function is_available(): bool {
		return $this->settings->is_demo_mode() && '' !== self::stand_in_url();
	}

	/**
	 * The stand-ins' base URL, only when it is a loopback address ('' otherwise).
	 */
	private static function stand_in_url(): string {
		$url  = defined( 'DONATION_WIDGET_STAND_IN_URL' ) ? (string) constant( 'DONATION_WIDGET_STAND_IN_URL' ) : '';
		$host = wp_parse_url( $url, PHP_URL_HOST );
		return in_array( $host, array( '127.0.0.1', 'localhost', '[::1]' ), true ) ? untrailingslashit( $url ) : '';
	}

	/**
	 * The Payouts list's donation_widget_payouts_list action: the button and what it does.
	 */
	public function render(): void {
		if ( ! $this->is_available() || ! DonationsCapability::current_user_can() ) {
			return;
		}
		printf( '<section class="donation-widget-demo-payout" aria-labelledby="donation-widget-demo-payout-title"><h2 id="donation-widget-demo-payout-title">%s</h2>', esc_html__( 'Demo: see a payout', 'donation-widget' ) );
		printf(
			'<p>%s</p>',
			esc_html__( 'Stripe pays the money of a gift into the bank two days after it, as one deposit for everything available. In the demo, this button makes that payout now: it pays out everything the demo has taken with Stripe and not paid out yet, then opens the payout explained to the cent, ready to export for Xero or MYOB.', 'donation-widget' )
		);
		printf( '<form method="post" action="%s">', esc_url( admin_url( 'admin-post.php' ) ) );
		printf( '<input type="hidden" name="action" value="%s" />', esc_attr( self::ACTION ) );
		wp_nonce_field( self::ACTION );
		printf( '<p><button type="submit" class="button button-secondary">%s</button></p></form></section>', esc_html__( 'Simulate a payout', 'donation-widget' ) );
	}

	/**
	 * The admin_notices action: what the button did, on the Payouts screen.
	 */
	public function notice(): void {
		// phpcs:disable WordPress.Security.NonceVerification.Recommended -- only picks which message to show.
		$page   = isset( $_GET['page'] ) ? sanitize_key( wp_unslash( $_GET['page'] ) ) : '';
		$result = isset( $_GET[ self::RESULT ] ) ? sanitize_key( wp_unslash( $_GET[ self::RESULT ] ) ) : '';
		// phpcs:enable WordPress.Security.NonceVerification.Recommended
		if ( PayoutsPage::SLUG !== $page || '' === $result || ! $this->is_available() ) {
			return;
		}
		$notice = match ( $result ) {
			'made' => array( 'success', __( 'Demo payout made: this is what Stripe would have paid into the bank. Below, each gift, fee and refund it is made of adds up to the deposit; export it for Xero or MYOB at the bottom of the page.', 'donation-widget' ) ),
			'nothing' => array( 'warning', __( 'Nothing to pay out: the demo has taken no Stripe money since the last payout (or its refunds took it all). Make a donation with a card on the demo\'s donation form, then simulate a payout again.', 'donation-widget' ) ),
			'unrecorded' => array( 'error', __( 'The Stripe stand-in made the payout, but this site could not record it. Check Donation Widget > Settings > Stripe, then try again: the payout is recorded by the hourly payout check too.', 'donation-widget' ) ),
			'unreachable' => array( 'error', __( 'The Stripe stand-in did not answer. Is the demo running (bin/start.sh)?', 'donation-widget' ) ),
			default => null,
		};
		if ( null !== $notice ) {
			printf( '<div class="notice notice-%s"><p>%s</p></div>', esc_attr( $notice[0] ), esc_html( $notice[1] ) );
		}
	}

	/**
	 * The admin-post.php handler: asks the stand-in for the payout, records it as a real one is
	 * recorded, and opens it.
	 */
	public function handle(): void {
		if ( ! $this->is_available() ) {
			wp_die( esc_html__( 'Simulated payouts exist only on the demo site.', 'donation-widget' ), '', array( 'response' => 404 ) );
		}
		check_admin_referer( self::ACTION );
		if ( ! DonationsCapability::current_user_can() ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to see payouts.', 'donation-widget' ), '', array( 'response' => 403 ) );
		}
		$payout_id = $this->ask_for_payout();
		if ( null === $payout_id || '' === $payout_id ) {
			$this->back( array( self::RESULT => null === $payout_id ? 'unreachable' : 'nothing' ) );
		}
		$this->reconciler->run();
		if ( null === $this->payouts->find( $payout_id ) ) {
			$this->back( array( self::RESULT => 'unrecorded' ) );
		}
		$this->back( array( self::RESULT => 'made' ), $payout_id );
	}

	/**
	 * The stand-in's payout of everything taken, made available and paid at once.
	 *
	 * @return string|null The po_… id, '' when there was nothing to pay out, null when the
	 *                     stand-in did not answer as it documents.
	 */
	private function ask_for_payout(): ?string {
		try {
			$answer = $this->http->send(
				'stripe-stand-in',
				'POST',
				self::stand_in_url() . self::CONTROL_PATH,
				array( 'Content-Type' => 'application/json' ),
				(string) wp_json_encode(
					array(
						'available_now' => true,
						'status'        => 'paid',
					)
				)
			);
		} catch ( ProviderUnavailable ) {
			return null;
		}
		if ( 400 === $answer->status ) {
			return '';
		}
		$id = $answer->body['payout']['id'] ?? null;
		return $answer->ok() && is_string( $id ) && 1 === preg_match( '/^po_[A-Za-z0-9_]{1,180}$/D', $id ) ? $id : null;
	}

	/**
	 * Returns to the Payouts screen (or one payout) with the result.
	 *
	 * @param array<string, string> $args      Query arguments.
	 * @param string                $payout_id The payout to open, or '' for the list.
	 */
	private function back( array $args, string $payout_id = '' ): never {
		$url = '' === $payout_id ? PayoutsPage::list_url() : PayoutsPage::detail_url( $payout_id );
		wp_safe_redirect( add_query_arg( $args, $url ) );
		exit;
	}
}
