<?php
/**
 * Wires the Stripe gateway.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Books\Refunds\RefundLedger;
use DonationWidget\Checkout\DonationLedger;
use DonationWidget\Checkout\Gateway;
use DonationWidget\Checkout\GatewayProvider;
use DonationWidget\Webhooks\WebhookDelivery;
use DonationWidget\Webhooks\WebhookHealth;
use DonationWidget\Container;
use DonationWidget\Gateways\Stripe\Card\CardPayment;
use DonationWidget\Gateways\Stripe\Express\ExpressCheckout;
use DonationWidget\Gateways\Stripe\Books\ChargeFeeListener;
use DonationWidget\Gateways\Stripe\Books\DisputeListener;
use DonationWidget\Gateways\Stripe\Books\PayoutEvent;
use DonationWidget\Gateways\Stripe\Books\SettledChargeFee;
use DonationWidget\Gateways\Stripe\Books\StripeDemoPayout;
use DonationWidget\Gateways\Stripe\Subscriptions\StripeRecurringPayments;
use DonationWidget\Gateways\Stripe\Webhooks\Listeners\ChargeRefunded;
use DonationWidget\Gateways\Stripe\Webhooks\Listeners\CustomerSubscriptionDeleted;
use DonationWidget\Gateways\Stripe\Webhooks\Listeners\InvoiceEvent;
use DonationWidget\Gateways\Stripe\Webhooks\Listeners\PaymentIntentEvent;
use DonationWidget\Gateways\Stripe\Webhooks\StripeWebhookController;
use DonationWidget\Gateways\Stripe\Webhooks\StripeWebhookEndpoint;
use DonationWidget\Settings\Settings;
use DonationWidget\Subscriptions\RecurringPayments;

/**
 * The Stripe client, its ways to pay, and its webhook endpoint.
 */
final class StripeServiceProvider implements GatewayProvider {

	/**
	 * Stripe's ways to pay, in the order the widget shows them. A new one is one line here.
	 *
	 * @param Container $c Shared objects.
	 * @return list<\DonationWidget\Checkout\PaymentMethod>
	 */
	private function payment_methods( Container $c ): array {
		return array(
			$c->get( CardPayment::class ),
			$c->get( ExpressCheckout::class ),
			$c->get( Becs\BecsDebit::class ),
		);
	}

	/**
	 * Shares the client, the ways to pay and the webhook controller.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		// The client, the ways to pay and their helpers are built from their constructors.
		$container->set(
			StripeWebhookController::class,
			static function ( Container $c ): StripeWebhookController {
				$ledger   = $c->get( DonationLedger::class );
				$stripe   = $c->get( StripeClient::class );
				$intents  = new PaymentIntentEvent( $ledger, $c->get( IntentOutcomes::class ), $stripe, $c->get( IntentCanceller::class ) );
				$invoices = new InvoiceEvent( $c->get( StripeInvoices::class ), $c->get( InvoiceRecorder::class ) );
				$refunds  = new ChargeRefunded( $ledger, $stripe, $c->get( StripeRefunds::class ), $c->get( RefundLedger::class ) );
				// The books' payouts (Books\Payouts), read through this endpoint like the rest.
				$payouts = array_fill_keys( PayoutEvent::TYPES, $c->get( PayoutEvent::class ) );
				return new StripeWebhookController(
					$c->get( Settings::class ),
					$c->get( WebhookDelivery::class ),
					array(
						'payment_intent.succeeded'        => $intents,
						'payment_intent.payment_failed'   => $intents,
						'invoice.paid'                    => $invoices,
						'invoice.payment_failed'          => $invoices,
						'charge.refunded'                 => $refunds,
						'charge.refund.updated'           => $refunds,
						'refund.created'                  => $refunds,
						'refund.updated'                  => $refunds,
						'refund.failed'                   => $refunds,
						'customer.subscription.deleted'   => new CustomerSubscriptionDeleted( $ledger, $stripe ),
						// The books: each payment's fee, and chargebacks (cards and BECS).
						'charge.succeeded'                => $c->get( ChargeFeeListener::class ),
						'charge.updated'                  => $c->get( ChargeFeeListener::class ),
						'charge.dispute.created'          => $c->get( DisputeListener::class ),
						'charge.dispute.updated'          => $c->get( DisputeListener::class ),
						'charge.dispute.closed'           => $c->get( DisputeListener::class ),
						'charge.dispute.funds_withdrawn'  => $c->get( DisputeListener::class ),
						'charge.dispute.funds_reinstated' => $c->get( DisputeListener::class ),
					) + $payouts
				);
			}
		);
		$container->set(
			StripeGateway::class,
			fn ( Container $c ): StripeGateway => new StripeGateway(
				$c->get( StripeClient::class ),
				$this->payment_methods( $c ),
				$c->get( StripeWebhookController::class )->event_types(),
				$c->get( PaymentMethodDomains::class ),
				$c->get( StripeWebhookEndpoint::class ),
				$c->get( StripeRefunds::class ),
				$c->get( StripeSettings::class ),
				$c->get( StripeDemoPayout::class )
			)
		);
		$container->set(
			StripeWebhookEndpoint::class,
			static fn ( Container $c ): StripeWebhookEndpoint => new StripeWebhookEndpoint(
				$c->get( StripeClient::class ),
				$c->get( Settings::class ),
				$c->get( WebhookHealth::class ),
				$c->get( StripeWebhookController::class )->event_types()
			)
		);
		// The 4-weekly donations' changes (Subscriptions) are made at Stripe.
		$container->bind( RecurringPayments::class, StripeRecurringPayments::class );
	}

	/**
	 * The webhook route, the books' fees and the wallets' domain.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action( 'rest_api_init', $container->lazy( StripeWebhookController::class, 'register_routes' ) );
		// The books: a card payment confirmed by the site came with its fee.
		add_action( 'donation_widget_stripe_charge_settled', $container->lazy( SettledChargeFee::class, 'record' ), 10, 2 );
		// The wallets' domain: registered when the keys are saved, shown and retried on the settings screen.
		add_action( 'update_option_' . Settings::OPTION, $container->lazy( PaymentMethodDomainPanel::class, 'on_settings_saved' ), 10, 2 );
		add_action( 'add_option_' . Settings::OPTION, static fn ( string $option, mixed $value ) => $container->get( PaymentMethodDomainPanel::class )->on_settings_saved( array(), $value ), 10, 2 );
		add_action( 'donation_widget_settings_section', $container->lazy( PaymentMethodDomainPanel::class, 'render' ) );
		add_action( 'admin_post_' . PaymentMethodDomainPanel::ACTION, $container->lazy( PaymentMethodDomainPanel::class, 'handle_retry' ), 10, 0 );
	}

	/**
	 * The gateway, built from the container.
	 *
	 * @param Container $container Shared objects.
	 */
	public function gateway( Container $container ): Gateway {
		return $container->get( StripeGateway::class );
	}
}
