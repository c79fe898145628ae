<?php
/**
 * Wires the self-service ("Manage my donation") domain.
 *
 * @package DonationWidget
 */

namespace DonationWidget\SelfService;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Container;
use DonationWidget\Emails\MailSchedule;
use DonationWidget\Emails\MailWorker;
use DonationWidget\ServiceProvider;

/**
 * The block and shortcode, the four form handlers and two calls, the link email's audit and the
 * card-update confirmation. Every class builds from its constructor, so there is nothing to
 * register; the behaviour is in SelfServiceAssets and SelfServiceRoutes.
 */
final class SelfServiceServiceProvider implements ServiceProvider {

	/**
	 * Nothing to share beyond what the container builds itself.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
	}

	/**
	 * Adds the block, shortcode, form handlers and listeners.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action( 'init', $container->lazy( SelfServiceAssets::class, 'register' ) );
		add_shortcode( ManagePage::SHORTCODE, $container->lazy( ManagePage::class, 'shortcode' ) );
		// Sites from before the page setting keep their page (once; see adopt_existing).
		add_action( 'init', $container->lazy( SelfServicePage::class, 'adopt_existing' ), 20 );
		add_action( 'template_redirect', $container->lazy( SelfServiceRoutes::class, 'send_headers' ) );
		add_action( 'admin_post_nopriv_' . ManageController::REQUEST_ACTION, $container->lazy( SelfServiceRoutes::class, 'request' ) );
		add_action( 'admin_post_' . ManageController::REQUEST_ACTION, $container->lazy( SelfServiceRoutes::class, 'request' ) );
		add_action( 'admin_post_nopriv_' . ManageController::OPEN_ACTION, $container->lazy( SelfServiceRoutes::class, 'open' ) );
		add_action( 'admin_post_' . ManageController::OPEN_ACTION, $container->lazy( SelfServiceRoutes::class, 'open' ) );
		add_action( 'admin_post_nopriv_' . ManageController::CHANGE_ACTION, $container->lazy( SelfServiceRoutes::class, 'change' ) );
		add_action( 'admin_post_' . ManageController::CHANGE_ACTION, $container->lazy( SelfServiceRoutes::class, 'change' ) );
		add_action( 'admin_post_nopriv_' . ManageController::SIGN_OUT_ACTION, $container->lazy( SelfServiceRoutes::class, 'sign_out' ) );
		add_action( 'admin_post_' . ManageController::SIGN_OUT_ACTION, $container->lazy( SelfServiceRoutes::class, 'sign_out' ) );
		add_action( 'wp_ajax_nopriv_' . ManageController::JSON_ACTION, $container->lazy( SelfServiceRoutes::class, 'json' ) );
		add_action( 'wp_ajax_' . ManageController::JSON_ACTION, $container->lazy( SelfServiceRoutes::class, 'json' ) );
		add_action( 'wp_ajax_nopriv_' . ManageController::REQUEST_JSON_ACTION, $container->lazy( SelfServiceRoutes::class, 'request_json' ) );
		add_action( 'wp_ajax_' . ManageController::REQUEST_JSON_ACTION, $container->lazy( SelfServiceRoutes::class, 'request_json' ) );
		// Before the mail worker (priority 10) on the same event, so a link goes out in that run.
		add_action( MailSchedule::HOOK, $container->lazy( ManageLinks::class, 'process_requests' ), 5, 0 );
		add_action( MailWorker::SENT_ACTION, $container->lazy( ManageLinks::class, 'on_mail_sent' ), 10, 3 );
		add_action( MailWorker::FAILED_ACTION, $container->lazy( ManageLinks::class, 'on_mail_failed' ), 10, 3 );
		add_filter( 'wp_privacy_personal_data_erasers', $container->lazy( SelfServiceEraser::class, 'register' ) );
		add_action( 'donation_widget_card_updated', $container->lazy( SubscriptionChanges::class, 'confirm_card_update' ), 10, 4 );
	}
}
