<?php
/**
 * The manage page's form posts and calls, and its headers.
 *
 * @package DonationWidget
 */

namespace DonationWidget\SelfService;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * The four form handlers (admin-post.php, each answering with a 303 redirect), the React page's
 * two calls (admin-ajax.php, JSON), the session cookies they set or clear, and the page's
 * no-cache, no-referrer headers. ManageController decides; this only reads the request and
 * writes the answer.
 */
final class SelfServiceRoutes {

	/**
	 * Builds the routes.
	 *
	 * @param ManageController $controller What each post does.
	 * @param SelfServicePage  $page       The chosen manage page.
	 */
	public function __construct( private readonly ManageController $controller, private readonly SelfServicePage $page ) {
	}

	/**
	 * The page shows one donor's details or carries a one-time link: never cached, never sent
	 * as a referrer. The template_redirect listener.
	 */
	public function send_headers(): void {
		$post = get_queried_object();
		if ( $post instanceof \WP_Post && ( $this->page->is( $post ) || has_block( ManagePage::BLOCK, $post ) || has_shortcode( $post->post_content, ManagePage::SHORTCODE ) ) ) {
			nocache_headers();
			header( 'Referrer-Policy: no-referrer' );
		}
	}

	/**
	 * The email form: asks for a link.
	 */
	public function request(): void {
		$this->redirect( $this->controller->request( self::post() ) );
	}

	/**
	 * The link's form: opens a session.
	 */
	public function open(): void {
		$next = $this->controller->open( self::post() );
		if ( null !== $this->controller->new_cookie ) {
			self::set_cookie( $this->controller->new_cookie[0], $this->controller->new_cookie[1] );
		}
		$this->redirect( $next );
	}

	/**
	 * A change to a 4-weekly donation.
	 */
	public function change(): void {
		$next = $this->controller->change( self::post(), ManageController::cookie_value() );
		$this->set_card_cookie();
		$this->redirect( $next );
	}

	/**
	 * Signing out.
	 */
	public function sign_out(): void {
		$next = $this->controller->sign_out( self::post(), ManageController::cookie_value() );
		self::clear_cookies();
		$this->redirect( $next );
	}

	/**
	 * The React page's calls: the same session cookie and session nonce as the forms.
	 */
	public function json(): void {
		$answer = $this->controller->json( self::post(), ManageController::cookie_value() );
		$this->set_card_cookie();
		if ( ManageController::SIGNED_OUT_RESULT === $answer['outcome'] ) {
			self::clear_cookies();
		}
		nocache_headers();
		wp_send_json( $answer, 200 );
	}

	/**
	 * The React email form: public like the form it replaces (the page may be cached, so no
	 * nonce); the same rate limits and queue, through ManageController::request_json().
	 */
	public function request_json(): void {
		$post = self::post();
		nocache_headers();
		wp_send_json( $this->controller->request_json( $post ), 200 );
	}

	/**
	 * The posted fields. The email and link forms are public (the page may be cached); the
	 * session forms and calls carry the session's own nonce, checked by ManageController.
	 *
	 * @return array<string, mixed>
	 */
	private static function post(): array {
		// phpcs:ignore WordPress.Security.NonceVerification.Missing -- the email and link forms are public (the page may be cached); the session forms carry the session's own nonce, checked by ManageController.
		$post = wp_unslash( $_POST );
		return is_array( $post ) ? $post : array();
	}

	/**
	 * Answers a form post with a redirect to where the controller says.
	 *
	 * @param string $next The URL.
	 */
	private function redirect( string $next ): void {
		nocache_headers();
		wp_safe_redirect( $next, 303 );
		exit;
	}

	/**
	 * Keeps the card-update request the controller issued, for the card form on the page.
	 */
	private function set_card_cookie(): void {
		if ( null !== $this->controller->card_request ) {
			self::set_cookie( $this->controller->card_request, time() + ManageLinks::SESSION_MINUTES * MINUTE_IN_SECONDS, ManageController::CARD_COOKIE );
		}
	}

	/**
	 * Clears the session and card cookies.
	 */
	private static function clear_cookies(): void {
		self::set_cookie( '', time() - DAY_IN_SECONDS );
		self::set_cookie( '', time() - DAY_IN_SECONDS, ManageController::CARD_COOKIE );
	}

	/**
	 * Sets or clears a cookie: HTTP only, same-site Lax, secure on HTTPS.
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
}
