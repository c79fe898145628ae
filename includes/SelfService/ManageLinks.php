<?php
/**
 * Issues "Manage my donation" links and turns an opened link into a session.
 *
 * @package DonationWidget
 */

namespace DonationWidget\SelfService;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\CardUpdate\CardUpdateToken;
use DonationWidget\Emails\MailQueue;
use DonationWidget\Emails\MailSchedule;
use DonationWidget\Protection\RateLimiter;

/**
 * The same model as card-update links (CardUpdateToken: 256 random bits, only the SHA-256 kept,
 * an expiry, single use by a conditional UPDATE, every step audited), asked for by the donor:
 *
 * - the answer never says whether an address is known: the same outcome (SENT) whether a link
 *   was emailed, the address is unknown, or the address asked too often; only the visitor's own
 *   IP limit gives another answer, which says nothing about any address;
 * - requests are limited per IP and per address (RateLimiter: atomic, shared by every server);
 * - the request only queues the ask (LinkRequestQueue); the lookup, the link and the email
 *   happen in the background, so no answer waits on them or is slower for a known address.
 */
final class ManageLinks {

	public const SENT         = 'sent';
	public const INVALID      = 'invalid';
	public const RATE_LIMITED = 'rate_limited';

	/**
	 * The mail queue's kind for the link email.
	 */
	public const MAIL_KIND = 'self_service_link';

	/**
	 * The mail queue's kind for change confirmations.
	 */
	public const CHANGE_MAIL_KIND = 'self_service_change';

	/**
	 * Minutes a link works.
	 */
	public const LINK_MINUTES = 60;

	/**
	 * Minutes an opened session lasts.
	 */
	public const SESSION_MINUTES = 60;

	/**
	 * Link requests per visitor (IP) per hour.
	 */
	public const REQUESTS_PER_IP = 10;

	/**
	 * Link requests per address per hour.
	 */
	public const REQUESTS_PER_ADDRESS = 3;

	/**
	 * The query parameter carrying the token.
	 */
	public const QUERY_ARG = 'manage';

	/**
	 * Builds the service.
	 *
	 * @param ManageLinkRepository    $links    Stored links.
	 * @param ManageSessionRepository $sessions Stored sessions.
	 * @param SelfServiceAudit        $audit    The history.
	 * @param DonorAccount            $account  Whether an address has given.
	 * @param RateLimiter             $limiter  Per-IP and per-address limits.
	 * @param MailQueue               $queue    Where the email waits for the mail worker.
	 * @param SelfServiceEmails       $emails   The email's words.
	 * @param LinkRequestQueue        $requests Requests waiting for the worker.
	 * @param MailSchedule            $schedule Wakes the worker.
	 * @param SelfServicePage         $page     The page links open: the administrator's choice.
	 */
	public function __construct(
		private readonly ManageLinkRepository $links,
		private readonly ManageSessionRepository $sessions,
		private readonly SelfServiceAudit $audit,
		private readonly DonorAccount $account,
		private readonly RateLimiter $limiter,
		private readonly MailQueue $queue,
		private readonly SelfServiceEmails $emails,
		private readonly LinkRequestQueue $requests,
		private readonly MailSchedule $schedule,
		private readonly SelfServicePage $page
	) {
	}

	/**
	 * A donor asks for a link. The request does the same work whether or not the address has
	 * donations (two counters and one queued row), so its answer and its time are the same; the
	 * background worker (process_requests) looks the address up and emails the link.
	 *
	 * @param string $email   The address typed (already unslashed).
	 * @param int    $page_id The "Manage my donation" page the link opens.
	 * @param string $ip      The visitor's address.
	 * @return string SENT, INVALID or RATE_LIMITED.
	 */
	public function request( string $email, int $page_id, string $ip ): string {
		$email = strtolower( trim( sanitize_email( $email ) ) );
		if ( '' === $email || strlen( $email ) > 100 || ! is_email( $email ) ) {
			return self::INVALID;
		}
		if ( ! $this->limiter->hit( 'manage_link_ip', $ip, self::REQUESTS_PER_IP, HOUR_IN_SECONDS ) ) {
			$this->audit->record( SelfServiceAudit::REQUEST_LIMITED, 0, 0, '', 'ip', $ip );
			return self::RATE_LIMITED;
		}
		// Over the address's limit the answer stays SENT: a different one would tell a stranger
		// that someone asked for this address before.
		if ( ! $this->limiter->hit( 'manage_link_address', $email, self::REQUESTS_PER_ADDRESS, HOUR_IN_SECONDS ) ) {
			$this->audit->record( SelfServiceAudit::REQUEST_LIMITED, 0, 0, '', 'address', $ip );
			return self::SENT;
		}
		$this->requests->add( $email, $page_id, $ip );
		$this->audit->record( SelfServiceAudit::REQUESTED, 0, 0, '', '', $ip );
		$this->schedule->soon();
		return self::SENT;
	}

	/**
	 * The background worker (on the mail queue's WP-Cron event, before the mail worker): for
	 * each waiting request, a link emailed when the address has donations, nothing otherwise.
	 *
	 * @param int $limit Requests at most.
	 * @return int Links issued.
	 */
	public function process_requests( int $limit = 50 ): int {
		$issued = 0;
		foreach ( $this->requests->claim( $limit ) as $request ) {
			if ( $this->issue( $request['email'], $request['page_id'], $request['ip'] ) ) {
				++$issued;
			}
			$this->requests->done( $request['id'] );
		}
		return $issued;
	}

	/**
	 * Issues and queues one link, when the address has donations.
	 *
	 * @param string $email   The address.
	 * @param int    $page_id The manage page.
	 * @param string $ip      The visitor's address, for the audit.
	 */
	private function issue( string $email, int $page_id, string $ip ): bool {
		// Always the chosen page, whatever page the request came from (a link to any other page
		// would hand the donor's token to whoever wrote it).
		$page     = $this->page->page();
		$page_id  = null !== $page ? $page['id'] : 0;
		$page_url = null !== $page ? $page['url'] : false;
		if ( ! $this->account->has_donations( $email ) || ! is_string( $page_url ) ) {
			$this->audit->record( SelfServiceAudit::REQUEST_UNKNOWN, 0, 0, '', '', $ip );
			return false;
		}
		$token   = CardUpdateToken::generate();
		$link_id = $this->links->create( CardUpdateToken::hash( $token ), $email, $page_id, time() + self::LINK_MINUTES * MINUTE_IN_SECONDS );
		if ( 0 === $link_id ) {
			// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- admins must see that donors are not getting links.
			error_log( 'Donation Widget self-service: a link could not be stored.' );
			return false;
		}
		$this->audit->record( SelfServiceAudit::ISSUED, $link_id, 0, '', '', $ip );
		$queued = $this->queue->enqueue(
			self::MAIL_KIND,
			$email,
			$this->emails->link( add_query_arg( self::QUERY_ARG, $token, $page_url ), self::LINK_MINUTES ),
			array(
				'source_id'  => $link_id,
				'single_use' => true,
			)
		);
		if ( 0 === $queued ) {
			$this->audit->record( SelfServiceAudit::EMAIL_FAILED, $link_id );
		}
		return true;
	}

	/**
	 * The mail queue's "sent" action.
	 *
	 * @param mixed $id        The queued email.
	 * @param mixed $kind      Its kind.
	 * @param mixed $source_id What it carried.
	 */
	public function on_mail_sent( mixed $id, mixed $kind, mixed $source_id ): void {
		$this->record_delivery( $kind, $source_id, true );
	}

	/**
	 * The mail queue's "given up" action.
	 *
	 * @param mixed $id        The queued email.
	 * @param mixed $kind      Its kind.
	 * @param mixed $source_id What it carried.
	 */
	public function on_mail_failed( mixed $id, mixed $kind, mixed $source_id ): void {
		$this->record_delivery( $kind, $source_id, false );
	}

	/**
	 * Listener of the mail queue's outcomes: writes the link email's fate to the audit.
	 *
	 * @param mixed $kind      The email's kind.
	 * @param mixed $source_id The link it carried.
	 * @param bool  $sent      Sent, or given up on.
	 */
	public function record_delivery( mixed $kind, mixed $source_id, bool $sent ): void {
		if ( self::MAIL_KIND === $kind && is_numeric( $source_id ) && (int) $source_id > 0 ) {
			$this->audit->record( $sent ? SelfServiceAudit::EMAILED : SelfServiceAudit::EMAIL_FAILED, (int) $source_id );
		}
	}

	/**
	 * Opens a link: uses it up and starts a session. The session's token is returned once, for
	 * the cookie; only its hash is stored.
	 *
	 * @param mixed  $token The token from the link.
	 * @param string $ip    The visitor's address.
	 * @return string|null The session token, or null when the link does not work (unknown, used, expired).
	 */
	public function open( mixed $token, string $ip ): ?string {
		if ( ! CardUpdateToken::is_well_formed( $token ) ) {
			$this->audit->record( SelfServiceAudit::REFUSED, 0, 0, '', 'malformed', $ip );
			return null;
		}
		$link = $this->links->find_by_hash( CardUpdateToken::hash( $token ) );
		if ( null === $link || ! CardUpdateToken::matches( $token, $link['token_hash'] ) ) {
			$this->audit->record( SelfServiceAudit::REFUSED, 0, 0, '', 'unknown', $ip );
			return null;
		}
		if ( ! $this->links->claim( $link['id'] ) ) {
			$this->audit->record( SelfServiceAudit::REFUSED, $link['id'], 0, '', '' !== $link['used_at'] ? 'used' : 'expired', $ip );
			return null;
		}
		$session_token = CardUpdateToken::generate();
		$session_id    = $this->sessions->create( CardUpdateToken::hash( $session_token ), $link['email'], $link['id'], time() + self::SESSION_MINUTES * MINUTE_IN_SECONDS );
		if ( 0 === $session_id ) {
			return null;
		}
		$this->audit->record( SelfServiceAudit::OPENED, $link['id'], $session_id, '', '', $ip );
		return $session_token;
	}

	/**
	 * The live session a cookie's token names, or null.
	 *
	 * @param mixed $token The cookie's value.
	 */
	public function session( mixed $token ): ?ManageSession {
		if ( ! CardUpdateToken::is_well_formed( $token ) ) {
			return null;
		}
		$session = $this->sessions->find_live( CardUpdateToken::hash( $token ) );
		return null !== $session && CardUpdateToken::matches( $token, $session->token_hash ) ? $session : null;
	}

	/**
	 * Ends a session.
	 *
	 * @param ManageSession $session The session.
	 * @param string        $ip      The visitor's address.
	 */
	public function sign_out( ManageSession $session, string $ip ): void {
		$this->sessions->end( $session->id );
		$this->audit->record( SelfServiceAudit::SIGNED_OUT, 0, $session->id, '', '', $ip );
	}

	/**
	 * The form nonce of a session: a keyed hash of the session, so it works only with that
	 * session's cookie (WordPress nonces are the same for every visitor who is not signed in).
	 *
	 * @param ManageSession $session The session.
	 */
	public static function nonce( ManageSession $session ): string {
		return substr( hash_hmac( 'sha256', 'donation_widget_manage|' . $session->token_hash, wp_salt( 'nonce' ) ), 0, 32 );
	}

	/**
	 * Whether a submitted nonce belongs to the session.
	 *
	 * @param ManageSession $session The session.
	 * @param mixed         $nonce   The submitted value.
	 */
	public static function verify_nonce( ManageSession $session, mixed $nonce ): bool {
		return is_string( $nonce ) && hash_equals( self::nonce( $session ), $nonce );
	}
}
