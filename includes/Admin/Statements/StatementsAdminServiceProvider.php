<?php
/**
 * Wires the Tax statements screen.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Statements;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Container;
use DonationWidget\ServiceProvider;
use DonationWidget\Statements\StatementDocument;
use DonationWidget\Statements\StatementLinks;
use DonationWidget\Statements\StatementLog;
use DonationWidget\Statements\StatementQuery;
use DonationWidget\Statements\StatementRuns;
use DonationWidget\Statements\StatementSchedule;
use DonationWidget\Statements\StatementSender;

/**
 * The screen under Donation Widget, its admin-post.php actions and its progress route.
 */
final class StatementsAdminServiceProvider implements ServiceProvider {

	/**
	 * Shares the screen and its route.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		$container->set(
			StatementsPage::class,
			static fn ( Container $c ): StatementsPage => new StatementsPage(
				$c->get( StatementQuery::class ),
				$c->get( StatementLog::class ),
				$c->get( StatementRuns::class ),
				$c->get( StatementSender::class ),
				$c->get( StatementDocument::class ),
				$c->get( StatementLinks::class ),
				$c->get( StatementSchedule::class )
			)
		);
		$container->set( StatementsRestController::class, static fn ( Container $c ): StatementsRestController => new StatementsRestController( $c->get( StatementSender::class ), $c->get( StatementsPage::class ) ) );
	}

	/**
	 * Adds the menu item (after Emails), the actions and the route.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action( 'admin_menu', static fn () => $container->get( StatementsPage::class )->add_menu(), 14 );
		add_action( 'admin_post_' . StatementsPage::ACTION, static fn () => $container->get( StatementsPage::class )->handle_action() );
		add_action( 'admin_post_' . StatementsPage::START_ACTION, static fn () => $container->get( StatementsPage::class )->handle_start() );
		add_action( 'admin_post_' . StatementsPage::CSV_ACTION, static fn () => $container->get( StatementsPage::class )->handle_csv() );
		add_action( 'rest_api_init', static fn () => $container->get( StatementsRestController::class )->register_routes() );
	}
}
