<?php
/**
 * The changes a donor makes to their own 4-weekly donation.
 *
 * @package DonationWidget
 */

namespace DonationWidget\SelfService;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\CardUpdate\AuditEntry;
use DonationWidget\CardUpdate\CardUpdateActor;
use DonationWidget\CardUpdate\CardUpdateAudit;
use DonationWidget\CardUpdate\CardUpdateLinkRefused;
use DonationWidget\CardUpdate\CardUpdateLinks;
use DonationWidget\Donations\SubscriptionRepository;
use DonationWidget\Emails\MailQueue;
use DonationWidget\Http\ProviderUnavailable;
use DonationWidget\Receipts\DonationFormat;
use DonationWidget\Subscriptions\Cancellation;
use DonationWidget\Subscriptions\ProviderRefused;
use DonationWidget\Subscriptions\RecurringPayments;
use DonationWidget\Subscriptions\RecurringSubscription;

/**
 * Each change is made at the provider first, through the Subscriptions domain (nothing is
 * recorded when the provider refuses), then written
 * to the subscription's history in the admin (CardUpdateAudit, the table its detail screen
 * lists), to the self-service audit, and confirmed to the donor by email (the mail queue).
 *
 * A change always names a subscription of the session's own address that still runs
 * (DonorAccount::running_subscription), and only an action the charity left switched on.
 */
final class SubscriptionChanges {

	public const AMOUNT_CHANGED = 'amount_changed';
	public const SKIPPED        = 'skipped';
	public const PAUSED         = 'paused';
	public const RESUMED        = 'resumed';
	public const CANCELLED      = 'cancelled';
	public const CARD_LINK      = 'card_link';

	public const NOT_AVAILABLE  = 'not_available';
	public const NOT_FOUND      = 'not_found';
	public const INVALID_AMOUNT = 'invalid_amount';
	public const INVALID_CYCLES = 'invalid_cycles';
	public const NOT_PAUSED     = 'not_paused';
	/**
	 * The provider said no (the value is the outcome's stored name in manage_result).
	 */
	public const PROVIDER_REFUSED = 'stripe_refused';
	public const UNAVAILABLE      = 'unavailable';

	/**
	 * Per docs/widget-contract.md#51-amount and docs/widget-contract.md#9-business-constants-and-limits: 5 to 999,999.99 dollars.
	 */
	public const MIN_CENTS = 500;
	public const MAX_CENTS = 99999999;

	/**
	 * Longest pause, in 4-weekly donations.
	 */
	public const MAX_PAUSE_CYCLES = 3;

	/**
	 * Longest cancellation reason kept.
	 */
	public const MAX_REASON = 500;

	private const FOUR_WEEKS = 28 * DAY_IN_SECONDS;

	/**
	 * Builds the changes.
	 *
	 * @param RecurringPayments      $provider      The provider that collects the donations.
	 * @param Cancellation           $cancellation  Cancelling, as everywhere.
	 * @param DonorAccount           $account       Ownership and the provider's view.
	 * @param SubscriptionRepository $subscriptions The plugin's records.
	 * @param SelfServiceActions     $actions       Which actions are switched on.
	 * @param CardUpdateAudit        $history       The subscription's history in the admin.
	 * @param CardUpdateLinks        $card_links    Card-update links, for "Replace card".
	 * @param SelfServiceAudit       $audit         The self-service audit.
	 * @param MailQueue              $queue         Confirmation emails.
	 * @param SelfServiceEmails      $emails        Their words.
	 */
	public function __construct(
		private readonly RecurringPayments $provider,
		private readonly Cancellation $cancellation,
		private readonly DonorAccount $account,
		private readonly SubscriptionRepository $subscriptions,
		private readonly SelfServiceActions $actions,
		private readonly CardUpdateAudit $history,
		private readonly CardUpdateLinks $card_links,
		private readonly SelfServiceAudit $audit,
		private readonly MailQueue $queue,
		private readonly SelfServiceEmails $emails
	) {
	}

	/**
	 * The amount in cents from what the donor typed (docs/widget-contract.md#51-amount), or null when it is not allowed.
	 *
	 * @param mixed $value The amount field, in dollars.
	 */
	public static function cents( mixed $value ): ?int {
		$value = is_string( $value ) ? trim( $value ) : '';
		if ( ! preg_match( '/^(\d{1,9})(?:\.(\d{1,2}))?$/D', $value, $parts ) ) {
			return null;
		}
		$cents = (int) $parts[1] * 100 + (int) str_pad( $parts[2] ?? '', 2, '0' );
		return $cents >= self::MIN_CENTS && $cents <= self::MAX_CENTS ? $cents : null;
	}

	/**
	 * Changes the amount from the next donation on, without proration.
	 *
	 * @param ManageSession $session         The donor's session.
	 * @param string        $subscription_id sub_… id from the form.
	 * @param mixed         $amount          The new amount, in dollars.
	 * @param string        $ip              The visitor's address.
	 * @return string AMOUNT_CHANGED or a refusal.
	 */
	public function change_amount( ManageSession $session, string $subscription_id, mixed $amount, string $ip ): string {
		return $this->run(
			$session,
			SelfServiceActions::CHANGE_AMOUNT,
			$subscription_id,
			$ip,
			function ( array $subscription, RecurringSubscription $at_provider ) use ( $amount ): array {
				$cents = self::cents( $amount );
				if ( null === $cents ) {
					return array( self::INVALID_AMOUNT );
				}
				if ( ! $this->provider->change_amount( $at_provider, $cents ) ) {
					return array( self::UNAVAILABLE );
				}
				$this->subscriptions->change_amount( $subscription['subscription_id'], $cents );
				$from = DonationFormat::money( $subscription['amount_cents'] );
				$to   = DonationFormat::money( $cents );
				return array(
					self::AMOUNT_CHANGED,
					AuditEntry::AMOUNT_CHANGED,
					/* translators: 1: old amount, 2: new amount. */
					sprintf( __( '%1$s to %2$s from the next donation', 'donation-widget' ), $from, $to ),
					/* translators: 1: new amount, 2: date of the next donation. */
					sprintf( __( 'Your 4-weekly donation is now %1$s, from your next donation on %2$s.', 'donation-widget' ), $to, self::date( $at_provider->next_charge ) ),
				);
			}
		);
	}

	/**
	 * Skips the next donation: the provider's next charge moves 4 weeks later, no proration.
	 *
	 * @param ManageSession $session         The donor's session.
	 * @param string        $subscription_id sub_… id from the form.
	 * @param string        $ip              The visitor's address.
	 * @return string SKIPPED or a refusal.
	 */
	public function skip( ManageSession $session, string $subscription_id, string $ip ): string {
		return $this->run(
			$session,
			SelfServiceActions::SKIP,
			$subscription_id,
			$ip,
			function ( array $subscription, RecurringSubscription $at_provider ): array {
				if ( $at_provider->next_charge <= time() ) {
					return array( self::UNAVAILABLE );
				}
				$skipped = $at_provider->next_charge;
				$next    = $skipped + self::FOUR_WEEKS;
				$this->provider->skip_next( $subscription['subscription_id'], $next );
				return array(
					self::SKIPPED,
					AuditEntry::DONATION_SKIPPED,
					/* translators: 1: skipped date, 2: next date. */
					sprintf( __( 'Donation of %1$s skipped; next on %2$s', 'donation-widget' ), self::date( $skipped ), self::date( $next ) ),
					/* translators: 1: amount, such as $30.00, 2: skipped date, 3: next date. */
					sprintf( __( 'Your donation of %1$s due on %2$s will be skipped. Your next donation of %1$s will be on %3$s.', 'donation-widget' ), DonationFormat::money( $subscription['amount_cents'] ), self::date( $skipped ), self::date( $next ) ),
				);
			}
		);
	}

	/**
	 * Pauses for 1 to 3 donations: no donation is taken until just after the last one.
	 *
	 * @param ManageSession $session         The donor's session.
	 * @param string        $subscription_id sub_… id from the form.
	 * @param mixed         $cycles          How many donations to pause.
	 * @param string        $ip              The visitor's address.
	 * @return string PAUSED or a refusal.
	 */
	public function pause( ManageSession $session, string $subscription_id, mixed $cycles, string $ip ): string {
		return $this->run(
			$session,
			SelfServiceActions::PAUSE,
			$subscription_id,
			$ip,
			function ( array $subscription, RecurringSubscription $at_provider ) use ( $cycles ): array {
				$count = is_string( $cycles ) && preg_match( '/^[1-9]$/D', $cycles ) ? (int) $cycles : 0;
				if ( $count < 1 || $count > self::MAX_PAUSE_CYCLES ) {
					return array( self::INVALID_CYCLES );
				}
				if ( $at_provider->next_charge <= time() ) {
					return array( self::UNAVAILABLE );
				}
				// The donations at next, next + 4 weeks … are not taken; collection resumes a day
				// after the last of them, so the one after is: the provider's first charge, and the
				// one date the page (DonorAccount::at_provider) and the email name.
				$last    = $at_provider->next_charge + ( $count - 1 ) * self::FOUR_WEEKS;
				$resumes = $last + DAY_IN_SECONDS;
				$next    = $last + self::FOUR_WEEKS;
				$this->provider->pause( $subscription['subscription_id'], $resumes );
				return array(
					self::PAUSED,
					AuditEntry::PAUSED,
					/* translators: 1: number of donations, 2: date of the next donation. */
					sprintf( _n( 'Paused for %1$d donation; next on %2$s', 'Paused for %1$d donations; next on %2$s', $count, 'donation-widget' ), $count, self::date( $next ) ),
					/* translators: 1: amount, such as $30.00, 2: number of donations, 3: date of the next donation. */
					sprintf( _n( 'Your 4-weekly donation of %1$s is paused for %2$d donation: no donation will be taken until %3$s, when it starts again.', 'Your 4-weekly donation of %1$s is paused for %2$d donations: no donation will be taken until %3$s, when it starts again.', $count, 'donation-widget' ), DonationFormat::money( $subscription['amount_cents'] ), $count, self::date( $next ) ),
				);
			}
		);
	}

	/**
	 * Ends a pause now: the next donation is the next 4-weekly date of the subscription's own
	 * cycle, which the provider charges as usual.
	 *
	 * @param ManageSession $session         The donor's session.
	 * @param string        $subscription_id sub_… id from the form.
	 * @param string        $ip              The visitor's address.
	 * @return string RESUMED or a refusal.
	 */
	public function resume( ManageSession $session, string $subscription_id, string $ip ): string {
		return $this->run(
			$session,
			SelfServiceActions::RESUME,
			$subscription_id,
			$ip,
			function ( array $subscription, RecurringSubscription $at_provider ): array {
				if ( ! $at_provider->paused ) {
					return array( self::NOT_PAUSED );
				}
				$this->provider->resume( $subscription['subscription_id'] );
				// Read back what the provider will now charge, so the email names its own date.
				$after = $this->account->at_provider( $subscription['subscription_id'], $subscription['customer_id'] );
				$next  = null !== $after ? $after->next_charge : 0;
				while ( $next > 0 && $next <= time() ) {
					$next += self::FOUR_WEEKS;
				}
				return array(
					self::RESUMED,
					AuditEntry::RESUMED,
					/* translators: %s: date of the next donation. */
					sprintf( __( 'Resumed; next on %s', 'donation-widget' ), self::date( $next ) ),
					/* translators: 1: amount, such as $30.00, 2: date of the next donation. */
					sprintf( __( 'Your 4-weekly donation of %1$s has resumed. Your next donation will be on %2$s.', 'donation-widget' ), DonationFormat::money( $subscription['amount_cents'] ), self::date( $next ) ),
				);
			}
		);
	}

	/**
	 * Cancels at once (Cancellation, as staff do), with the donor's optional reason. The donor's
	 * confirmation is the cancellation email every cancellation sends.
	 *
	 * @param ManageSession $session         The donor's session.
	 * @param string        $subscription_id sub_… id from the form.
	 * @param mixed         $reason          Why, optional.
	 * @param string        $ip              The visitor's address.
	 * @return string CANCELLED or a refusal.
	 */
	public function cancel( ManageSession $session, string $subscription_id, mixed $reason, string $ip ): string {
		return $this->run(
			$session,
			SelfServiceActions::CANCEL,
			$subscription_id,
			$ip,
			function ( array $subscription ) use ( $reason ): array {
				$reason = is_string( $reason ) ? mb_substr( trim( sanitize_textarea_field( $reason ) ), 0, self::MAX_REASON ) : '';
				if ( Cancellation::CANCELLED !== $this->cancellation->cancel( $subscription['subscription_id'], $reason ) ) {
					// Ended meanwhile (staff, or the provider): nothing left to cancel.
					return array( self::NOT_FOUND );
				}
				return array(
					self::CANCELLED,
					AuditEntry::CANCELLED_BY_DONOR,
					'' !== $reason
						/* translators: %s: the donor's reason. */
						? sprintf( __( 'Reason: %s', 'donation-widget' ), $reason )
						: __( 'No reason given', 'donation-widget' ),
					'',
				);
			},
			false
		);
	}

	/**
	 * Issues a card-update link for the subscription, to open in place on the manage page.
	 * The card-update domain does the rest (and audits it) as for any link.
	 *
	 * @param ManageSession $session         The donor's session.
	 * @param string        $subscription_id sub_… id from the form.
	 * @param string        $ip              The visitor's address.
	 * @return array{0: string, 1: string} The outcome, and the link's requestID ('' unless CARD_LINK).
	 */
	public function card_link( ManageSession $session, string $subscription_id, string $ip ): array {
		if ( ! $this->actions->is_on( SelfServiceActions::REPLACE_CARD ) ) {
			return array( self::NOT_AVAILABLE, '' );
		}
		if ( null === $this->account->running_subscription( $session->email, $subscription_id ) ) {
			$this->audit->record( SelfServiceAudit::CHANGE_REFUSED, 0, $session->id, '', 'replace_card: not_found', $ip );
			return array( self::NOT_FOUND, '' );
		}
		try {
			$issued = $this->card_links->issue( $subscription_id, CardUpdateActor::SELF_SERVICE );
		} catch ( CardUpdateLinkRefused $refused ) {
			$this->audit->record( SelfServiceAudit::CHANGE_REFUSED, 0, $session->id, $subscription_id, 'replace_card: ' . $refused->reason, $ip );
			return array( self::UNAVAILABLE, '' );
		}
		parse_str( (string) wp_parse_url( $issued->url, PHP_URL_QUERY ), $query );
		$request_id = is_string( $query['requestID'] ?? null ) ? $query['requestID'] : '';
		$this->audit->record( SelfServiceAudit::CARD_LINK_ISSUED, 0, $session->id, $subscription_id, 'card-update link #' . $issued->link->id, $ip );
		return array( '' !== $request_id ? self::CARD_LINK : self::UNAVAILABLE, $request_id );
	}

	/**
	 * The card-update domain's donation_widget_card_updated action: confirms a card the donor
	 * replaced from the manage page.
	 *
	 * @param mixed $subscription_id sub_… id.
	 * @param mixed $issued_by       Who issued the link used.
	 * @param mixed $email           The donor's address.
	 * @param mixed $card            The new card, such as "visa ending 4242".
	 */
	public function confirm_card_update( mixed $subscription_id, mixed $issued_by, mixed $email, mixed $card ): void {
		if ( CardUpdateActor::SELF_SERVICE !== $issued_by || ! is_string( $email ) || ! is_email( $email ) || ! is_string( $subscription_id ) ) {
			return;
		}
		$row = $this->subscriptions->find( $subscription_id );
		$this->queue->enqueue(
			ManageLinks::CHANGE_MAIL_KIND,
			$email,
			$this->emails->change(
				null !== $row
					/* translators: 1: amount, such as $30.00, 2: the card, such as "visa ending 4242". */
					? sprintf( __( 'Your 4-weekly donation of %1$s will now be charged to your %2$s.', 'donation-widget' ), DonationFormat::money( $row['amount_cents'] ), is_string( $card ) ? $card : '' )
					/* translators: %s: the card, such as "visa ending 4242". */
					: sprintf( __( 'Your 4-weekly donation will now be charged to your %s.', 'donation-widget' ), is_string( $card ) ? $card : '' )
			),
			array( 'subscription_id' => $subscription_id )
		);
	}

	/**
	 * Runs one change: switched on, the session's own running subscription, then the provider,
	 * then the records. The provider's refusals and outages become outcomes; nothing is recorded
	 * for them but the refusal itself.
	 *
	 * @param ManageSession $session         The donor's session.
	 * @param string        $action          A SelfServiceActions constant.
	 * @param string        $subscription_id sub_… id from the form.
	 * @param string        $ip              The visitor's address.
	 * @param callable      $change          (subscription row, RecurringSubscription): [outcome, history event, history detail, email sentence].
	 * @param bool          $confirm         Whether to email the sentence (cancel has its own email).
	 */
	private function run( ManageSession $session, string $action, string $subscription_id, string $ip, callable $change, bool $confirm = true ): string {
		if ( ! $this->actions->is_on( $action ) ) {
			return self::NOT_AVAILABLE;
		}
		$subscription = $this->account->running_subscription( $session->email, $subscription_id );
		if ( null === $subscription ) {
			$this->audit->record( SelfServiceAudit::CHANGE_REFUSED, 0, $session->id, '', $action . ': not_found', $ip );
			return self::NOT_FOUND;
		}
		$at_provider = $this->account->at_provider( $subscription['subscription_id'], $subscription['customer_id'] );
		if ( null === $at_provider ) {
			return self::UNAVAILABLE;
		}
		try {
			$result = $change( $subscription, $at_provider );
		} catch ( ProviderRefused $error ) {
			// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- admins need the provider's reason.
			error_log( "Donation Widget self-service: the provider refused {$action} on {$subscription_id}: " . $error->getMessage() );
			$this->history->record( AuditEntry::SELF_SERVICE_REFUSED, CardUpdateActor::SELF_SERVICE, null, $action . ': ' . $error->error_code, $ip, $subscription_id );
			$this->audit->record( SelfServiceAudit::CHANGE_REFUSED, 0, $session->id, $subscription_id, $action . ': ' . $error->error_code, $ip );
			return self::PROVIDER_REFUSED;
		} catch ( ProviderUnavailable $error ) {
			// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- admins need to see provider failures.
			error_log( "Donation Widget self-service: the provider is unavailable for {$action} on {$subscription_id}: " . $error->getMessage() );
			$this->audit->record( SelfServiceAudit::CHANGE_REFUSED, 0, $session->id, $subscription_id, $action . ': unavailable', $ip );
			return self::UNAVAILABLE;
		}
		if ( count( $result ) < 4 ) {
			$this->audit->record( SelfServiceAudit::CHANGE_REFUSED, 0, $session->id, $subscription_id, $action . ': ' . $result[0], $ip );
			return $result[0];
		}
		list( $outcome, $event, $detail, $sentence ) = $result;
		$this->history->record( $event, CardUpdateActor::SELF_SERVICE, null, $detail, $ip, $subscription_id );
		$this->audit->record( SelfServiceAudit::CHANGED, 0, $session->id, $subscription_id, $action . ': ' . $detail, $ip );
		if ( $confirm ) {
			$this->queue->enqueue( ManageLinks::CHANGE_MAIL_KIND, $session->email, $this->emails->change( $sentence ), array( 'subscription_id' => $subscription_id ) );
		}
		return $outcome;
	}

	/**
	 * A Unix time as a date in the site's time zone.
	 *
	 * @param int $timestamp Unix time.
	 */
	public static function date( int $timestamp ): string {
		return $timestamp > 0 ? (string) wp_date( (string) get_option( 'date_format', 'j F Y' ), $timestamp ) : '';
	}
}
