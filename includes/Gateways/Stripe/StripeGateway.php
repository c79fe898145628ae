<?php
/**
 * Stripe: cards, express checkout wallets, and their webhooks.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Books\Fees\ProviderFee;
use DonationWidget\Books\Fees\ReadsFees;
use DonationWidget\Books\Payouts\PayoutSource;
use DonationWidget\Books\Payouts\SimulatesPayouts;
use DonationWidget\Gateways\Stripe\Books\StripePayouts;
use DonationWidget\Gateways\Stripe\Books\StripeDemoPayout;
use DonationWidget\Gateways\Stripe\Books\StripeFees;
use DonationWidget\Webhooks\ConnectsWebhook;
use DonationWidget\Checkout\Gateway;
use DonationWidget\Checkout\GatewayHealth;
use DonationWidget\Webhooks\WebhookConnection;
use DonationWidget\Checkout\PaymentMethod;
use DonationWidget\Checkout\ProviderRefund;
use DonationWidget\Checkout\RefundRequest;
use DonationWidget\Checkout\RefundsPayments;
use DonationWidget\Donations\Donation;
use DonationWidget\Gateways\Stripe\Webhooks\StripeWebhookController;
use DonationWidget\Gateways\Stripe\Webhooks\StripeWebhookEndpoint;
use DonationWidget\Http\ConnectionResult;
use DonationWidget\Http\ProviderUnavailable;
use DonationWidget\Settings\SettingsSection;

/**
 * The Stripe gateway as the checkout, the settings screen and its connection test see it.
 */
final class StripeGateway implements Gateway, ConnectsWebhook, RefundsPayments, ReadsFees, PayoutSource, SimulatesPayouts {

	/**
	 * Its id, as stored in each donation it took.
	 */
	public const ID = 'stripe';

	/**
	 * Builds the gateway.
	 *
	 * @param StripeClient          $stripe   Stripe.
	 * @param array                 $methods  Its ways to pay (StripeServiceProvider lists them).
	 * @phpstan-param list<PaymentMethod> $methods
	 * @param array                 $events   The webhook events it listens to.
	 * @phpstan-param list<string> $events
	 * @param PaymentMethodDomains  $domains  The site's domain for the wallets.
	 * @param StripeWebhookEndpoint $endpoint Its webhook endpoint, set up through the API.
	 * @param StripeRefunds         $refunds  Refunds through the Refunds API.
	 * @param StripeSettings        $settings Its mode and keys.
	 * @param StripeDemoPayout|null $demo     The stand-in's payout on demand (the demo's button).
	 */
	public function __construct(
		private readonly StripeClient $stripe,
		private readonly array $methods,
		private readonly array $events,
		private readonly PaymentMethodDomains $domains,
		private readonly StripeWebhookEndpoint $endpoint,
		private readonly StripeRefunds $refunds,
		private readonly StripeSettings $settings,
		private readonly ?StripeDemoPayout $demo = null
	) {
	}

	/**
	 * {@inheritDoc}
	 *
	 * @param Donation      $donation The paid donation.
	 * @param RefundRequest $request  How much, why, and the claimed row.
	 */
	public function refund( Donation $donation, RefundRequest $request ): ProviderRefund {
		return $this->refunds->refund( $donation, $request );
	}

	/**
	 * {@inheritDoc}
	 */
	public function webhook_connection(): WebhookConnection {
		return $this->endpoint;
	}

	/**
	 * {@inheritDoc}
	 */
	public function id(): string {
		return self::ID;
	}

	/**
	 * {@inheritDoc}
	 */
	public function label(): string {
		return 'Stripe';
	}

	/**
	 * {@inheritDoc}
	 */
	public function payment_methods(): array {
		return $this->methods;
	}

	/**
	 * {@inheritDoc}
	 */
	public function settings_section(): SettingsSection {
		return StripeSettings::section(
			StripeWebhookController::NAMESPACE . StripeWebhookController::ROUTE,
			/* translators: 1: the pinned API version, 2: the Stripe event names, comma-separated. */
			sprintf( __( 'Stripe webhook endpoint (Connect webhooks sets it up; by hand, add an endpoint for this URL with API version %1$s and the events %2$s, and paste its signing secret below):', 'donation-widget' ), StripeClient::API_VERSION, implode( ', ', $this->events ) )
		);
	}

	/**
	 * {@inheritDoc}
	 */
	public function public_settings(): array {
		return array( 'stripe_public_key' => $this->settings->publishable_key() );
	}

	/**
	 * {@inheritDoc}
	 */
	public function script_urls(): array {
		return array( 'stripe' => StripeClient::SCRIPT_URL );
	}

	/**
	 * {@inheritDoc}
	 */
	public function api_hosts(): array {
		return array( StripeClient::API_HOST => StripeClient::API_DEFAULT );
	}

	/**
	 * {@inheritDoc} Stripe's browser code is in the widget's bundle.
	 */
	public function browser_scripts(): array {
		return array();
	}

	/**
	 * {@inheritDoc}
	 */
	public function is_live(): bool {
		return $this->settings->is_live();
	}

	/**
	 * {@inheritDoc} Cards need both keys of the current mode; without the webhook signing secret
	 * payments finished after the donor left are found only by the reconciliation.
	 */
	public function health(): GatewayHealth {
		$mode    = $this->settings->is_live() ? __( 'live', 'donation-widget' ) : __( 'test', 'donation-widget' );
		$missing = array();
		if ( '' === $this->settings->publishable_key() ) {
			/* translators: %s: live or test. */
			$missing[] = sprintf( __( 'the Stripe %s publishable key', 'donation-widget' ), $mode );
		}
		if ( '' === $this->settings->secret_key() ) {
			/* translators: %s: live or test. */
			$missing[] = sprintf( __( 'the Stripe %s secret key', 'donation-widget' ), $mode );
		}
		$notes = array();
		if ( '' === $this->settings->webhook_secret() ) {
			/* translators: %s: live or test. */
			$notes[] = sprintf( __( 'The Stripe %s webhook signing secret is not set: payments that finish after the donor leaves (3-D Secure, bank debits, renewals) are found only by the reconciliation every few minutes.', 'donation-widget' ), $mode );
		}
		return new GatewayHealth(
			$this->settings->mode(),
			'' !== $this->settings->publishable_key(),
			'' !== $this->settings->secret_key(),
			'' !== $this->settings->webhook_secret(),
			$missing,
			$notes,
			$this->settings->is_live()
				? __( 'Stripe is in live mode: donations are real.', 'donation-widget' )
				: __( 'Stripe is in test mode: no real money moves until you switch to live mode.', 'donation-widget' ),
			/* translators: %s: the webhook URL. */
			__( 'In the Stripe dashboard (live mode), check that a webhook endpoint sends its events to %s, and that its signing secret is saved in the settings.', 'donation-widget' )
		);
	}

	/**
	 * Reads the balance with the secret key of the current mode, then registers the site's
	 * domain for the wallets and says whether they are enabled on it.
	 */
	public function test_connection(): ConnectionResult {
		if ( ! $this->stripe->is_configured() ) {
			return ConnectionResult::failed( $this->stripe->unconfigured_text() );
		}
		try {
			$this->stripe->get( '/v1/balance' );
		} catch ( StripeError $error ) {
			/* translators: 1: test or live, 2: Stripe's own message. */
			return ConnectionResult::failed( sprintf( __( 'Stripe refused the %1$s secret key: %2$s', 'donation-widget' ), $this->stripe->mode_name(), $error->stripe_message ) );
		} catch ( ProviderUnavailable $error ) {
			return $this->stripe->failed_check( $error );
		}
		/* translators: %s: test or live. */
		return ConnectionResult::worked( sprintf( __( 'Connected to Stripe in %s mode.', 'donation-widget' ), $this->stripe->mode_name() ) . ' ' . PaymentMethodDomains::describe( $this->domains->register() ) );
	}

	/**
	 * The provider's fee on the donation's payment, for the books.
	 *
	 * @param Donation $donation A paid donation.
	 */
	public function payment_fee( Donation $donation ): ?ProviderFee {
		return ( new StripeFees( $this->stripe ) )->payment_fee( $donation );
	}

	/**
	 * The payouts made since a time, for the books.
	 *
	 * @param int $since Unix time.
	 */
	public function payouts_since( int $since ): \Generator {
		return ( new StripePayouts( $this->stripe ) )->payouts_since( $since );
	}

	/**
	 * The balance transactions of a payout, for the books.
	 *
	 * @param string $payout_id po_… id.
	 */
	public function payout_transactions( string $payout_id ): \Generator {
		return ( new StripePayouts( $this->stripe ) )->payout_transactions( $payout_id );
	}

	/**
	 * Whether the demo may ask the stand-in for a payout now.
	 */
	public function can_simulate_payout(): bool {
		return null !== $this->demo && $this->demo->is_available();
	}

	/**
	 * The stand-in's payout of everything taken, for the demo.
	 *
	 * @throws ProviderUnavailable When there is no stand-in, or it does not answer as it documents.
	 */
	public function simulate_payout(): string {
		if ( null === $this->demo ) {
			throw new ProviderUnavailable( 'stripe-stand-in', 'unreachable', 'No stand-in to ask for a payout.' );
		}
		return $this->demo->pay_out();
	}
}
