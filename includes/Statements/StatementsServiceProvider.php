<?php
/**
 * Wires the end-of-financial-year statements.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Statements;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Container;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Emails\MailSchedule;
use DonationWidget\ServiceProvider;

/**
 * Shares the statement query, sender and links; runs the background sending from WP-Cron;
 * answers signed statement links; gives the self-service page its statement links; prepares
 * amended statements when a year already issued changes.
 */
final class StatementsServiceProvider implements ServiceProvider {

	/**
	 * The query, log, runs, documents, links, page and sender are built from their constructors.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
	}

	/**
	 * The background runs, the eraser, the statement page and the links other emails carry.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action( StatementSchedule::HOOK, $container->lazy( StatementJobs::class, 'run' ) );
		add_action( MailSchedule::SAFETY_NET_HOOK, $container->lazy( StatementJobs::class, 'safety_net' ) );
		add_filter( 'wp_privacy_personal_data_erasers', $container->lazy( StatementEraser::class, 'add_to' ) );
		add_action( 'template_redirect', $container->lazy( StatementPage::class, 'maybe_render' ), 0 );
		add_filter( StatementLinks::FILTER, $container->lazy( StatementLinks::class, 'links_for' ), 10, 2 );
		// A refund, lost chargeback or late payment of a gift in a year already issued.
		add_action( DonationRepository::MONEY_CHANGED, $container->lazy( StatementAmendments::class, 'donation_changed' ), 10, 2 );
	}
}
