<?php
/**
 * Wires the payments domain.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Payments;

use DonationWidget\Captcha\RecaptchaClient;
use DonationWidget\Container;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Donations\SubscriptionRepository;
use DonationWidget\Http\AjaxRouter;
use DonationWidget\Http\HttpClient;
use DonationWidget\Payments\PayPal\PayPalClient;
use DonationWidget\Payments\PayPal\PayPalPaymentController;
use DonationWidget\Payments\Stripe\CardPaymentController;
use DonationWidget\Payments\Stripe\DonationProduct;
use DonationWidget\Payments\Stripe\ExpressCheckoutController;
use DonationWidget\Payments\Stripe\FourWeeklySubscription;
use DonationWidget\Payments\Stripe\OneOffCardPayment;
use DonationWidget\Payments\Stripe\StripeClient;
use DonationWidget\Payments\Stripe\StripeDonationSettlement;
use DonationWidget\Protection\RateLimiter;
use DonationWidget\ServiceProvider;
use DonationWidget\Settings\Settings;

/**
 * The Stripe and PayPal clients and the four public payment calls of SPEC §7.
 */
final class PaymentsServiceProvider implements ServiceProvider {

	/**
	 * Shares the clients, the payment steps and the controllers.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		$container->set( StripeClient::class, static fn ( Container $c ): StripeClient => new StripeClient( $c->get( HttpClient::class ), $c->get( Settings::class ) ) );
		$container->set( PayPalClient::class, static fn ( Container $c ): PayPalClient => new PayPalClient( $c->get( HttpClient::class ), $c->get( Settings::class ) ) );
		$container->set(
			PaymentCallGuard::class,
			static fn ( Container $c ): PaymentCallGuard => new PaymentCallGuard( $c->get( RateLimiter::class ), $c->get( RecaptchaClient::class ), $c->get( Settings::class ) )
		);
		$container->set(
			StripeDonationSettlement::class,
			static fn ( Container $c ): StripeDonationSettlement => new StripeDonationSettlement( $c->get( DonationRepository::class ), $c->get( SubscriptionRepository::class ), $c->get( StripeClient::class ) )
		);
		$container->set( DonationProduct::class, static fn ( Container $c ): DonationProduct => new DonationProduct( $c->get( StripeClient::class ), $c->get( Settings::class ) ) );
		$container->set( OneOffCardPayment::class, static fn ( Container $c ): OneOffCardPayment => new OneOffCardPayment( $c->get( StripeClient::class ) ) );
		$container->set(
			FourWeeklySubscription::class,
			static fn ( Container $c ): FourWeeklySubscription => new FourWeeklySubscription(
				$c->get( StripeClient::class ),
				$c->get( DonationProduct::class ),
				$c->get( DonationRepository::class ),
				$c->get( SubscriptionRepository::class )
			)
		);
		$container->set(
			CardPaymentController::class,
			static fn ( Container $c ): CardPaymentController => new CardPaymentController(
				$c->get( StripeClient::class ),
				$c->get( DonationRepository::class ),
				$c->get( PaymentCallGuard::class ),
				$c->get( OneOffCardPayment::class ),
				$c->get( FourWeeklySubscription::class ),
				$c->get( StripeDonationSettlement::class )
			)
		);
		$container->set(
			ExpressCheckoutController::class,
			static fn ( Container $c ): ExpressCheckoutController => new ExpressCheckoutController(
				$c->get( StripeClient::class ),
				$c->get( DonationRepository::class ),
				$c->get( PaymentCallGuard::class ),
				$c->get( StripeDonationSettlement::class )
			)
		);
		$container->set(
			PayPalPaymentController::class,
			static fn ( Container $c ): PayPalPaymentController => new PayPalPaymentController(
				$c->get( PayPalClient::class ),
				$c->get( DonationRepository::class ),
				$c->get( PaymentCallGuard::class )
			)
		);
	}

	/**
	 * Registers process_payment_method, payment_intent, get_charge_id and process_paypal_payment
	 * as public admin-ajax actions (no nonce: see AjaxRouter and PaymentCallGuard).
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		$router = $container->get( AjaxRouter::class );
		$router->public_action( 'process_payment_method', static fn ( array $request ) => $container->get( CardPaymentController::class )->pay( $request ) );
		$router->public_action( 'payment_intent', static fn ( array $request ) => $container->get( ExpressCheckoutController::class )->create_intent( $request ) );
		$router->public_action( 'get_charge_id', static fn ( array $request ) => $container->get( ExpressCheckoutController::class )->charge_reference( $request ) );
		$router->public_action( 'process_paypal_payment', static fn ( array $request ) => $container->get( PayPalPaymentController::class )->pay( $request ) );
	}
}
