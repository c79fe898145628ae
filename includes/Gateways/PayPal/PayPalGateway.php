<?php
/**
 * PayPal: one-off donations through PayPal's own button.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\PayPal;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Books\Fees\ProviderFee;
use DonationWidget\Books\Fees\ReadsFees;
use DonationWidget\Books\Payouts\KeepsBalance;
use DonationWidget\Gateways\PayPal\Books\PayPalFees;
use DonationWidget\Webhooks\ConnectsWebhook;
use DonationWidget\Checkout\Gateway;
use DonationWidget\Checkout\GatewayHealth;
use DonationWidget\Checkout\ProviderRefund;
use DonationWidget\Checkout\RefundRequest;
use DonationWidget\Checkout\RefundsPayments;
use DonationWidget\Webhooks\WebhookConnection;
use DonationWidget\Donations\Donation;
use DonationWidget\Gateways\PayPal\Webhooks\PayPalWebhookController;
use DonationWidget\Gateways\PayPal\Webhooks\PayPalWebhookRegistration;
use DonationWidget\Http\ConnectionResult;
use DonationWidget\Http\ProviderUnavailable;
use DonationWidget\Settings\SettingsSection;

/**
 * The PayPal gateway as the checkout, the settings screen and its connection test see it.
 */
final class PayPalGateway implements Gateway, ConnectsWebhook, RefundsPayments, ReadsFees, KeepsBalance {

	/**
	 * Its id, as stored in each donation it took.
	 */
	public const ID = 'paypal';

	/**
	 * Builds the gateway.
	 *
	 * @param PayPalClient              $paypal   PayPal.
	 * @param PayPalPayment             $payment  Its one way to pay.
	 * @param PayPalWebhookRegistration $webhook  Its webhook, set up through the API.
	 * @param PayPalSettings            $settings Its mode and credentials.
	 * @param array                     $events   The webhook events it listens to.
	 * @phpstan-param list<string> $events
	 * @param PayPalRefunds|null        $refunds  Refunds of captures.
	 */
	public function __construct(
		private readonly PayPalClient $paypal,
		private readonly PayPalPayment $payment,
		private readonly PayPalWebhookRegistration $webhook,
		private readonly PayPalSettings $settings,
		private readonly array $events = array(),
		private readonly ?PayPalRefunds $refunds = null
	) {
	}

	/**
	 * {@inheritDoc}
	 *
	 * @param Donation      $donation The paid donation.
	 * @param RefundRequest $request  How much, why, and the claimed row.
	 */
	public function refund( Donation $donation, RefundRequest $request ): ProviderRefund {
		return ( $this->refunds ?? new PayPalRefunds( $this->paypal ) )->refund( $donation, $request );
	}

	/**
	 * {@inheritDoc}
	 */
	public function webhook_connection(): WebhookConnection {
		return $this->webhook;
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
		return 'PayPal';
	}

	/**
	 * {@inheritDoc}
	 */
	public function payment_methods(): array {
		return array( $this->payment );
	}

	/**
	 * {@inheritDoc}
	 */
	public function settings_section(): SettingsSection {
		return PayPalSettings::section(
			PayPalWebhookController::NAMESPACE . PayPalWebhookController::ROUTE,
			/* translators: %s: the PayPal event names, comma-separated. */
			sprintf( __( 'PayPal webhook URL (Connect webhooks sets it up; by hand, in the PayPal developer dashboard, open your app under Apps & Credentials for the current mode, add a webhook with this URL, tick the events %s, then paste its Webhook ID into the field below):', 'donation-widget' ), implode( ', ', $this->events ) )
		);
	}

	/**
	 * {@inheritDoc}
	 */
	public function public_settings(): array {
		return array( 'paypal_client_id' => $this->settings->client_id() );
	}

	/**
	 * {@inheritDoc}
	 */
	public function script_urls(): array {
		return array( 'paypal' => PayPalClient::SCRIPT_URL );
	}

	/**
	 * {@inheritDoc}
	 */
	public function api_hosts(): array {
		return PayPalClient::API_DEFAULTS;
	}

	/**
	 * {@inheritDoc} PayPal's browser code is in the widget's bundle.
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
	 * {@inheritDoc} PayPal is optional: only a client id without its secret is a problem.
	 */
	public function health(): GatewayHealth {
		$notes = array();
		if ( '' !== $this->settings->client_id() && '' === $this->settings->secret() ) {
			$notes[] = __( 'PayPal has a client ID but no secret: PayPal donations cannot be verified, so they will fail.', 'donation-widget' );
		}
		return new GatewayHealth(
			$this->settings->mode(),
			'' !== $this->settings->client_id(),
			'' !== $this->settings->secret(),
			'' !== $this->settings->webhook_id(),
			array(),
			$notes,
			'',
			/* translators: %s: the webhook URL. */
			__( 'In the PayPal developer dashboard, check that your live app has a webhook for %s with the capture events ticked, and that its Webhook ID is saved in the settings.', 'donation-widget' )
		);
	}

	/**
	 * Asks PayPal for an access token with the client ID and secret of the current mode.
	 */
	public function test_connection(): ConnectionResult {
		if ( ! $this->paypal->is_configured() ) {
			return ConnectionResult::failed( $this->paypal->unconfigured_text() );
		}
		try {
			$this->paypal->check_credentials();
		} catch ( ProviderUnavailable $error ) {
			return $this->paypal->failed_check( $error );
		}
		/* translators: %s: sandbox or live. */
		return ConnectionResult::worked( sprintf( __( 'Connected to PayPal (%s).', 'donation-widget' ), $this->paypal->mode_name() ) );
	}

	/**
	 * The provider's fee on the donation's payment, for the books.
	 *
	 * @param Donation $donation A paid donation.
	 */
	public function payment_fee( Donation $donation ): ?ProviderFee {
		return ( new PayPalFees( $this->paypal ) )->payment_fee( $donation );
	}
}
