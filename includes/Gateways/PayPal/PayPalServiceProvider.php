<?php
/**
 * Wires the PayPal gateway.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\PayPal;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Books\Refunds\RefundLedger;
use DonationWidget\Checkout\DonationLedger;
use DonationWidget\Checkout\Gateway;
use DonationWidget\Checkout\GatewayProvider;
use DonationWidget\Webhooks\WebhookDelivery;
use DonationWidget\Container;
use DonationWidget\Gateways\PayPal\Webhooks\Listeners\CaptureCompleted;
use DonationWidget\Gateways\PayPal\Webhooks\Listeners\CaptureRefunded;
use DonationWidget\Gateways\PayPal\Webhooks\PayPalWebhookController;
use DonationWidget\Gateways\PayPal\Webhooks\PayPalWebhookRegistration;
use DonationWidget\Settings\Settings;

/**
 * The PayPal client, its way to pay, and its webhook endpoint.
 */
final class PayPalServiceProvider implements GatewayProvider {

	/**
	 * Shares the client, the payment and the gateway.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		// The client, its payment and refunds are built from their constructors.
		$container->set(
			PayPalWebhookController::class,
			static function ( Container $c ): PayPalWebhookController {
				$ledger   = $c->get( DonationLedger::class );
				$captures = new CaptureCompleted( $ledger, $c->get( PayPalClient::class ), $c->get( PayPalPayment::class ) );
				return new PayPalWebhookController(
					$c->get( Settings::class ),
					$c->get( PayPalClient::class ),
					$c->get( WebhookDelivery::class ),
					array(
						'PAYMENT.CAPTURE.COMPLETED' => $captures,
						'PAYMENT.CAPTURE.DENIED'    => $captures,
						'PAYMENT.CAPTURE.REFUNDED'  => new CaptureRefunded( $ledger, false, $c->get( RefundLedger::class ) ),
						'PAYMENT.CAPTURE.REVERSED'  => new CaptureRefunded( $ledger, true ),
					)
				);
			}
		);
		$container->set(
			PayPalGateway::class,
			static fn ( Container $c ): PayPalGateway => new PayPalGateway(
				$c->get( PayPalClient::class ),
				$c->get( PayPalPayment::class ),
				$c->get( PayPalWebhookRegistration::class ),
				$c->get( PayPalSettings::class ),
				$c->get( PayPalWebhookController::class )->event_types(),
				$c->get( PayPalRefunds::class )
			)
		);
		$container->set(
			PayPalWebhookRegistration::class,
			static fn ( Container $c ): PayPalWebhookRegistration => new PayPalWebhookRegistration(
				$c->get( PayPalClient::class ),
				$c->get( Settings::class ),
				$c->get( PayPalWebhookController::class )->event_types()
			)
		);
	}

	/**
	 * The webhook route.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action( 'rest_api_init', $container->lazy( PayPalWebhookController::class, 'register_routes' ) );
	}

	/**
	 * The gateway, built from the container.
	 *
	 * @param Container $container Shared objects.
	 */
	public function gateway( Container $container ): Gateway {
		return $container->get( PayPalGateway::class );
	}
}
