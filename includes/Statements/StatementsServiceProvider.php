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
use DonationWidget\Emails\MailQueue;
use DonationWidget\Emails\MailSchedule;
use DonationWidget\ServiceProvider;
use DonationWidget\Settings\Settings;

/**
 * Shares the statement query, sender and links; runs the background sending from WP-Cron;
 * answers signed statement links; gives the self-service page its statement links.
 */
final class StatementsServiceProvider implements ServiceProvider {

	/**
	 * Shares the statements' objects.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		$container->set( StatementQuery::class, static fn ( Container $c ): StatementQuery => new StatementQuery( $c->get( Settings::class ) ) );
		$container->set( StatementLog::class, static fn (): StatementLog => new StatementLog() );
		$container->set( StatementRuns::class, static fn (): StatementRuns => new StatementRuns() );
		$container->set( StatementSchedule::class, static fn (): StatementSchedule => new StatementSchedule() );
		$container->set( StatementDocument::class, static fn ( Container $c ): StatementDocument => new StatementDocument( $c->get( Settings::class ) ) );
		$container->set( StatementLinks::class, static fn ( Container $c ): StatementLinks => new StatementLinks( $c->get( StatementQuery::class ) ) );
		$container->set( StatementPage::class, static fn ( Container $c ): StatementPage => new StatementPage( $c->get( StatementQuery::class ), $c->get( StatementDocument::class ) ) );
		$container->set(
			StatementSender::class,
			static fn ( Container $c ): StatementSender => new StatementSender(
				$c->get( StatementQuery::class ),
				$c->get( StatementLog::class ),
				$c->get( StatementRuns::class ),
				$c->get( StatementDocument::class ),
				$c->get( StatementLinks::class ),
				$c->get( MailQueue::class )
			)
		);
	}

	/**
	 * The background pass, the printable page and the self-service filter.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action(
			StatementSchedule::HOOK,
			static function () use ( $container ): void {
				if ( $container->get( StatementSender::class )->run() ) {
					$container->get( StatementSchedule::class )->soon();
				}
			}
		);
		// A lost single event: the mail queue's five-minute safety net asks again while a year is unfinished.
		add_action(
			MailSchedule::SAFETY_NET_HOOK,
			static function () use ( $container ): void {
				if ( array() !== $container->get( StatementRuns::class )->unfinished() ) {
					$container->get( StatementSchedule::class )->soon();
				}
			}
		);
		add_filter(
			'wp_privacy_personal_data_erasers',
			static function ( $erasers ) use ( $container ) {
				$erasers                               = is_array( $erasers ) ? $erasers : array();
				$erasers['donation-widget-statements'] = array(
					'eraser_friendly_name' => __( 'Donation Widget tax statements', 'donation-widget' ),
					'callback'             => static fn ( string $email ): array => array(
						'items_removed'  => $container->get( StatementLog::class )->erase( $email ) > 0,
						'items_retained' => false,
						'messages'       => array(),
						'done'           => true,
					),
				);
				return $erasers;
			}
		);
		add_action( 'template_redirect', static fn () => $container->get( StatementPage::class )->maybe_render(), 0 );
		add_filter( StatementLinks::FILTER, static fn ( $links, $email = '' ) => $container->get( StatementLinks::class )->links_for( $links, $email ), 10, 2 );
	}
}
