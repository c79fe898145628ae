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

use DonationWidget\Checkout\DonationLedger;
use DonationWidget\Container;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Donations\SubscriptionRepository;
use DonationWidget\Emails\DonorMailer;
use DonationWidget\Emails\MailQueue;
use DonationWidget\Emails\MailWorker;
use DonationWidget\Http\AjaxRouter;
use DonationWidget\Gateways\Stripe\InvoiceRecorder;
use DonationWidget\Gateways\Stripe\StripeClient;
use DonationWidget\Gateways\Stripe\StripeInvoices;
use DonationWidget\Protection\RateLimiter;
use DonationWidget\ServiceProvider;
use DonationWidget\Settings\Settings;

/**
 * Card-update links (issue, email, check, audit), the widget's two public calls, the admin's
 * issue action, and the email after a failed renewal.
 */
final class CardUpdateServiceProvider implements ServiceProvider {

	/**
	 * Shares the service, its stores and the controllers.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		$container->set( CardUpdateLinkRepository::class, static fn (): CardUpdateLinkRepository => new CardUpdateLinkRepository() );
		$container->set( CardUpdateAudit::class, static fn (): CardUpdateAudit => new CardUpdateAudit() );
		$container->set( CardUpdateEmail::class, static fn ( Container $c ): CardUpdateEmail => new CardUpdateEmail( $c->get( Settings::class ) ) );
		$container->set(
			RecurringDonors::class,
			static fn ( Container $c ): RecurringDonors => new RecurringDonors( $c->get( SubscriptionRepository::class ), $c->get( DonationRepository::class ) )
		);
		$container->set(
			CardUpdateLinks::class,
			static fn ( Container $c ): CardUpdateLinks => new CardUpdateLinks(
				$c->get( CardUpdateLinkRepository::class ),
				$c->get( CardUpdateAudit::class ),
				$c->get( RecurringDonors::class ),
				$c->get( DonationRepository::class ),
				$c->get( Settings::class ),
				$c->get( DonorMailer::class ),
				$c->get( CardUpdateEmail::class ),
				$c->get( MailQueue::class )
			)
		);
		$container->set(
			CardReplacement::class,
			static fn ( Container $c ): CardReplacement => new CardReplacement(
				$c->get( StripeClient::class ),
				$c->get( StripeInvoices::class ),
				$c->get( InvoiceRecorder::class )
			)
		);
		$container->set(
			CardUpdateController::class,
			static fn ( Container $c ): CardUpdateController => new CardUpdateController(
				$c->get( CardUpdateLinks::class ),
				$c->get( CardUpdateLinkRepository::class ),
				$c->get( CardUpdateAudit::class ),
				$c->get( CardReplacement::class ),
				$c->get( StripeClient::class ),
				$c->get( RateLimiter::class ),
				$c->get( Settings::class )
			)
		);
		$container->set( CardUpdateHistory::class, static fn ( Container $c ): CardUpdateHistory => new CardUpdateHistory( $c->get( CardUpdateAudit::class ), $c->get( CardUpdateLinks::class ) ) );
		$container->set( IssueLinkController::class, static fn ( Container $c ): IssueLinkController => new IssueLinkController( $c->get( CardUpdateLinks::class ), $c->get( CardUpdateHistory::class ) ) );
	}

	/**
	 * Registers process_request_id and process_update_card (public, no nonce: see AjaxRouter)
	 * and the failed-renewal email. The admin's link buttons are wired by Admin\Subscriptions.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		$router = $container->get( AjaxRouter::class );
		$router->public_action( 'process_request_id', static fn ( array $request ) => $container->get( CardUpdateController::class )->request_id( $request ) );
		$router->public_action( 'process_update_card', static fn ( array $request ) => $container->get( CardUpdateController::class )->update_card( $request ) );
		// A page opened from a card-update link carries the live requestID in its address: never
		// cached (a shared cache would hand one donor's card page to the next visitor), never sent
		// as a referrer (to Stripe's or any other host's requests from the page). Like the manage
		// and statement pages.
		add_action(
			'template_redirect',
			static function (): void {
				if ( isset( $_GET['requestID'] ) && ! headers_sent() ) { // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only its presence is read; the link itself is the authorisation.
					nocache_headers();
					// WordPress before 6.8 leaves no-store out of nocache_headers().
					header( 'Cache-Control: no-cache, must-revalidate, max-age=0, no-store, private' );
					header( 'Referrer-Policy: no-referrer' );
				}
			}
		);
		add_action(
			'donation_widget_renewal_failed',
			static function ( $subscription_id, $customer_id, $donation_id, $invoice_id ) use ( $container ): void {
				$container->get( CardUpdateLinks::class )->email_after_failed_renewal( (string) $subscription_id, (string) $customer_id, (int) $donation_id, (string) $invoice_id );
			},
			10,
			4
		);
		add_action( MailWorker::SENT_ACTION, static fn ( $id, $kind, $source_id ) => $container->get( CardUpdateLinks::class )->record_delivery( $kind, $source_id, true ), 10, 3 );
		add_action( MailWorker::FAILED_ACTION, static fn ( $id, $kind, $source_id ) => $container->get( CardUpdateLinks::class )->record_delivery( $kind, $source_id, false ), 10, 3 );
	}
}
