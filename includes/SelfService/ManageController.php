<?php
/**
 * The admin-post.php handlers of the "Manage my donation" forms.
 *
 * @package DonationWidget
 */

namespace DonationWidget\SelfService;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Protection\ClientIp;

/**
 * Each handler returns where the browser goes next (post/redirect/get), so tests can call it
 * without a redirect; the hook wrappers in the service provider redirect and end the request.
 *
 * The page a form returns to is the one the administrator chose (SelfServicePage), never a
 * URL or page id from the browser.
 */
final class ManageController {

	public const REQUEST_ACTION  = 'donation_widget_manage_request';
	public const OPEN_ACTION     = 'donation_widget_manage_open';
	public const CHANGE_ACTION   = 'donation_widget_manage_change';
	public const SIGN_OUT_ACTION = 'donation_widget_manage_sign_out';

	/**
	 * The admin-ajax.php action of the React page's calls.
	 */
	public const JSON_ACTION = 'donation_widget_manage';

	/**
	 * The admin-ajax.php action of the React email form: the same handler as REQUEST_ACTION,
	 * answering JSON instead of a redirect.
	 */
	public const REQUEST_JSON_ACTION = 'donation_widget_manage_request_link';

	public const NONCE_FIELD = 'manage_nonce';

	public const COOKIE = 'donation_widget_manage';

	/**
	 * Holds the requestID of the card-update link "Replace card" issued, for the page to mount the
	 * update-card widget with (HTTP only, as the session cookie).
	 */
	public const CARD_COOKIE = 'donation_widget_manage_card';

	public const REQUEST_ARG = 'manage_request';
	public const RESULT_ARG  = 'manage_result';

	public const LINK_EXPIRED      = 'link_expired';
	public const SESSION_ENDED     = 'session_ended';
	public const SIGNED_OUT_RESULT = 'signed_out';
	public const FORM_EXPIRED      = 'form_expired';

	/**
	 * Milliseconds every link request takes at least, whatever happened: known and unknown
	 * addresses then answer in the same time.
	 */
	public const ANSWER_FLOOR_MS = 300;

	private const SUBSCRIPTION_ID = '/^sub_[A-Za-z0-9_]{1,180}$/';

	/**
	 * The cookie to set for a new session, read by the hook wrapper: [token, expires].
	 *
	 * @var array{0: string, 1: int}|null
	 */
	public ?array $new_cookie = null;

	/**
	 * The card-update link's requestID to hand the manage page after "Replace card", read by the
	 * hook wrapper into a short-lived cookie (CARD_COOKIE), so no URL ever carries it.
	 *
	 * @var string|null
	 */
	public ?string $card_request = null;

	/**
	 * Builds the controller.
	 *
	 * @param ManageLinks         $links   Links and sessions.
	 * @param SubscriptionChanges $changes The changes.
	 * @param SelfServicePage     $page    The page the administrator chose.
	 * @param ManagePage          $view    The page's state, for the React page.
	 */
	public function __construct( private readonly ManageLinks $links, private readonly SubscriptionChanges $changes, private readonly SelfServicePage $page, private readonly ManagePage $view ) {
	}

	/**
	 * The card-update requestID cookie's value, or ''.
	 */
	public static function card_cookie_value(): string {
		return isset( $_COOKIE[ self::CARD_COOKIE ] ) && is_string( $_COOKIE[ self::CARD_COOKIE ] ) ? sanitize_text_field( wp_unslash( $_COOKIE[ self::CARD_COOKIE ] ) ) : '';
	}

	/**
	 * The session cookie's value, or ''.
	 */
	public static function cookie_value(): string {
		return isset( $_COOKIE[ self::COOKIE ] ) && is_string( $_COOKIE[ self::COOKIE ] ) ? sanitize_text_field( wp_unslash( $_COOKIE[ self::COOKIE ] ) ) : '';
	}

	/**
	 * "Email me a link". Fields: email, page_id.
	 *
	 * @param array<string, mixed> $post Unslashed POST fields.
	 * @return string Where to go next.
	 */
	public function request( array $post ): string {
		$page = $this->page();
		if ( null === $page ) {
			return home_url( '/' );
		}
		return add_query_arg( self::REQUEST_ARG, $this->request_outcome( $post, $page['id'] ), $page['url'] ) . '#manage-donation';
	}

	/**
	 * "Email me a link" from the React form (REQUEST_JSON_ACTION): the same rules and the same
	 * answer as the form, as JSON. Fields: email.
	 *
	 * @param array<string, mixed> $post Unslashed POST fields.
	 * @return array{outcome: string, message: string, isError: bool}
	 */
	public function request_json( array $post ): array {
		$page = $this->page();
		if ( null === $page ) {
			// No page to link to: nothing was queued, so the answer must not say it was sent.
			return array(
				'outcome' => SubscriptionChanges::NOT_AVAILABLE,
				'message' => ManagePage::result_messages()[ SubscriptionChanges::NOT_AVAILABLE ][0],
				'isError' => true,
			);
		}
		$outcome  = $this->request_outcome( $post, $page['id'] );
		$messages = ManagePage::request_messages();
		return array(
			'outcome' => $outcome,
			'message' => $messages[ $outcome ][0],
			'isError' => $messages[ $outcome ][1],
		);
	}

	/**
	 * Queues a link request (rate limits in ManageLinks) and waits out the answer floor, for the
	 * form and the JSON call alike.
	 *
	 * @param array<string, mixed> $post    Unslashed POST fields.
	 * @param int                  $page_id The page the link opens.
	 * @return string ManageLinks::SENT, INVALID or RATE_LIMITED.
	 */
	private function request_outcome( array $post, int $page_id ): string {
		$started = microtime( true );
		$email   = is_string( $post['email'] ?? null ) ? $post['email'] : '';
		$outcome = $this->links->request( $email, $page_id, ClientIp::current() );
		/**
		 * Filters the least time, in milliseconds, a link request takes.
		 *
		 * @param int $floor ANSWER_FLOOR_MS.
		 */
		$floor = (int) apply_filters( 'donation_widget_self_service_answer_floor_ms', self::ANSWER_FLOOR_MS );
		$spent = (int) ( ( microtime( true ) - $started ) * 1000 );
		if ( $floor > $spent ) {
			usleep( ( $floor - $spent ) * 1000 );
		}
		return $outcome;
	}

	/**
	 * "Show my donations". Fields: token, page_id. Sets $new_cookie when it opened.
	 *
	 * @param array<string, mixed> $post Unslashed POST fields.
	 * @return string Where to go next.
	 */
	public function open( array $post ): string {
		$page = $this->page();
		if ( null === $page ) {
			return home_url( '/' );
		}
		$token = $this->links->open( $post['token'] ?? null, ClientIp::current() );
		if ( null === $token ) {
			return add_query_arg( self::REQUEST_ARG, self::LINK_EXPIRED, $page['url'] ) . '#manage-donation';
		}
		$this->new_cookie = array( $token, time() + ManageLinks::SESSION_MINUTES * MINUTE_IN_SECONDS );
		return $page['url'] . '#manage-donation';
	}

	/**
	 * One change. Fields: manage_nonce, change, subscription_id, and amount, cycles or reason.
	 *
	 * @param array<string, mixed> $post   Unslashed POST fields.
	 * @param string               $cookie The session cookie's value.
	 * @return string Where to go next.
	 */
	public function change( array $post, string $cookie ): string {
		$page = $this->page();
		if ( null === $page ) {
			return home_url( '/' );
		}
		$session = $this->links->session( $cookie );
		if ( null === $session ) {
			return add_query_arg( self::REQUEST_ARG, self::SESSION_ENDED, $page['url'] ) . '#manage-donation';
		}
		if ( ! ManageLinks::verify_nonce( $session, $post[ self::NONCE_FIELD ] ?? null ) ) {
			return add_query_arg( self::RESULT_ARG, self::FORM_EXPIRED, $page['url'] ) . '#manage-donation';
		}
		list( $outcome, $subscription_id ) = $this->apply( $session, $post );
		if ( SubscriptionChanges::CARD_LINK === $outcome ) {
			return add_query_arg( self::RESULT_ARG, $outcome, $page['url'] ) . '#replace-card';
		}
		return add_query_arg( self::RESULT_ARG, $outcome, $page['url'] ) . '#' . ( '' !== $subscription_id ? 'subscription-' . $subscription_id : 'manage-donation' );
	}

	/**
	 * The React page's calls (admin-ajax.php, JSON_ACTION): the same session, nonce and rules as
	 * the forms. Fields: manage_nonce, op ("state", "change" or "sign_out"), and for "change" the
	 * form's fields. The answer: outcome, message, isError, and the page's fresh state, or where
	 * to go instead (a session that ended, a card to replace, signed out).
	 *
	 * @param array<string, mixed> $post   Unslashed POST fields.
	 * @param string               $cookie The session cookie's value.
	 * @return array{outcome: string, message: string, isError: bool, state?: array<string, mixed>, redirect?: string}
	 */
	public function json( array $post, string $cookie ): array {
		$page    = $this->page();
		$session = null !== $page ? $this->links->session( $cookie ) : null;
		if ( null === $page || null === $session ) {
			return array(
				'outcome'  => self::SESSION_ENDED,
				'message'  => ManagePage::request_messages()[ self::SESSION_ENDED ][0],
				'isError'  => true,
				'redirect' => null !== $page ? add_query_arg( self::REQUEST_ARG, self::SESSION_ENDED, $page['url'] ) . '#manage-donation' : home_url( '/' ),
			);
		}
		if ( ! ManageLinks::verify_nonce( $session, $post[ self::NONCE_FIELD ] ?? null ) ) {
			return $this->answer( self::FORM_EXPIRED, $session );
		}
		$op = is_string( $post['op'] ?? null ) ? $post['op'] : '';
		if ( 'sign_out' === $op ) {
			$this->links->sign_out( $session, ClientIp::current() );
			return array(
				'outcome'  => self::SIGNED_OUT_RESULT,
				'message'  => ManagePage::request_messages()[ self::SIGNED_OUT_RESULT ][0],
				'isError'  => false,
				'redirect' => add_query_arg( self::REQUEST_ARG, self::SIGNED_OUT_RESULT, $page['url'] ) . '#manage-donation',
			);
		}
		if ( 'change' !== $op ) {
			return array(
				'outcome' => 'state',
				'message' => '',
				'isError' => false,
				'state'   => $this->view->state( $session ),
			);
		}
		list( $outcome ) = $this->apply( $session, $post );
		if ( SubscriptionChanges::CARD_LINK === $outcome ) {
			// The widget is mounted by the page itself, with the requestID from the cookie.
			return array(
				'outcome'  => $outcome,
				'message'  => ManagePage::result_messages()[ $outcome ][0],
				'isError'  => false,
				'redirect' => add_query_arg( self::RESULT_ARG, $outcome, $page['url'] ) . '#replace-card',
			);
		}
		return $this->answer( $outcome, $session );
	}

	/**
	 * A JSON answer with the outcome's message and the page's fresh state.
	 *
	 * @param string        $outcome An outcome with a message in ManagePage::result_messages().
	 * @param ManageSession $session The session.
	 * @return array{outcome: string, message: string, isError: bool, state: array<string, mixed>}
	 */
	private function answer( string $outcome, ManageSession $session ): array {
		$messages = ManagePage::result_messages();
		$message  = $messages[ $outcome ] ?? $messages[ SubscriptionChanges::NOT_AVAILABLE ];
		return array(
			'outcome' => $outcome,
			'message' => $message[0],
			'isError' => $message[1],
			'state'   => $this->view->state( $session ),
		);
	}

	/**
	 * Makes one change of a session whose nonce was checked; sets $card_request for a new card.
	 *
	 * @param ManageSession        $session The session.
	 * @param array<string, mixed> $post    Unslashed POST fields.
	 * @return array{0: string, 1: string} The outcome and the subscription named ('' when malformed).
	 */
	private function apply( ManageSession $session, array $post ): array {
		$subscription_id = is_string( $post['subscription_id'] ?? null ) && preg_match( self::SUBSCRIPTION_ID, $post['subscription_id'] ) ? $post['subscription_id'] : '';
		$ip              = ClientIp::current();
		$change          = is_string( $post['change'] ?? null ) ? $post['change'] : '';
		switch ( $change ) {
			case SelfServiceActions::CHANGE_AMOUNT:
				$outcome = $this->changes->change_amount( $session, $subscription_id, $post['amount'] ?? null, $ip );
				break;
			case SelfServiceActions::SKIP:
				$outcome = $this->changes->skip( $session, $subscription_id, $ip );
				break;
			case SelfServiceActions::PAUSE:
				$outcome = $this->changes->pause( $session, $subscription_id, $post['cycles'] ?? null, $ip );
				break;
			case SelfServiceActions::RESUME:
				$outcome = $this->changes->resume( $session, $subscription_id, $ip );
				break;
			case SelfServiceActions::CANCEL:
				$outcome = $this->changes->cancel( $session, $subscription_id, $post['reason'] ?? null, $ip );
				break;
			case SelfServiceActions::REPLACE_CARD:
				list( $outcome, $request_id ) = $this->changes->card_link( $session, $subscription_id, $ip );
				if ( SubscriptionChanges::CARD_LINK === $outcome ) {
					// The live token goes in a cookie, never the URL (history, logs, Referer).
					$this->card_request = $request_id;
				}
				break;
			default:
				$outcome = SubscriptionChanges::NOT_AVAILABLE;
		}//end switch
		return array( $outcome, $subscription_id );
	}

	/**
	 * "Sign out". Fields: manage_nonce.
	 *
	 * @param array<string, mixed> $post   Unslashed POST fields.
	 * @param string               $cookie The session cookie's value.
	 * @return string Where to go next.
	 */
	public function sign_out( array $post, string $cookie ): string {
		$page    = $this->page();
		$url     = null !== $page ? $page['url'] : home_url( '/' );
		$session = $this->links->session( $cookie );
		if ( null !== $session && ManageLinks::verify_nonce( $session, $post[ self::NONCE_FIELD ] ?? null ) ) {
			$this->links->sign_out( $session, ClientIp::current() );
		}
		return add_query_arg( self::REQUEST_ARG, self::SIGNED_OUT_RESULT, $url ) . '#manage-donation';
	}

	/**
	 * The page forms return to: the one the administrator chose (Settings > Self-service), never
	 * a page the form names (its page_id field is ignored).
	 *
	 * @return array{id: int, url: string}|null
	 */
	private function page(): ?array {
		return $this->page->page();
	}
}
