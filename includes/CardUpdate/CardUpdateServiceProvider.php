<?php
/**
 * Wires the card-update domain.
 *
 * @package DonationWidget
 */

namespace DonationWidget\CardUpdate;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Container;
use DonationWidget\Emails\MailWorker;
use DonationWidget\Http\AjaxRouter;
use DonationWidget\ServiceProvider;

/**
 * Card-update links (issue, email, check, audit), the widget's two public calls, and the email
 * after a failed renewal. The admin's issue action is wired by Admin\Subscriptions. Every class
 * builds from its constructor (the card provider's side is Subscriptions\RecurringPayments,
 * which its gateway binds), so there is nothing to register.
 */
final class CardUpdateServiceProvider implements ServiceProvider {

	/**
	 * Nothing to share beyond what the container builds itself.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
	}

	/**
	 * Registers process_request_id and process_update_card (public, no nonce: see AjaxRouter),
	 * the link page's headers and the failed-renewal email.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		$router = $container->get( AjaxRouter::class );
		$router->public_action( 'process_request_id', $container->lazy( CardUpdateController::class, 'request_id' ) );
		$router->public_action( 'process_update_card', $container->lazy( CardUpdateController::class, 'update_card' ) );
		add_action( 'template_redirect', $container->lazy( LinkPageHeaders::class, 'send' ) );
		add_action( 'donation_widget_renewal_failed', $container->lazy( CardUpdateLinks::class, 'on_renewal_failed' ), 10, 4 );
		add_action( MailWorker::SENT_ACTION, $container->lazy( CardUpdateLinks::class, 'on_mail_sent' ), 10, 3 );
		add_action( MailWorker::FAILED_ACTION, $container->lazy( CardUpdateLinks::class, 'on_mail_failed' ), 10, 3 );
	}
}
