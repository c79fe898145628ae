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

use DonationWidget\Books\Disputes\DisputeListener;
use DonationWidget\Books\Fees\ChargeFeeListener;
use DonationWidget\Books\Payouts\PayoutEvent;
use DonationWidget\Books\Refunds\RefundLedger;
use DonationWidget\Checkout\DonationLedger;
use DonationWidget\Checkout\Gateway;
use DonationWidget\Checkout\GatewayProvider;
use DonationWidget\Webhooks\WebhookDelivery;
use DonationWidget\Webhooks\WebhookHealth;
use DonationWidget\Container;
use DonationWidget\Gateways\Stripe\Card\CardPayment;
use DonationWidget\Gateways\Stripe\Card\OneOffCardPayment;
use DonationWidget\Gateways\Stripe\Express\ExpressCheckout;
use DonationWidget\Gateways\Stripe\Subscriptions\StripeRecurringPayments;
use DonationWidget\Gateways\Stripe\Webhooks\Listeners\ChargeRefunded;
use DonationWidget\Gateways\Stripe\Webhooks\Listeners\CustomerSubscriptionDeleted;
use DonationWidget\Gateways\Stripe\Webhooks\Listeners\InvoiceEvent;
use DonationWidget\Gateways\Stripe\Webhooks\Listeners\PaymentIntentEvent;
use DonationWidget\Gateways\Stripe\Webhooks\StripeWebhookController;
use DonationWidget\Gateways\Stripe\Webhooks\StripeWebhookEndpoint;
use DonationWidget\Http\HttpClient;
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
			new Becs\BecsDebit( $c->get( StripeClient::class ), $c->get( IntentOutcomes::class ), $c->get( FourWeeklySubscription::class ), $c->get( DonationLedger::class ), $c->get( Settings::class ), $c->get( StripePaymentLookup::class ), $c->get( ServerConfirmedIntent::class ) ),
		);
	}

	/**
	 * Shares the client, the ways to pay and the webhook controller.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		$container->set( StripeClient::class, static fn ( Container $c ): StripeClient => new StripeClient( $c->get( HttpClient::class ), $c->get( Settings::class ) ) );
		$container->set( IntentOutcomes::class, static fn ( Container $c ): IntentOutcomes => new IntentOutcomes( $c->get( StripeClient::class ) ) );
		$container->set( DonationProduct::class, static fn ( Container $c ): DonationProduct => new DonationProduct( $c->get( StripeClient::class ), $c->get( Settings::class ) ) );
		$container->set( IntentCanceller::class, static fn ( Container $c ): IntentCanceller => new IntentCanceller( $c->get( StripeClient::class ) ) );
		$container->set( ServerConfirmedIntent::class, static fn ( Container $c ): ServerConfirmedIntent => new ServerConfirmedIntent( $c->get( StripeClient::class ), $c->get( DonationLedger::class ), $c->get( IntentCanceller::class ) ) );
		$container->set( OneOffCardPayment::class, static fn ( Container $c ): OneOffCardPayment => new OneOffCardPayment( $c->get( ServerConfirmedIntent::class ) ) );
		$container->set( StripeInvoices::class, static fn ( Container $c ): StripeInvoices => new StripeInvoices( $c->get( StripeClient::class ) ) );
		$container->set( StripeRefunds::class, static fn ( Container $c ): StripeRefunds => new StripeRefunds( $c->get( StripeClient::class ) ) );
		$container->set( InvoiceRecorder::class, static fn ( Container $c ): InvoiceRecorder => new InvoiceRecorder( $c->get( DonationLedger::class ) ) );
		$container->set(
			FourWeeklySubscription::class,
			static fn ( Container $c ): FourWeeklySubscription => new FourWeeklySubscription( $c->get( StripeClient::class ), $c->get( DonationProduct::class ), $c->get( DonationLedger::class ) )
		);
		$container->set(
			StripePaymentLookup::class,
			static fn ( Container $c ): StripePaymentLookup => new StripePaymentLookup( $c->get( StripeClient::class ), $c->get( FourWeeklySubscription::class ), $c->get( DonationLedger::class ) )
		);
		$container->set(
			CardPayment::class,
			static fn ( Container $c ): CardPayment => new CardPayment(
				$c->get( StripeClient::class ),
				$c->get( IntentOutcomes::class ),
				$c->get( OneOffCardPayment::class ),
				$c->get( FourWeeklySubscription::class ),
				$c->get( StripePaymentLookup::class )
			)
		);
		$container->set( ExpressCheckout::class, static fn ( Container $c ): ExpressCheckout => new ExpressCheckout( $c->get( StripeClient::class ), $c->get( IntentOutcomes::class ), $c->get( StripePaymentLookup::class ), $c->get( IntentCanceller::class ) ) );
		$container->set(
			StripeWebhookController::class,
			static function ( Container $c ): StripeWebhookController {
				$ledger   = $c->get( DonationLedger::class );
				$stripe   = $c->get( StripeClient::class );
				$intents  = new PaymentIntentEvent( $ledger, $c->get( IntentOutcomes::class ), $stripe, $c->get( IntentCanceller::class ) );
				$invoices = new InvoiceEvent( $c->get( StripeInvoices::class ), $c->get( InvoiceRecorder::class ) );
				$refunds  = new ChargeRefunded( $ledger, $stripe, $c->get( StripeRefunds::class ), $c->get( RefundLedger::class ) );
				// Payouts are the books' (Books\Payouts), read through this endpoint like the rest.
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
				$c->get( StripeRefunds::class )
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
		$container->set( PaymentMethodDomains::class, static fn ( Container $c ): PaymentMethodDomains => new PaymentMethodDomains( $c->get( StripeClient::class ), $c->get( Settings::class ) ) );
		$container->set( PaymentMethodDomainPanel::class, static fn ( Container $c ): PaymentMethodDomainPanel => new PaymentMethodDomainPanel( $c->get( PaymentMethodDomains::class ), $c->get( Settings::class ) ) );
		// The 4-weekly donations' changes (Subscriptions) are made at Stripe.
		$container->bind( RecurringPayments::class, StripeRecurringPayments::class );
	}

	/**
	 * The webhook route, and ending at Stripe a subscription whose first payment failed.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action( 'rest_api_init', static fn () => $container->get( StripeWebhookController::class )->register_routes() );
		// The wallets' domain: registered when the keys are saved, shown and retried on the settings screen.
		add_action( 'update_option_' . Settings::OPTION, static fn ( mixed $old_value, mixed $new_value ) => $container->get( PaymentMethodDomainPanel::class )->on_settings_saved( $old_value, $new_value ), 10, 2 );
		add_action( 'add_option_' . Settings::OPTION, static fn ( string $option, mixed $value ) => $container->get( PaymentMethodDomainPanel::class )->on_settings_saved( array(), $value ), 10, 2 );
		add_action( 'donation_widget_settings_section', static fn ( string $section ) => $container->get( PaymentMethodDomainPanel::class )->render( $section ) );
		add_action( 'admin_post_' . PaymentMethodDomainPanel::ACTION, static fn () => $container->get( PaymentMethodDomainPanel::class )->handle_retry() );
		add_action( 'donation_widget_first_payment_failed', $container->lazy( StripeRecurringPayments::class, 'end_after_first_payment_failed' ), 10, 2 );
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
