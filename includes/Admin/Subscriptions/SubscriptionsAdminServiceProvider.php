<?php
/**
 * Wires the 4-weekly donations screen.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Subscriptions;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Container;
use DonationWidget\Admin\Donations\DonationsCapability;
use DonationWidget\CardUpdate\IssueLinkController;
use DonationWidget\CardUpdate\CardUpdateLinks;
use DonationWidget\Http\AjaxRouter;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Donations\SubscriptionRepository;
use DonationWidget\Gateways\Stripe\StripeClient;
use DonationWidget\ServiceProvider;

/**
 * The 4-weekly donations screen and its "Cancel" action.
 */
final class SubscriptionsAdminServiceProvider implements ServiceProvider {

	/**
	 * Shares the query, the cancellation and the screen.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		$container->set( SubscriptionQuery::class, static fn (): SubscriptionQuery => new SubscriptionQuery() );
		$container->set( CardUpdatePanel::class, static fn ( Container $c ): CardUpdatePanel => new CardUpdatePanel( $c->get( \DonationWidget\CardUpdate\CardUpdateHistory::class ) ) );
		$container->set(
			SubscriptionCancellation::class,
			static fn ( Container $c ): SubscriptionCancellation => new SubscriptionCancellation( $c->get( SubscriptionRepository::class ), $c->get( StripeClient::class ) )
		);
		$container->set(
			SubscriptionsPage::class,
			static fn ( Container $c ): SubscriptionsPage => new SubscriptionsPage(
				$c->get( SubscriptionQuery::class ),
				$c->get( DonationRepository::class ),
				$c->get( SubscriptionCancellation::class ),
				$c->get( CardUpdatePanel::class )
			)
		);
	}

	/**
	 * Adds the menu item (after Donations), the cancel action and the card-update link buttons.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		$container->get( AjaxRouter::class )->admin_action( CardUpdateLinks::ISSUE_ACTION, DonationsCapability::CAPABILITY, static fn ( array $request ) => $container->get( IssueLinkController::class )->issue( $request ) );
		add_action( 'admin_menu', static fn () => $container->get( SubscriptionsPage::class )->add_menu(), 12 );
		add_action( 'admin_enqueue_scripts', static fn ( string $hook_suffix ) => $container->get( SubscriptionsPage::class )->enqueue_style( $hook_suffix ) );
		add_action( 'admin_post_' . SubscriptionsPage::CANCEL_ACTION, static fn () => $container->get( SubscriptionsPage::class )->handle_cancel() );
	}
}
