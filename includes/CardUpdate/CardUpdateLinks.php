<?php
/**
 * Issues card-update links, emails them, and checks the requestIDs the widget sends back.
 *
 * @package DonationWidget
 */

namespace DonationWidget\CardUpdate;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donations\DonationRepository;
use DonationWidget\Donations\SubscriptionRepository;
use DonationWidget\Emails\DonorMailer;
use DonationWidget\Emails\MailQueue;
use DonationWidget\Settings\Settings;

/**
 * The card-update service other domains call (the admin's Subscriptions screen, WP-CLI, the
 * failed-renewal hook).
 *
 * A link is bound to one subscription and its customer, works for the configured number of
 * hours (card_update_link_hours, 72 by default), and only once: replacing the card uses it up.
 * Issuing a new link for a subscription revokes its older unused links, so only the latest
 * link the donor was given works: a link that was forwarded, or sent to an old address, stops
 * working as soon as staff give the donor a new one. Emailing a link the admin has just copied
 * sends that same link (email_copied()), so Copy then Email never revokes what was copied.
 * Every issue, email and use is written to CardUpdateAudit.
 */
final class CardUpdateLinks {

	/**
	 * The admin-ajax action (and nonce action) that issues a link from the admin.
	 */
	public const ISSUE_ACTION = 'donation_widget_issue_card_link';

	/**
	 * Link lifetime when the setting is missing.
	 */
	public const DEFAULT_HOURS = 72;

	/**
	 * Builds the service.
	 *
	 * @param CardUpdateLinkRepository $links     Stored links.
	 * @param CardUpdateAudit          $audit     The history.
	 * @param RecurringDonors          $donors    Subscription → donor.
	 * @param DonationRepository       $donations The failed renewal's amount.
	 * @param Settings                 $settings  Page and lifetime.
	 * @param DonorMailer              $mailer    Donor emails.
	 * @param CardUpdateEmail          $emails    The emails' words.
	 * @param MailQueue                $queue     Where the failed-renewal email waits for the mail worker.
	 */
	public function __construct(
		private readonly CardUpdateLinkRepository $links,
		private readonly CardUpdateAudit $audit,
		private readonly RecurringDonors $donors,
		private readonly DonationRepository $donations,
		private readonly Settings $settings,
		private readonly DonorMailer $mailer,
		private readonly CardUpdateEmail $emails,
		private readonly MailQueue $queue
	) {
	}

	/**
	 * Issues a link for a subscription, for an admin to copy. The URL is returned here once and
	 * never stored.
	 *
	 * @param string $subscription_id sub_… id of a subscription this site started.
	 * @param string $issued_by       Who asks: CardUpdateActor::user(), CardUpdateActor::WP_CLI and so on.
	 * @throws CardUpdateLinkRefused When no card-update page is set, or the subscription is unknown or ended.
	 */
	public function issue( string $subscription_id, string $issued_by ): IssuedLink {
		return $this->create_or_fail( $this->issuable_donor( $subscription_id ), $issued_by );
	}

	/**
	 * Issues a link and emails it to the donor.
	 *
	 * @param string $subscription_id sub_… id of a subscription this site started.
	 * @param string $issued_by       Who asks.
	 * @return bool Whether the email was handed to wp_mail() successfully (the link is issued either way).
	 * @throws CardUpdateLinkRefused When the link cannot be issued, or the donor has no valid email address.
	 */
	public function email_link( string $subscription_id, string $issued_by ): bool {
		return $this->email_copied( $subscription_id, $issued_by, '' )->sent;
	}

	/**
	 * Emails the donor the link the admin copied a moment ago, when it still works: the same
	 * link, so the copy the admin holds (and may have passed on) keeps working. Otherwise (no
	 * link given, or it was used, revoked or expired since) issues a new link, which revokes
	 * the older ones, and emails that.
	 *
	 * @param string $subscription_id sub_… id of a subscription this site started.
	 * @param string $issued_by       Who asks.
	 * @param string $request_id      The requestID of the copied link, or ''.
	 * @throws CardUpdateLinkRefused When the link cannot be issued, or the donor has no valid email address.
	 */
	public function email_copied( string $subscription_id, string $issued_by, string $request_id ): EmailedLink {
		$donor = $this->issuable_donor( $subscription_id );
		if ( ! is_email( $donor->email ) ) {
			throw new CardUpdateLinkRefused( esc_html( CardUpdateLinkRefused::NO_EMAIL ), esc_html__( 'This donor has no valid email address on record, so the link cannot be emailed. Copy the link instead.', 'donation-widget' ) );
		}
		$issued = $this->live_link_of( $subscription_id, $request_id );
		$reused = null !== $issued;
		$issued = $issued ?? $this->create_or_fail( $donor, $issued_by );
		$hours  = max( 1, (int) ceil( ( $issued->link->expires_timestamp() - time() ) / HOUR_IN_SECONDS ) );
		$email  = $this->emails->on_request( $donor->first_name, $issued->url, $reused ? $hours : $this->lifetime_hours() );
		return new EmailedLink( $issued->link, $this->send( $issued, $email, $issued_by ), $reused );
	}

	/**
	 * The subscription's link that a requestID names, when it still works.
	 *
	 * @param string $subscription_id sub_… id.
	 * @param string $request_id      A requestID, or ''.
	 */
	private function live_link_of( string $subscription_id, string $request_id ): ?IssuedLink {
		if ( '' === $request_id || ! CardUpdateToken::is_well_formed( $request_id ) ) {
			return null;
		}
		$link = $this->links->find_by_hash( CardUpdateToken::hash( $request_id ) );
		if ( null === $link || $link->subscription_id !== $subscription_id || ! CardUpdateToken::matches( $request_id, $link->token_hash ) || ! $link->is_active() ) {
			return null;
		}
		return new IssuedLink( add_query_arg( 'requestID', $request_id, $this->page_url() ), $link );
	}

	/**
	 * The subscription's newest link that still works, if any: the one a new link would revoke.
	 *
	 * @param string $subscription_id sub_… id.
	 */
	public function live_link( string $subscription_id ): ?CardUpdateLink {
		foreach ( $this->links->for_subscription( $subscription_id ) as $link ) {
			if ( $link->is_active() ) {
				return $link;
			}
		}
		return null;
	}

	/**
	 * The donation_widget_renewal_failed hook: emails the donor a fresh link, once per failed
	 * invoice (the provider reports the failure again for each retry of the same invoice).
	 * The email is written now and queued (MailQueue, single use: its link is removed from the
	 * queue once sent); the audit says "emailed" when the mail worker sent it.
	 * Never throws: a problem here must not fail the webhook that reported the renewal.
	 *
	 * @param string $subscription_id sub_… id.
	 * @param string $customer_id     cus_… id from the invoice.
	 * @param int    $donation_id     The failed renewal's donation row.
	 * @param string $invoice_id      in_… id.
	 * @return string What happened, for logs and tests.
	 */
	public function email_after_failed_renewal( string $subscription_id, string $customer_id, int $donation_id, string $invoice_id ): string {
		$actor = CardUpdateActor::RENEWAL_WEBHOOK;
		try {
			$donor = $this->issuable_donor( $subscription_id );
		} catch ( CardUpdateLinkRefused $refused ) {
			if ( CardUpdateLinkRefused::NO_PAGE === $refused->reason ) {
				$this->audit->record( AuditEntry::ISSUE_FAILED, $actor, null, $refused->getMessage() . " ({$invoice_id})", '', $subscription_id );
				// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- the admin must learn that donors are not being told.
				error_log( "Donation Widget: renewal {$invoice_id} of {$subscription_id} failed, but no card-update link was emailed: " . $refused->getMessage() );
			}
			return 'not emailed: ' . $refused->reason;
		}
		if ( '' !== $customer_id && $customer_id !== $donor->customer_id ) {
			// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- a mismatch means the records disagree with the provider.
			error_log( "Donation Widget: invoice {$invoice_id} names customer {$customer_id}, but subscription {$subscription_id} belongs to {$donor->customer_id}; the link is bound to the latter." );
		}
		if ( ! is_email( $donor->email ) ) {
			$this->audit->record( AuditEntry::ISSUE_FAILED, $actor, null, "The donor has no valid email address ({$invoice_id}).", '', $subscription_id );
			return 'not emailed: no_email';
		}

		$issued = $this->create( $donor, $actor, $invoice_id );
		if ( null === $issued ) {
			return 'not emailed: already emailed for ' . $invoice_id;
		}
		$donation = $this->donations->find( $donation_id );
		$email    = $this->emails->after_failed_renewal(
			$donor->first_name,
			null !== $donation ? $donation->total_cents() : $donor->amount_cents,
			$issued->url,
			$this->lifetime_hours()
		);
		$queued   = $this->queue->enqueue(
			MailQueue::FAILED_RENEWAL,
			$issued->link->email,
			$email,
			array(
				'donation_id'     => $donation_id,
				'subscription_id' => $issued->link->subscription_id,
				'source_id'       => $issued->link->id,
				'single_use'      => true,
			)
		);
		if ( 0 === $queued ) {
			$this->record_delivery( MailQueue::FAILED_RENEWAL, $issued->link->id, false );
			return 'not emailed: email_failed';
		}
		return 'queued';
	}

	/**
	 * The donation_widget_renewal_failed action: emails a card-update link (see
	 * email_after_failed_renewal).
	 *
	 * @param mixed $subscription_id The provider's subscription id.
	 * @param mixed $customer_id     The provider's customer id.
	 * @param mixed $donation_id     The failed renewal's donation row.
	 * @param mixed $invoice_id      The provider's invoice id.
	 */
	public function on_renewal_failed( mixed $subscription_id, mixed $customer_id, mixed $donation_id, mixed $invoice_id ): void {
		$text = static fn ( mixed $value ): string => is_scalar( $value ) ? (string) $value : '';
		$this->email_after_failed_renewal( $text( $subscription_id ), $text( $customer_id ), is_numeric( $donation_id ) ? (int) $donation_id : 0, $text( $invoice_id ) );
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
	 * Listener of the mail queue's outcomes: writes the failed-renewal email's fate to the audit.
	 *
	 * @param mixed $kind      The email's kind.
	 * @param mixed $source_id The card-update link it carried.
	 * @param bool  $sent      Sent, or given up on.
	 */
	public function record_delivery( mixed $kind, mixed $source_id, bool $sent ): void {
		if ( MailQueue::FAILED_RENEWAL !== $kind || ! is_numeric( $source_id ) ) {
			return;
		}
		$link = $this->links->find( (int) $source_id );
		if ( null === $link ) {
			return;
		}
		$this->audit->record( $sent ? AuditEntry::EMAILED : AuditEntry::EMAIL_FAILED, CardUpdateActor::RENEWAL_WEBHOOK, $link );
		if ( ! $sent ) {
			// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- the admin must learn the donor was not told.
			error_log( "Donation Widget: the card-update link #{$link->id} for {$link->subscription_id} could not be emailed." );
		}
	}

	/**
	 * What a requestID from the widget is: a usable link, or why not.
	 *
	 * @param mixed $token The id field the widget sent.
	 */
	public function check( mixed $token ): LinkCheck {
		if ( ! CardUpdateToken::is_well_formed( $token ) ) {
			return LinkCheck::refused( LinkCheck::MALFORMED );
		}
		$link = $this->links->find_by_hash( CardUpdateToken::hash( $token ) );
		if ( null === $link || ! CardUpdateToken::matches( $token, $link->token_hash ) ) {
			return LinkCheck::refused( LinkCheck::UNKNOWN );
		}
		$status = $link->status();
		if ( CardUpdateLink::ACTIVE !== $status ) {
			$reasons = array(
				CardUpdateLink::USED    => LinkCheck::USED,
				CardUpdateLink::REVOKED => LinkCheck::REVOKED,
			);
			return LinkCheck::refused( $reasons[ $status ] ?? LinkCheck::EXPIRED, $link );
		}
		$donor = $this->donors->for_subscription( $link->subscription_id );
		if ( null === $donor || SubscriptionRepository::CANCELLED === $donor->status ) {
			return LinkCheck::refused( LinkCheck::SUBSCRIPTION_ENDED, $link );
		}
		return LinkCheck::usable( $link );
	}

	/**
	 * Every link of a subscription, newest first, with its status (CardUpdateLink::status()).
	 *
	 * @param string $subscription_id sub_… id.
	 * @return list<CardUpdateLink>
	 */
	public function for_subscription( string $subscription_id ): array {
		return $this->links->for_subscription( $subscription_id );
	}

	/**
	 * How many hours a new link works.
	 */
	public function lifetime_hours(): int {
		$hours = $this->settings->int( 'card_update_link_hours' );
		return $hours > 0 ? $hours : self::DEFAULT_HOURS;
	}

	/**
	 * The published page holding the update-card widget, or '' when none is set.
	 */
	public function page_url(): string {
		$page_id = $this->settings->int( 'card_update_page_id' );
		$page    = $page_id > 0 ? get_post( $page_id ) : null;
		if ( ! $page instanceof \WP_Post || 'page' !== $page->post_type || 'publish' !== $page->post_status ) {
			return '';
		}
		$url = get_permalink( $page );
		return is_string( $url ) ? $url : '';
	}

	/**
	 * The donor of a subscription a link may be issued for.
	 *
	 * @param string $subscription_id sub_… id.
	 * @throws CardUpdateLinkRefused When no page is set, or the subscription is unknown or ended.
	 */
	private function issuable_donor( string $subscription_id ): RecurringDonor {
		if ( '' === $this->page_url() ) {
			throw new CardUpdateLinkRefused( esc_html( CardUpdateLinkRefused::NO_PAGE ), esc_html__( 'No card-update page is set. Choose the page holding the update-card widget under Donation Widget > Settings > Card-update links, then issue the link again.', 'donation-widget' ) );
		}
		$donor = $this->donors->for_subscription( $subscription_id );
		if ( null === $donor || '' === $donor->customer_id ) {
			throw new CardUpdateLinkRefused( esc_html( CardUpdateLinkRefused::UNKNOWN_SUBSCRIPTION ), esc_html__( 'This is not a 4-weekly donation made through this site, so no card-update link can be issued for it.', 'donation-widget' ) );
		}
		if ( SubscriptionRepository::CANCELLED === $donor->status ) {
			throw new CardUpdateLinkRefused( esc_html( CardUpdateLinkRefused::SUBSCRIPTION_ENDED ), esc_html__( 'This 4-weekly donation has ended, so its card cannot be updated.', 'donation-widget' ) );
		}
		return $donor;
	}

	/**
	 * A new link that is not tied to a failed invoice (so it is always stored).
	 *
	 * @param RecurringDonor $donor     The donor.
	 * @param string         $issued_by Who or what.
	 * @throws \RuntimeException When the database refused the row.
	 */
	private function create_or_fail( RecurringDonor $donor, string $issued_by ): IssuedLink {
		$issued = $this->create( $donor, $issued_by, null );
		if ( null === $issued ) {
			throw new \RuntimeException( 'The card-update link could not be stored.' );
		}
		return $issued;
	}

	/**
	 * Stores a new link, revokes the older ones and writes the audit.
	 *
	 * @param RecurringDonor $donor              The donor.
	 * @param string         $issued_by          Who or what.
	 * @param string|null    $renewal_invoice_id The failed invoice it is emailed for, or null.
	 * @return IssuedLink|null Null when that invoice already has a link.
	 */
	private function create( RecurringDonor $donor, string $issued_by, ?string $renewal_invoice_id ): ?IssuedLink {
		$token = CardUpdateToken::generate();
		$link  = $this->links->create(
			CardUpdateToken::hash( $token ),
			$donor->subscription_id,
			$donor->customer_id,
			$donor->email,
			$issued_by,
			time() + $this->lifetime_hours() * HOUR_IN_SECONDS,
			$renewal_invoice_id
		);
		if ( null === $link ) {
			return null;
		}
		// No time in the words: the history shows the link's expiry in the site's time zone.
		$detail = null === $renewal_invoice_id
			? ''
			/* translators: %s: the provider's invoice id. */
			: sprintf( __( 'Renewal %s failed', 'donation-widget' ), $renewal_invoice_id );
		$this->audit->record( AuditEntry::ISSUED, $issued_by, $link, $detail );
		foreach ( $this->links->revoke_others( $donor->subscription_id, $link->id ) as $revoked_id ) {
			$revoked = $this->links->find( $revoked_id );
			/* translators: %d: the newer link's number. */
			$this->audit->record( AuditEntry::REVOKED, $issued_by, $revoked, sprintf( __( 'Replaced by link #%d', 'donation-widget' ), $link->id ) );
		}
		return new IssuedLink( add_query_arg( 'requestID', $token, $this->page_url() ), $link );
	}

	/**
	 * Emails a link and writes the outcome to the audit.
	 *
	 * @param IssuedLink                                         $issued    The link.
	 * @param array{subject: string, html: string, text: string} $email     The email.
	 * @param string                                             $issued_by Who or what sends it.
	 */
	private function send( IssuedLink $issued, array $email, string $issued_by ): bool {
		$sent = $this->mailer->send( $issued->link->email, $email['subject'], $email['html'], $email['text'] );
		// The address stays on the link only (one place to erase it from), not in the audit.
		$this->audit->record( $sent ? AuditEntry::EMAILED : AuditEntry::EMAIL_FAILED, $issued_by, $issued->link );
		if ( ! $sent ) {
			// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- the admin must learn the donor was not told.
			error_log( "Donation Widget: the card-update link #{$issued->link->id} for {$issued->link->subscription_id} could not be emailed." );
		}
		return $sent;
	}
}
