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

use DonationWidget\Blocks\WidgetRenderer;
use DonationWidget\Container;
use DonationWidget\Emails\MailQueue;
use DonationWidget\Emails\MailSchedule;
use DonationWidget\Emails\MailWorker;
use DonationWidget\Protection\RateLimiter;
use DonationWidget\ServiceProvider;
use DonationWidget\Settings\Settings;

/**
 * The block and shortcode, the four form handlers, the link email's audit and the card-update
 * confirmation.
 */
final class SelfServiceServiceProvider implements ServiceProvider {

	public const EDITOR_HANDLE = 'donation-widget-manage-editor';

	public const STYLE_HANDLE = 'donation-widget-manage';

	/**
	 * The page's few rules: legible fields and notices in the theme's own colours.
	 */
	private const CSS = '.donation-widget-manage input[type=email],.donation-widget-manage input[type=text],.donation-widget-manage select,.donation-widget-manage textarea{box-sizing:border-box;width:100%;max-width:24em;padding:.5em;font:inherit;border:1px solid currentColor;border-radius:2px}'
		. '.donation-widget-manage input[type=text]{max-width:10em;margin-left:.25em}'
		. '.donation-widget-manage-notice{border-left:4px solid currentColor;padding:.25em 1em;margin:1em 0}'
		. '.donation-widget-manage-subscription{border:1px solid currentColor;border-radius:4px;padding:0 1em 1em;margin:1em 0}'
		. '.donation-widget-manage-facts{display:grid;grid-template-columns:max-content 1fr;gap:.25em 1em}.donation-widget-manage-facts dt{font-weight:600}.donation-widget-manage-facts dd{margin:0}'
		. '.donation-widget-manage-gifts{width:100%;border-collapse:collapse;font-size:.9em}.donation-widget-manage-gifts th,.donation-widget-manage-gifts td{text-align:left;padding:.25em .5em;border-bottom:1px solid currentColor}'
		// On a small phone each gift stacks as a list, each label above its value, so no word breaks.
		. '@media (max-width:30em){.donation-widget-manage-gifts thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}.donation-widget-manage-gifts tr,.donation-widget-manage-gifts td{display:block}.donation-widget-manage-gifts td{border:0;padding:.125em 0}.donation-widget-manage-gifts tr{border-bottom:1px solid currentColor;padding:.5em 0}.donation-widget-manage-gifts td::before{content:attr(data-label);display:block;font-weight:600}}'
		. '.donation-widget-manage-cancel summary{cursor:pointer;text-decoration:underline;margin:1em 0}';

	/**
	 * Shares the domain's objects.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		$container->set( ManageLinkRepository::class, static fn (): ManageLinkRepository => new ManageLinkRepository() );
		$container->set( ManageSessionRepository::class, static fn (): ManageSessionRepository => new ManageSessionRepository() );
		$container->set( LinkRequestQueue::class, static fn (): LinkRequestQueue => new LinkRequestQueue() );
		$container->set( SelfServiceAudit::class, static fn (): SelfServiceAudit => new SelfServiceAudit() );
		$container->set( SelfServiceEmails::class, static fn ( Container $c ): SelfServiceEmails => new SelfServiceEmails( $c->get( Settings::class ) ) );
		$container->set( SelfServicePage::class, static fn ( Container $c ): SelfServicePage => new SelfServicePage( $c->get( Settings::class ) ) );
		$container->set( SelfServiceActions::class, static fn ( Container $c ): SelfServiceActions => new SelfServiceActions( $c->get( Settings::class ) ) );
		$container->set(
			ManageLinks::class,
			static fn ( Container $c ): ManageLinks => new ManageLinks(
				$c->get( ManageLinkRepository::class ),
				$c->get( ManageSessionRepository::class ),
				$c->get( SelfServiceAudit::class ),
				$c->get( DonorAccount::class ),
				$c->get( RateLimiter::class ),
				$c->get( MailQueue::class ),
				$c->get( SelfServiceEmails::class ),
				$c->get( LinkRequestQueue::class ),
				$c->get( MailSchedule::class ),
				$c->get( SelfServicePage::class )
			)
		);
		$container->set( SelfServiceEraser::class, static fn (): SelfServiceEraser => new SelfServiceEraser() );
		$container->set( ManageController::class, static fn ( Container $c ): ManageController => new ManageController( $c->get( ManageLinks::class ), $c->get( SubscriptionChanges::class ), $c->get( SelfServicePage::class ), $c->get( ManagePage::class ) ) );
		$container->set(
			ManagePage::class,
			static fn ( Container $c ): ManagePage => new ManagePage(
				$c->get( ManageLinks::class ),
				$c->get( DonorAccount::class ),
				$c->get( SelfServiceActions::class ),
				$c->get( Settings::class ),
				$c->get( WidgetRenderer::class )
			)
		);
	}

	/**
	 * Adds the block, shortcode, form handlers and listeners.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action(
			'init',
			static function () use ( $container ): void {
				self::register_editor_script();
				wp_register_style( self::STYLE_HANDLE, false, array(), DONATION_WIDGET_VERSION );
				wp_add_inline_style( self::STYLE_HANDLE, self::CSS );
				register_block_type_from_metadata( DONATION_WIDGET_DIR . '/blocks/manage-donation' );
				add_shortcode( ManagePage::SHORTCODE, static fn (): string => $container->get( ManagePage::class )->render() );
			}
		);
		// Sites from before the page setting keep their page (once; see adopt_existing).
		add_action( 'init', static fn () => $container->get( SelfServicePage::class )->adopt_existing(), 20 );
		// The page shows one donor's details or carries a one-time link: never cached, never
		// sent as a referrer.
		add_action(
			'template_redirect',
			static function () use ( $container ): void {
				$post = get_queried_object();
				if ( $post instanceof \WP_Post && ( $container->get( SelfServicePage::class )->is( $post ) || has_block( ManagePage::BLOCK, $post ) || has_shortcode( $post->post_content, ManagePage::SHORTCODE ) ) ) {
					nocache_headers();
					header( 'Referrer-Policy: no-referrer' );
				}
			}
		);
		$handlers = array(
			ManageController::REQUEST_ACTION  => static fn ( array $post ): string => $container->get( ManageController::class )->request( $post ),
			ManageController::OPEN_ACTION     => static function ( array $post ) use ( $container ): string {
				$controller = $container->get( ManageController::class );
				$next       = $controller->open( $post );
				if ( null !== $controller->new_cookie ) {
					self::set_cookie( $controller->new_cookie[0], $controller->new_cookie[1] );
				}
				return $next;
			},
			ManageController::CHANGE_ACTION   => static function ( array $post ) use ( $container ): string {
				$controller = $container->get( ManageController::class );
				$next       = $controller->change( $post, ManageController::cookie_value() );
				if ( null !== $controller->card_request ) {
					self::set_cookie( $controller->card_request, time() + ManageLinks::SESSION_MINUTES * MINUTE_IN_SECONDS, ManageController::CARD_COOKIE );
				}
				return $next;
			},
			ManageController::SIGN_OUT_ACTION => static function ( array $post ) use ( $container ): string {
				$next = $container->get( ManageController::class )->sign_out( $post, ManageController::cookie_value() );
				self::set_cookie( '', time() - DAY_IN_SECONDS );
				self::set_cookie( '', time() - DAY_IN_SECONDS, ManageController::CARD_COOKIE );
				return $next;
			},
		);
		foreach ( $handlers as $action => $handler ) {
			$run = static function () use ( $handler ): void {
				// phpcs:ignore WordPress.Security.NonceVerification.Missing -- the email and link forms are public (the page may be cached); the session forms carry the session's own nonce, checked by ManageController.
				$post = wp_unslash( $_POST );
				nocache_headers();
				wp_safe_redirect( $handler( is_array( $post ) ? $post : array() ), 303 );
				exit;
			};
			add_action( 'admin_post_nopriv_' . $action, $run );
			add_action( 'admin_post_' . $action, $run );
		}
		// The React page's calls: the same session cookie and session nonce as the forms.
		$json = static function () use ( $container ): void {
			// phpcs:ignore WordPress.Security.NonceVerification.Missing -- the calls carry the session's own nonce, checked by ManageController::json().
			$post       = wp_unslash( $_POST );
			$controller = $container->get( ManageController::class );
			$answer     = $controller->json( is_array( $post ) ? $post : array(), ManageController::cookie_value() );
			if ( null !== $controller->card_request ) {
				self::set_cookie( $controller->card_request, time() + ManageLinks::SESSION_MINUTES * MINUTE_IN_SECONDS, ManageController::CARD_COOKIE );
			}
			if ( ManageController::SIGNED_OUT_RESULT === $answer['outcome'] ) {
				self::set_cookie( '', time() - DAY_IN_SECONDS );
				self::set_cookie( '', time() - DAY_IN_SECONDS, ManageController::CARD_COOKIE );
			}
			nocache_headers();
			wp_send_json( $answer, 200 );
		};
		add_action( 'wp_ajax_nopriv_' . ManageController::JSON_ACTION, $json );
		add_action( 'wp_ajax_' . ManageController::JSON_ACTION, $json );
		// The React email form: public like the form it replaces (the page may be cached, so no
		// nonce); the same rate limits and queue, through ManageController::request_json().
		$request_json = static function () use ( $container ): void {
			// phpcs:ignore WordPress.Security.NonceVerification.Missing -- public as the email form; rate-limited in ManageLinks::request().
			$post = wp_unslash( $_POST );
			nocache_headers();
			wp_send_json( $container->get( ManageController::class )->request_json( is_array( $post ) ? $post : array() ), 200 );
		};
		add_action( 'wp_ajax_nopriv_' . ManageController::REQUEST_JSON_ACTION, $request_json );
		add_action( 'wp_ajax_' . ManageController::REQUEST_JSON_ACTION, $request_json );
		// Before the mail worker (priority 10) on the same event, so a link goes out in that run.
		add_action( MailSchedule::HOOK, static fn () => $container->get( ManageLinks::class )->process_requests(), 5 );
		add_action( MailWorker::SENT_ACTION, static fn ( $id, $kind, $source_id ) => $container->get( ManageLinks::class )->record_delivery( $kind, $source_id, true ), 10, 3 );
		add_action( MailWorker::FAILED_ACTION, static fn ( $id, $kind, $source_id ) => $container->get( ManageLinks::class )->record_delivery( $kind, $source_id, false ), 10, 3 );
		add_filter( 'wp_privacy_personal_data_erasers', static fn ( $erasers ) => $container->get( SelfServiceEraser::class )->register( $erasers ) );
		add_action( 'donation_widget_card_updated', static fn ( $subscription_id, $issued_by, $email, $card ) => $container->get( SubscriptionChanges::class )->confirm_card_update( $subscription_id, $issued_by, $email, $card ), 10, 4 );
	}

	/**
	 * Sets or clears the session cookie: HTTP only, same-site Lax, secure on HTTPS.
	 *
	 * @param string $value   The session token, or '' to clear it.
	 * @param int    $expires Unix time.
	 * @param string $name    The cookie.
	 */
	private static function set_cookie( string $value, int $expires, string $name = ManageController::COOKIE ): void {
		if ( headers_sent() ) {
			return;
		}
		setcookie(
			$name,
			$value,
			array(
				'expires'  => $expires,
				'path'     => defined( 'COOKIEPATH' ) ? (string) constant( 'COOKIEPATH' ) : '/',
				'domain'   => defined( 'COOKIE_DOMAIN' ) ? (string) constant( 'COOKIE_DOMAIN' ) : '',
				'secure'   => is_ssl(),
				'httponly' => true,
				'samesite' => 'Lax',
			)
		);
	}

	/**
	 * The block's editor script: a server-side preview, so the editor shows what the page will
	 * (no build step and nothing added to the widget's bundles).
	 */
	private static function register_editor_script(): void {
		wp_register_script( self::EDITOR_HANDLE, false, array( 'wp-blocks', 'wp-element', 'wp-server-side-render', 'wp-block-editor' ), DONATION_WIDGET_VERSION, true );
		wp_add_inline_script(
			self::EDITOR_HANDLE,
			"( function ( blocks, element, ServerSideRender, blockEditor ) {\n" .
			"\tblocks.registerBlockType( 'donation-widget/manage-donation', {\n" .
			"\t\tedit: function () {\n" .
			"\t\t\treturn element.createElement( 'div', blockEditor.useBlockProps(), element.createElement( ServerSideRender, { block: 'donation-widget/manage-donation' } ) );\n" .
			"\t\t},\n" .
			"\t} );\n" .
			'} )( window.wp.blocks, window.wp.element, window.wp.serverSideRender, window.wp.blockEditor );'
		);
	}
}
