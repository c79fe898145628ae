<?php
/**
 * Wires the dashboard widget.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Dashboard;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Admin\Donations\DonationQuery;
use DonationWidget\Admin\Subscriptions\SubscriptionQuery;
use DonationWidget\Admin\WebhookHealthReport;
use DonationWidget\Container;
use DonationWidget\ServiceProvider;

/**
 * The "Donations" box on the WordPress dashboard.
 */
final class DashboardServiceProvider implements ServiceProvider {

	/**
	 * Shares the widget.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		$container->set( DonationsSummaryWidget::class, static fn ( Container $c ): DonationsSummaryWidget => new DonationsSummaryWidget( $c->get( SubscriptionQuery::class ), $c->get( WebhookHealthReport::class ), $c->get( DonationQuery::class ) ) );
	}

	/**
	 * Adds the widget when the dashboard is set up.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action( 'wp_dashboard_setup', static fn () => $container->get( DonationsSummaryWidget::class )->add() );
	}
}
