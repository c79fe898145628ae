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
use DonationWidget\Books\Payouts\SimulatesPayouts;
use DonationWidget\Checkout\Gateway;
use DonationWidget\Checkout\GatewayRegistry;
use DonationWidget\Http\ProviderUnavailable;
use DonationWidget\Settings\Settings;

/**
 * The card provider pays a gift out days after it, so a newcomer trying the demo would wait
 * days to see a payout explained. In demo mode only, a button asks each paying-out gateway
 * whose stand-in can (SimulatesPayouts) to pay out now what the demo has taken, records the
 * payout through the plugin's own payout sync (PayoutReconciler, as the hourly pass does for a
 * real site), and opens it.
 *
 * Outside demo mode the button is not printed and its handler answers 404; the gateways send
 * the call only to their stand-ins on this machine.
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
	 * Builds the button.
	 *
	 * @param Settings         $settings   Whether demo mode is on.
	 * @param GatewayRegistry  $gateways   The gateways, some of which can simulate a payout.
	 * @param PayoutReconciler $reconciler The plugin's payout sync.
	 * @param PayoutRepository $payouts    Recorded payouts.
	 */
	public function __construct(
		private readonly Settings $settings,
		private readonly GatewayRegistry $gateways,
		private readonly PayoutReconciler $reconciler,
		private readonly PayoutRepository $payouts
	) {
	}

	/**
	 * The gateways whose payout may be simulated now: none outside demo mode.
	 *
	 * @return list<Gateway&SimulatesPayouts>
	 */
	private function simulating(): array {
		if ( ! $this->settings->is_demo_mode() ) {
			return array();
		}
		$gateways = array();
		foreach ( $this->gateways->implementing( SimulatesPayouts::class ) as $gateway ) {
			if ( $gateway instanceof SimulatesPayouts && $gateway->can_simulate_payout() ) {
				$gateways[] = $gateway;
			}
		}
		return $gateways;
	}

	/**
	 * Whether the button exists: demo mode, with a stand-in that can pay out.
	 */
	public function is_available(): bool {
		return array() !== $this->simulating();
	}

	/**
	 * The Payouts list's donation_widget_payouts_list action: the button and what it does.
	 */
	public function render(): void {
		$gateways = $this->simulating();
		if ( array() === $gateways || ! DonationsCapability::current_user_can() ) {
			return;
		}
		$names = implode( ', ', array_map( static fn ( Gateway $gateway ): string => $gateway->label(), $gateways ) );
		printf( '<section class="donation-widget-demo-payout" aria-labelledby="donation-widget-demo-payout-title"><h2 id="donation-widget-demo-payout-title">%s</h2>', esc_html__( 'Demo: see a payout', 'donation-widget' ) );
		printf(
			'<p>%s</p>',
			esc_html(
				sprintf(
					/* translators: %s: the provider's name. */
					__( '%s pays the money of a gift into the bank days after it, as one deposit for everything available. In the demo, this button makes that payout now: it pays out everything the demo has taken and not paid out yet, then opens the payout explained to the cent, ready to export for Xero or MYOB.', 'donation-widget' ),
					$names
				)
			)
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
		if ( PayoutsPage::SLUG !== $page || '' === $result || ! $this->settings->is_demo_mode() ) {
			return;
		}
		$notice = match ( $result ) {
			'made' => array( 'success', __( 'Demo payout made: this is the deposit the bank would have received. Below, each gift, fee and refund it is made of adds up to it; export it for Xero or MYOB at the bottom of the page.', 'donation-widget' ) ),
			'nothing' => array( 'warning', __( 'Nothing to pay out: the demo has taken no card money since the last payout (or its refunds took it all). Make a donation with a test card on the demo\'s donation form, then simulate a payout again.', 'donation-widget' ) ),
			'unrecorded' => array( 'error', __( 'The stand-in made the payout, but this site could not record it. Check the payment settings, then try again: the hourly payout check records it too.', 'donation-widget' ) ),
			'unreachable' => array( 'error', __( 'The payment provider\'s stand-in did not answer. Is the demo running (bin/start.sh)?', 'donation-widget' ) ),
			default => null,
		};
		if ( null !== $notice ) {
			printf( '<div class="notice notice-%s"><p>%s</p></div>', esc_attr( $notice[0] ), esc_html( $notice[1] ) );
		}
	}

	/**
	 * The admin-post.php handler: asks the stand-ins for the payouts, records them as real ones
	 * are recorded, and opens the one made (the list when several or none were).
	 */
	public function handle(): void {
		$gateways = $this->simulating();
		if ( array() === $gateways ) {
			wp_die( esc_html__( 'Simulated payouts exist only on the demo site.', 'donation-widget' ), '', array( 'response' => 404 ) );
		}
		check_admin_referer( self::ACTION );
		if ( ! DonationsCapability::current_user_can() ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to see payouts.', 'donation-widget' ), '', array( 'response' => 403 ) );
		}
		$made = array();
		try {
			foreach ( $gateways as $gateway ) {
				$made[] = $gateway->simulate_payout();
			}
		} catch ( ProviderUnavailable ) {
			$this->back( array( self::RESULT => 'unreachable' ) );
		}
		$made = array_values( array_filter( $made, static fn ( string $id ): bool => '' !== $id ) );
		if ( array() === $made ) {
			$this->back( array( self::RESULT => 'nothing' ) );
		}
		$this->reconciler->run();
		foreach ( $made as $payout_id ) {
			if ( null === $this->payouts->find( $payout_id ) ) {
				$this->back( array( self::RESULT => 'unrecorded' ) );
			}
		}
		$this->back( array( self::RESULT => 'made' ), 1 === count( $made ) ? $made[0] : '' );
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
