<?php
/**
 * Per docs/widget-contract.md#7-the-calls-it-makes calls 8 and 9: process_request_id and process_update_card.
 *
 * @package DonationWidget
 */

namespace DonationWidget\CardUpdate;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Http\AjaxResult;
use DonationWidget\Http\ProviderUnavailable;
use DonationWidget\Protection\ClientIp;
use DonationWidget\Protection\RateLimiter;
use DonationWidget\Settings\Settings;
use DonationWidget\Subscriptions\CardChange;
use DonationWidget\Subscriptions\CardDeclined;
use DonationWidget\Subscriptions\CardSetup;
use DonationWidget\Subscriptions\MissedDonation;
use DonationWidget\Subscriptions\PaymentMethodMismatch;
use DonationWidget\Subscriptions\ProviderRefused;
use DonationWidget\Subscriptions\RecurringPayments;

/**
 * The update-card widget's two calls. Both are public (the page may come from a full-page cache,
 * so no nonce): the requestID is the credential, so each call is rate limited per visitor (IPv6
 * by /64, as the payment calls are), and process_update_card also per link. A requestID that is
 * not even well formed is refused before anything is counted or written: it can never be a
 * link, so it needs no lookup, and junk must not use up the allowance of everyone behind one
 * address (a proxy the site does not trust). A well-formed id counts whether or not it is a
 * link: that is what stops guessing.
 *
 * Answers (the widget reads "success", then "type"):
 *
 * - process_request_id
 *   200 {success: true, data: {card: {brand, last4} | null}}       the link works; card is the one being replaced
 *   200 {success: false, type: "link_expired"}                      expired, used, revoked, unknown or malformed
 *   429 {success: false, type: "rate_limited"}                      too many checks from this address
 * - process_update_card
 *   200 {success: true, data: {card, missed_donation}}               card replaced; missed_donation is
 *                                                                   "recovered", "failed" or null (none
 *                                                                   missed, or the provider has not said)
 *   200 {success: false, type: "requires_action",
 *        data: {client_secret, setup_intent_id}}                    run the card provider's next action,
 *                                                                   then post again with setupIntentId
 *   200 {success: false, type: "card_error"}                        declined, or 3-D Secure failed
 *   200 {success: false, type: "link_expired"}                      the link cannot be used (any more)
 *   400 validation · 409 conflict (an update of this link is already running, or ids that do
 *   not belong to it) · 429 rate_limited · 502/504 server (the provider failed) · 503 server (no keys)
 */
final class CardUpdateController {

	/**
	 * How many process_request_id calls a visitor may make per window.
	 */
	public const CHECKS_PER_WINDOW = 60;

	/**
	 * How many process_update_card attempts one link allows per window: stops card testing through it.
	 */
	public const ATTEMPTS_PER_LINK = 10;

	private const WINDOW_SECONDS = HOUR_IN_SECONDS;

	private const PAYMENT_METHOD_PATTERN = '/^pm_[A-Za-z0-9_]{1,250}$/';

	private const SETUP_INTENT_PATTERN = '/^seti_[A-Za-z0-9_]{1,250}$/';

	private const NAME_PATTERN = "/^[\\p{L}\\p{M}\\s'\u{2019}&-]+$/u";

	/**
	 * Builds the controller.
	 *
	 * @param CardUpdateLinks          $links        Link checks.
	 * @param CardUpdateLinkRepository $repository   Use and lock links.
	 * @param CardUpdateAudit          $audit        The history.
	 * @param RecurringPayments        $provider     The card provider's side.
	 * @param RateLimiter              $rate_limiter Per-visitor and per-link limits.
	 * @param Settings                 $settings     The payment rate limit.
	 */
	public function __construct(
		private readonly CardUpdateLinks $links,
		private readonly CardUpdateLinkRepository $repository,
		private readonly CardUpdateAudit $audit,
		private readonly RecurringPayments $provider,
		private readonly RateLimiter $rate_limiter,
		private readonly Settings $settings
	) {
	}

	/**
	 * Call 8: is this requestID a link that works? Fields: id.
	 *
	 * @param array<string, mixed> $request POST fields.
	 */
	public function request_id( array $request ): AjaxResult {
		if ( ! CardUpdateToken::is_well_formed( $request['id'] ?? null ) ) {
			return $this->link_expired();
		}
		$ip = ClientIp::current();
		if ( ! $this->rate_limiter->hit( 'card_link', ClientIp::limit_key( $ip ), self::CHECKS_PER_WINDOW, self::WINDOW_SECONDS ) ) {
			return $this->rate_limited();
		}
		$check = $this->links->check( $request['id'] );
		if ( ! $check->is_usable() ) {
			return $this->refuse( $check, 'process_request_id', $ip );
		}
		$this->audit->record( AuditEntry::VALIDATED, CardUpdateActor::SUPPORTER, $check->link, '', $ip );
		$card = $this->provider->available() ? $this->provider->current_card( $check->link->subscription_id, $check->link->customer_id ) : null;
		return AjaxResult::success( array( 'card' => null !== $card ? $card->to_array() : null ) );
	}

	/**
	 * Call 9: replace the card. Fields: id, token (pm_…), cardId, formData ({"nameOnCard": …}),
	 * and after 3-D Secure setupIntentId.
	 *
	 * @param array<string, mixed> $request POST fields.
	 */
	public function update_card( array $request ): AjaxResult {
		if ( ! CardUpdateToken::is_well_formed( $request['id'] ?? null ) ) {
			return $this->link_expired();
		}
		$ip = ClientIp::current();
		if ( ! $this->rate_limiter->hit( 'card_update', ClientIp::limit_key( $ip ), max( 1, $this->settings->int( 'rate_limit_payments' ) ), self::WINDOW_SECONDS ) ) {
			return $this->rate_limited();
		}
		$check = $this->links->check( $request['id'] );
		if ( ! $check->is_usable() ) {
			return $this->refuse( $check, 'process_update_card', $ip );
		}
		$link = $check->link;
		if ( ! $this->provider->available() ) {
			return AjaxResult::error( 'server', __( 'Card updates are not available right now. Please try again later.', 'donation-widget' ), 503 );
		}

		$setup_intent_id = $this->provider_id( $request, 'setupIntentId', self::SETUP_INTENT_PATTERN );
		$payment_method  = $this->provider_id( $request, 'token', self::PAYMENT_METHOD_PATTERN );
		if ( null === $setup_intent_id || null === $payment_method || ( '' === $setup_intent_id && '' === $payment_method ) ) {
			return $this->invalid( 'token', __( 'Please check your card details and try again!', 'donation-widget' ) );
		}
		$name_problem = $this->name_problem( $request['formData'] ?? null );
		if ( null !== $name_problem ) {
			return $this->invalid( 'formData.nameOnCard', $name_problem );
		}

		// Counted per link too, once the card is about to reach the provider: a link must not become a
		// way to test stolen card numbers from many addresses.
		if ( ! $this->rate_limiter->hit( 'card_update_link', 'link:' . $link->id, self::ATTEMPTS_PER_LINK, self::WINDOW_SECONDS ) ) {
			return $this->rate_limited();
		}
		// One replacement at a time per link: a double click, or two tabs, must not race.
		if ( ! $this->repository->lock( $link->id ) ) {
			return AjaxResult::error( 'conflict', __( 'Your card update is already being processed. Please wait a moment.', 'donation-widget' ), 409 );
		}
		try {
			// Checked again under the lock: another request may have used the link meanwhile.
			$check = $this->links->check( $request['id'] );
			if ( ! $check->is_usable() ) {
				return $this->refuse( $check, 'process_update_card', $ip );
			}
			return $this->replace( $check->link, $payment_method, $setup_intent_id, $ip );
		} finally {
			$this->repository->unlock( $link->id );
		}
	}

	/**
	 * Saves the card, makes it the default and collects a missed donation, turning the
	 * provider's errors into answers.
	 *
	 * @param CardUpdateLink $link            A usable link, locked.
	 * @param string         $payment_method  The pm_… the widget made, or ''.
	 * @param string         $setup_intent_id The seti_… after 3-D Secure, or ''.
	 * @param string         $ip              The visitor's address.
	 */
	private function replace( CardUpdateLink $link, string $payment_method, string $setup_intent_id, string $ip ): AjaxResult {
		$actor  = CardUpdateActor::SUPPORTER;
		$change = self::change( $link );
		try {
			$intent = '' !== $setup_intent_id
				? $this->provider->authenticated_card( $change, $setup_intent_id )
				: $this->provider->save_card( $change, $payment_method );
			return $this->not_saved( $link, $intent, '' !== $setup_intent_id, $ip ) ?? $this->make_default( $link, $intent, $ip );
		} catch ( CardDeclined $error ) {
			// Declined by the bank, or a token that is unknown, used up, or another customer's: a
			// new card entry makes a new one.
			$this->audit->record( AuditEntry::CARD_DECLINED, $actor, $link, $error->detail, $ip );
			return $this->card_error( $error->reason );
		} catch ( ProviderRefused $error ) {
			// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- a refused request is a fault admins must see.
			error_log( 'Donation Widget card update: the provider refused a request: ' . $error->getMessage() );
			return AjaxResult::error( 'server', __( 'Your card could not be updated right now. Please try again later.', 'donation-widget' ), 502 );
		} catch ( PaymentMethodMismatch $error ) {
			// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- a mismatch is a fault (or an attack) admins must see.
			error_log( 'Donation Widget card update: ' . $error->getMessage() );
			$this->audit->record( AuditEntry::REJECTED, $actor, $link, 'mismatch: ' . $error->getMessage(), $ip );
			return AjaxResult::error( 'conflict', __( 'Please check your card details and try again!', 'donation-widget' ), 409 );
		} catch ( ProviderUnavailable $error ) {
			// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- admins need to see provider failures.
			error_log( 'Donation Widget card update: ' . $error->getMessage() );
			return AjaxResult::error( 'server', __( 'Our payment service is not answering right now. Please try again in a few minutes.', 'donation-widget' ), 'timeout' === $error->reason ? 504 : 502 );
		}//end try
	}

	/**
	 * The answer while the card is not saved yet: 3-D Secure to run, or a decline. Null once saved.
	 *
	 * @param CardUpdateLink $link          The link.
	 * @param CardSetup      $intent        The card's setup.
	 * @param bool           $authenticated Whether the browser already ran 3-D Secure for it.
	 * @param string         $ip            The visitor's address.
	 */
	private function not_saved( CardUpdateLink $link, CardSetup $intent, bool $authenticated, string $ip ): ?AjaxResult {
		if ( CardSetup::SUCCEEDED === $intent->status() ) {
			return null;
		}
		if ( CardSetup::REQUIRES_ACTION === $intent->status() && ! $authenticated ) {
			$this->audit->record( AuditEntry::AUTHENTICATION_REQUIRED, CardUpdateActor::SUPPORTER, $link, $intent->id(), $ip );
			return AjaxResult::error(
				'requires_action',
				__( 'Please confirm this card with your bank.', 'donation-widget' ),
				200,
				array(
					'client_secret'   => $intent->client_secret(),
					'setup_intent_id' => $intent->id(),
				)
			);
		}
		// After the browser's 3-D Secure, anything but succeeded is a failed (or abandoned)
		// authentication: asking again would loop.
		$reason = $intent->last_error_reason();
		if ( '' === $reason ) {
			$reason = $authenticated ? 'authentication_not_completed' : $intent->status();
		}
		$this->audit->record( AuditEntry::CARD_DECLINED, CardUpdateActor::SUPPORTER, $link, $reason, $ip );
		return $this->card_error( $reason );
	}

	/**
	 * Makes the saved card the default, uses the link up, and tries a missed donation.
	 *
	 * Lets the provider's errors through to replace().
	 *
	 * @param CardUpdateLink $link   The link.
	 * @param CardSetup      $intent The succeeded setup.
	 * @param string         $ip     The visitor's address.
	 */
	private function make_default( CardUpdateLink $link, CardSetup $intent, string $ip ): AjaxResult {
		$saved  = $intent->payment_method_id();
		$status = $this->provider->make_default( self::change( $link ), $saved );
		$this->repository->mark_used( $link->id );
		$card = $intent->card();
		$this->audit->record( AuditEntry::CARD_UPDATED, CardUpdateActor::SUPPORTER, $link, null !== $card ? $card->describe() : $saved, $ip );
		/**
		 * Fired once a donor's new card is the subscription's default.
		 *
		 * @param string $subscription_id sub_… id.
		 * @param string $issued_by       Who issued the link used (CardUpdateActor).
		 * @param string $email           The donor's address.
		 * @param string $card            The new card, such as "visa ending 4242".
		 */
		do_action( 'donation_widget_card_updated', $link->subscription_id, $link->issued_by, $link->email, null !== $card ? $card->describe() : $saved );

		$missed = $this->collect_missed( $link, $saved, $status, $ip );
		return AjaxResult::success(
			array(
				'card'            => null !== $card ? $card->to_array() : null,
				'missed_donation' => $missed?->answer(),
			)
		);
	}

	/**
	 * Tries the missed donation of a past-due subscription. The card is already replaced, so a
	 * failure here never fails the answer: it only changes what the widget says.
	 *
	 * @param CardUpdateLink $link           The link (now used).
	 * @param string         $payment_method The new pm_….
	 * @param string         $status         The subscription's status at the provider.
	 * @param string         $ip             The visitor's address.
	 */
	private function collect_missed( CardUpdateLink $link, string $payment_method, string $status, string $ip ): ?MissedDonation {
		try {
			$missed = $this->provider->collect_missed( self::change( $link ), $payment_method, $status );
		} catch ( ProviderRefused | ProviderUnavailable $error ) {
			// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- admins need to know the missed donation is still open.
			error_log( "Donation Widget card update: the missed donation of {$link->subscription_id} could not be retried: " . $error->getMessage() );
			$missed = new MissedDonation( MissedDonation::FAILED, array(), 'retry_not_possible' );
		}
		if ( null !== $missed ) {
			$detail = trim( implode( ', ', $missed->invoices ) . ( '' !== $missed->reason ? ': ' . $missed->reason : '' ), ': ' );
			$event  = match ( $missed->outcome ) {
				MissedDonation::RECOVERED => AuditEntry::PAST_DUE_RECOVERED,
				MissedDonation::UNKNOWN => AuditEntry::PAST_DUE_UNKNOWN,
				default => AuditEntry::PAST_DUE_FAILED,
			};
			$this->audit->record( $event, CardUpdateActor::SUPPORTER, $link, $detail, $ip );
		}
		return $missed;
	}

	/**
	 * The card change a link is bound to.
	 *
	 * @param CardUpdateLink $link The link.
	 */
	private static function change( CardUpdateLink $link ): CardChange {
		return new CardChange( $link->id, $link->subscription_id, $link->customer_id );
	}

	/**
	 * The answer for a requestID that cannot be used; the audit keeps the reason.
	 *
	 * @param LinkCheck $check  Why.
	 * @param string    $call   Which call.
	 * @param string    $ip     The visitor's address.
	 */
	private function refuse( LinkCheck $check, string $call, string $ip ): AjaxResult {
		$this->audit->record( AuditEntry::REJECTED, CardUpdateActor::SUPPORTER, $check->link, $check->reason . ' (' . $call . ')', $ip );
		return $this->link_expired();
	}

	/**
	 * The answer for a requestID that cannot be used. One answer for every reason: the widget
	 * shows the link-expired screen either way.
	 */
	private function link_expired(): AjaxResult {
		return AjaxResult::error( 'link_expired', __( 'Your link has expired, please get in touch.', 'donation-widget' ), 200 );
	}

	/**
	 * The answer when the new card is declined.
	 *
	 * @param string $reason Decline or error code.
	 */
	private function card_error( string $reason ): AjaxResult {
		return AjaxResult::error( 'card_error', __( 'Please check your card details and try again!', 'donation-widget' ), 200, array( 'decline_code' => $reason ) );
	}

	/**
	 * The answer for too many calls.
	 */
	private function rate_limited(): AjaxResult {
		return AjaxResult::error( 'rate_limited', __( 'Too many attempts. Please wait a while and try again, or contact us.', 'donation-widget' ), 429 );
	}

	/**
	 * The answer for a field that failed the checks.
	 *
	 * @param string $field   Field name.
	 * @param string $message Why.
	 */
	private function invalid( string $field, string $message ): AjaxResult {
		return AjaxResult::error( 'validation', $message, 400, array( 'field' => $field ) );
	}

	/**
	 * An optional provider id field: '' when absent, null when present but not an id of that kind.
	 *
	 * @param array<string, mixed> $request POST fields.
	 * @param string               $field   Field name.
	 * @param string               $pattern What the id looks like.
	 */
	private function provider_id( array $request, string $field, string $pattern ): ?string {
		$value = $request[ $field ] ?? '';
		if ( '' === $value ) {
			return '';
		}
		return is_string( $value ) && preg_match( $pattern, $value ) ? $value : null;
	}

	/**
	 * Why formData is refused, or null. It must be JSON holding only nameOnCard (docs/widget-contract.md#7-the-calls-it-makes call 9),
	 * checked as docs/widget-contract.md#53-payment-donation-and-update-card-form checks it: required, at most 100 characters, letters, whitespace,
	 * apostrophes, ampersands and hyphens.
	 *
	 * @param mixed $raw The formData field.
	 */
	private function name_problem( mixed $raw ): ?string {
		$data = is_string( $raw ) && strlen( $raw ) <= 2048 ? json_decode( $raw, true ) : null;
		if ( ! is_array( $data ) || array_keys( $data ) !== array( 'nameOnCard' ) || ! is_string( $data['nameOnCard'] ) ) {
			return __( 'The card details could not be read. Please reload the page and try again.', 'donation-widget' );
		}
		$name = trim( $data['nameOnCard'] );
		if ( '' === $name ) {
			return __( 'This field is required', 'donation-widget' );
		}
		if ( ! mb_check_encoding( $name, 'UTF-8' ) || mb_strlen( $name ) > 100 || ! preg_match( self::NAME_PATTERN, $name ) ) {
			return __( 'Please use only letters, spaces, apostrophes, ampersands (&) and hyphens.', 'donation-widget' );
		}
		return null;
	}
}
