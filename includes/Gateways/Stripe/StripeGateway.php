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
use DonationWidget\Gateways\Stripe\Books\StripePayouts;
use DonationWidget\Gateways\Stripe\Books\StripeFees;
use DonationWidget\Webhooks\ConnectsWebhook;
use DonationWidget\Checkout\Gateway;
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
use DonationWidget\Settings\SettingField;
use DonationWidget\Settings\SettingsSection;

/**
 * The Stripe gateway as the checkout, the settings screen and its connection test see it.
 */
final class StripeGateway implements Gateway, ConnectsWebhook, RefundsPayments, ReadsFees, PayoutSource {

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
	 */
	public function __construct(
		private readonly StripeClient $stripe,
		private readonly array $methods,
		private readonly array $events,
		private readonly PaymentMethodDomains $domains,
		private readonly StripeWebhookEndpoint $endpoint,
		private readonly StripeRefunds $refunds
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
		return 'stripe';
	}

	/**
	 * Its name for admin texts.
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
		return new SettingsSection(
			'stripe',
			__( 'Stripe (card and express checkout)', 'donation-widget' ),
			array(
				new SettingField(
					'stripe_mode',
					__( 'Stripe mode', 'donation-widget' ),
					SettingField::CHOICE,
					'stripe',
					'test',
					__( 'Test mode takes no real money; use it until the charity is ready to go live.', 'donation-widget' ),
					array(
						'test' => __( 'Test', 'donation-widget' ),
						'live' => __( 'Live', 'donation-widget' ),
					)
				),
				new SettingField( 'stripe_test_publishable_key', __( 'Test publishable key', 'donation-widget' ), SettingField::TEXT, 'stripe', '', __( 'Starts with pk_test_.', 'donation-widget' ) ),
				new SettingField( 'stripe_test_secret_key', __( 'Test secret key', 'donation-widget' ), SettingField::SECRET, 'stripe' ),
				new SettingField( 'stripe_test_webhook_secret', __( 'Test webhook signing secret', 'donation-widget' ), SettingField::SECRET, 'stripe' ),
				new SettingField( 'stripe_live_publishable_key', __( 'Live publishable key', 'donation-widget' ), SettingField::TEXT, 'stripe', '', __( 'Starts with pk_live_.', 'donation-widget' ) ),
				new SettingField( 'stripe_live_secret_key', __( 'Live secret key', 'donation-widget' ), SettingField::SECRET, 'stripe' ),
				new SettingField( 'stripe_live_webhook_secret', __( 'Live webhook signing secret', 'donation-widget' ), SettingField::SECRET, 'stripe' ),
				new SettingField( 'stripe_becs_enabled', __( 'BECS Direct Debit', 'donation-widget' ), SettingField::CHECKBOX, 'stripe', false, __( 'Also take donations from Australian bank accounts (BSB and account number). Debits clear in up to three business days; the receipt is sent then. Needs the Stripe webhook.', 'donation-widget' ) ),
			),
			StripeWebhookController::NAMESPACE . StripeWebhookController::ROUTE,
			/* translators: 1: the pinned API version, 2: the Stripe event names, comma-separated. */
			sprintf( __( 'Stripe webhook endpoint (Connect webhooks sets it up; by hand, add an endpoint for this URL with API version %1$s and the events %2$s, and paste its signing secret below):', 'donation-widget' ), StripeClient::API_VERSION, implode( ', ', $this->events ) )
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
}
