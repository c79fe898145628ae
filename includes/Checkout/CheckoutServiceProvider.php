<?php
/**
 * Wires the checkout.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Checkout;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Captcha\RecaptchaClient;
use DonationWidget\Container;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Donations\SubscriptionRepository;
use DonationWidget\Http\AjaxRouter;
use DonationWidget\Protection\RateLimiter;
use DonationWidget\ServiceProvider;
use DonationWidget\Settings\Settings;
use DonationWidget\Reconciliation\Reconciler;
use DonationWidget\Reconciliation\ReconciliationLock;
use DonationWidget\Reconciliation\ReconciliationReport;
use DonationWidget\Reconciliation\ReconciliationSchedule;
use DonationWidget\Webhooks\WebhookDelivery;
use DonationWidget\Webhooks\WebhookEventLog;
use DonationWidget\Webhooks\WebhookHealth;

/**
 * The payment calls of SPEC §7 (one per registered way to pay), and what the rest of the
 * plugin learns from the gateways: their settings sections, the ways to pay the widget may
 * offer, and the names of payment methods.
 */
final class CheckoutServiceProvider implements ServiceProvider {

	/**
	 * Shares the checkout, the ledger, the guard and the event log.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		$container->set( DonationLedger::class, static fn ( Container $c ): DonationLedger => new DonationLedger( $c->get( DonationRepository::class ), $c->get( SubscriptionRepository::class ) ) );
		$container->set( WebhookEventLog::class, static fn (): WebhookEventLog => new WebhookEventLog() );
		$container->set( WebhookHealth::class, static fn (): WebhookHealth => new WebhookHealth() );
		$container->set( WebhookDelivery::class, static fn ( Container $c ): WebhookDelivery => new WebhookDelivery( $c->get( WebhookEventLog::class ), $c->get( WebhookHealth::class ) ) );
		$container->set(
			PaymentCallGuard::class,
			static fn ( Container $c ): PaymentCallGuard => new PaymentCallGuard( $c->get( RateLimiter::class ), $c->get( RecaptchaClient::class ), $c->get( Settings::class ) )
		);
		$container->set(
			Checkout::class,
			static fn ( Container $c ): Checkout => new Checkout( $c->get( DonationRepository::class ), $c->get( DonationLedger::class ), $c->get( PaymentCallGuard::class ) )
		);
		$container->set(
			Reconciler::class,
			static fn ( Container $c ): Reconciler => new Reconciler( $c->get( DonationLedger::class ), $c->get( GatewayRegistry::class ), new ReconciliationLock() )
		);
	}

	/**
	 * Registers each way to pay's calls as public admin-ajax actions (no nonce: see AjaxRouter
	 * and PaymentCallGuard), and shares the gateways' settings, method ids and names.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		$registry = static fn (): GatewayRegistry => $container->get( GatewayRegistry::class );
		$router   = $container->get( AjaxRouter::class );
		foreach ( $registry()->payment_methods() as $method ) {
			$router->public_action( $method->action(), static fn ( array $request ) => $container->get( Checkout::class )->pay( $method, $request ) );
			if ( $method instanceof OpeningCall ) {
				$router->public_action( $method->open_action(), static fn ( array $request ) => $container->get( Checkout::class )->open_payment( $method, $request ) );
			}
			if ( $method instanceof FollowUpCall ) {
				$router->public_action( $method->follow_up_action(), static fn ( array $request ) => $container->get( Checkout::class )->follow_up( $method, $request ) );
			}
		}
		add_filter(
			'donation_widget_settings_sections',
			static fn ( array $sections ): array => array_merge(
				$sections,
				array_map( static fn ( Gateway $gateway ) => $gateway->settings_section(), $registry()->gateways() )
			)
		);
		add_filter(
			'donation_widget_public_settings',
			static fn ( array $settings ): array => $settings + array( 'payment_methods' => $registry()->available_method_ids() )
		);
		self::boot_reconciliation( $container );
		add_filter(
			'donation_widget_payment_method_name',
			static fn ( string $name, string $method ): string => '' !== $name ? $name : $registry()->method_name( $method ),
			10,
			2
		);
	}

	/**
	 * The reconciliation pass's WP-Cron event: its recurrence, its schedule, and its work.
	 *
	 * @param Container $container Shared objects.
	 */
	private static function boot_reconciliation( Container $container ): void {
		add_action(
			ReconciliationSchedule::HOOK,
			static function () use ( $container ): void {
				$counts = $container->get( Reconciler::class )->run()->counts();
				unset( $counts[ ReconciliationReport::STILL_OPEN ] );
				if ( array() !== $counts ) {
					$parts = array();
					foreach ( $counts as $result => $count ) {
						$parts[] = "{$count} {$result}";
					}
					// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- admins need to see what reconciliation recorded.
					error_log( 'Donation Widget reconciliation: ' . implode( ', ', $parts ) . '.' );
				}
			}
		);
	}
}
