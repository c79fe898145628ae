<?php
/**
 * One row of a subscription's card-update history.
 *
 * @package DonationWidget
 */

namespace DonationWidget\CardUpdate;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * What happened to a card-update link, when (UTC), done by whom or what, from which address.
 */
final class AuditEntry {

	public const ISSUED                  = 'issued';
	public const REVOKED                 = 'revoked';
	public const EMAILED                 = 'emailed';
	public const EMAIL_FAILED            = 'email_failed';
	public const ISSUE_FAILED            = 'issue_failed';
	public const VALIDATED               = 'validated';
	public const REJECTED                = 'rejected';
	public const AUTHENTICATION_REQUIRED = 'authentication_required';
	public const CARD_UPDATED            = 'card_updated';
	public const CARD_DECLINED           = 'card_declined';
	public const PAST_DUE_RECOVERED      = 'past_due_recovered';
	public const PAST_DUE_FAILED         = 'past_due_failed';
	public const PAST_DUE_UNKNOWN        = 'past_due_unknown';
	public const PAST_DUE_CHECKED        = 'past_due_checked';
	public const AMOUNT_CHANGED          = 'amount_changed';
	public const DONATION_SKIPPED        = 'donation_skipped';
	public const PAUSED                  = 'paused';
	public const RESUMED                 = 'resumed';
	public const CANCELLED_BY_DONOR      = 'cancelled_by_donor';
	public const SELF_SERVICE_REFUSED    = 'self_service_refused';

	/**
	 * Builds the entry.
	 *
	 * @param int      $id              Row id.
	 * @param int|null $link_id         The link, when one was involved.
	 * @param string   $subscription_id The subscription, or '' (a request naming no known link).
	 * @param string   $event           One of the constants.
	 * @param string   $actor           Who or what: see CardUpdateActor.
	 * @param string   $detail          More about it, for the admin (never a requestID or card number).
	 * @param string   $ip              The visitor's address for public calls, else ''.
	 * @param string   $created_at      When (UTC, MySQL DATETIME).
	 */
	public function __construct(
		public readonly int $id,
		public readonly ?int $link_id,
		public readonly string $subscription_id,
		public readonly string $event,
		public readonly string $actor,
		public readonly string $detail,
		public readonly string $ip,
		public readonly string $created_at
	) {
	}

	/**
	 * Builds an entry from a database row.
	 *
	 * @param array<mixed> $row Column => value.
	 */
	public static function from_row( array $row ): self {
		$text = static fn ( string $column ): string => isset( $row[ $column ] ) && is_scalar( $row[ $column ] ) ? (string) $row[ $column ] : '';
		return new self(
			(int) $text( 'id' ),
			'' === $text( 'link_id' ) ? null : (int) $text( 'link_id' ),
			$text( 'subscription_id' ),
			$text( 'event' ),
			$text( 'actor' ),
			$text( 'detail' ),
			$text( 'ip' ),
			$text( 'created_at' )
		);
	}

	/**
	 * The entry as a row for an admin table: when (UTC), the event in words, who, what, where.
	 *
	 * @return array{created_at: string, event: string, label: string, actor: string, detail: string, ip: string, link_id: int|null}
	 */
	public function to_array(): array {
		return array(
			'created_at' => $this->created_at,
			'event'      => $this->event,
			'label'      => $this->label(),
			'actor'      => $this->actor,
			'detail'     => $this->detail,
			'ip'         => $this->ip,
			'link_id'    => $this->link_id,
		);
	}

	/**
	 * The event in words, for the admin screen.
	 */
	public function label(): string {
		$labels = self::labels();
		return $labels[ $this->event ] ?? $this->event;
	}

	/**
	 * Every event, in words.
	 *
	 * @return array<string, string>
	 */
	public static function labels(): array {
		return array(
			self::ISSUED                  => __( 'Link issued', 'donation-widget' ),
			self::REVOKED                 => __( 'Link revoked (a newer link was issued)', 'donation-widget' ),
			self::EMAILED                 => __( 'Link emailed to the donor', 'donation-widget' ),
			self::EMAIL_FAILED            => __( 'Link email could not be sent', 'donation-widget' ),
			self::ISSUE_FAILED            => __( 'Link could not be issued', 'donation-widget' ),
			self::VALIDATED               => __( 'Link opened', 'donation-widget' ),
			self::REJECTED                => __( 'Link refused', 'donation-widget' ),
			self::AUTHENTICATION_REQUIRED => __( 'Bank asked for 3-D Secure', 'donation-widget' ),
			self::CARD_UPDATED            => __( 'Card updated', 'donation-widget' ),
			self::CARD_DECLINED           => __( 'New card declined', 'donation-widget' ),
			self::PAST_DUE_RECOVERED      => __( 'Missed donation collected', 'donation-widget' ),
			self::PAST_DUE_FAILED         => __( 'Missed donation still unpaid', 'donation-widget' ),
			self::PAST_DUE_UNKNOWN        => __( 'Missed donation: the payment provider did not answer whether it was collected; looked at again later', 'donation-widget' ),
			self::PAST_DUE_CHECKED        => __( 'Missed donations looked at again after the card update', 'donation-widget' ),
			self::AMOUNT_CHANGED          => __( 'Amount changed by the donor', 'donation-widget' ),
			self::DONATION_SKIPPED        => __( 'Next donation skipped by the donor', 'donation-widget' ),
			self::PAUSED                  => __( 'Paused by the donor', 'donation-widget' ),
			self::RESUMED                 => __( 'Resumed by the donor', 'donation-widget' ),
			self::CANCELLED_BY_DONOR      => __( 'Cancelled by the donor', 'donation-widget' ),
			self::SELF_SERVICE_REFUSED    => __( 'Donor\'s change refused by the card provider', 'donation-widget' ),
		);
	}
}
