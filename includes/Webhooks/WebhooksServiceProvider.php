<?php
/**
 * Wires the webhooks domain.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Webhooks;

use DonationWidget\Container;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Donations\SubscriptionRepository;
use DonationWidget\Payments\Stripe\StripeDonationSettlement;
use DonationWidget\ServiceProvider;
use DonationWidget\Settings\Settings;
use DonationWidget\Webhooks\Listeners\ChargeRefunded;
use DonationWidget\Webhooks\Listeners\CustomerSubscriptionDeleted;
use DonationWidget\Webhooks\Listeners\InvoicePaid;
use DonationWidget\Webhooks\Listeners\InvoicePaymentFailed;
use DonationWidget\Webhooks\Listeners\PaymentIntentPaymentFailed;
use DonationWidget\Webhooks\Listeners\PaymentIntentSucceeded;

/**
 * The Stripe webhook route and one listener per event type.
 */
final class WebhooksServiceProvider implements ServiceProvider {

	/**
	 * Shares the event log and the controller with its listeners.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		$container->set( WebhookEventLog::class, static fn (): WebhookEventLog => new WebhookEventLog() );
		$container->set(
			StripeWebhookController::class,
			static function ( Container $c ): StripeWebhookController {
				$donations     = $c->get( DonationRepository::class );
				$subscriptions = $c->get( SubscriptionRepository::class );
				$settlement    = $c->get( StripeDonationSettlement::class );
				return new StripeWebhookController(
					$c->get( Settings::class ),
					$c->get( WebhookEventLog::class ),
					array(
						'payment_intent.succeeded'      => new PaymentIntentSucceeded( $donations, $settlement ),
						'payment_intent.payment_failed' => new PaymentIntentPaymentFailed( $donations, $settlement ),
						'invoice.paid'                  => new InvoicePaid( $donations, $subscriptions, $settlement ),
						'invoice.payment_failed'        => new InvoicePaymentFailed( $donations ),
						'charge.refunded'               => new ChargeRefunded( $donations ),
						'customer.subscription.deleted' => new CustomerSubscriptionDeleted( $subscriptions ),
					)
				);
			}
		);
	}

	/**
	 * Registers the REST route.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action( 'rest_api_init', static fn () => $container->get( StripeWebhookController::class )->register_routes() );
	}
}
