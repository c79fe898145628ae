<?php
/**
 * One card-update link (a row of the card_update_links table).
 *
 * @package DonationWidget
 */

namespace DonationWidget\CardUpdate;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * A read-only copy of a link: which subscription and customer it is bound to, who issued it,
 * and whether it can still be used. Times are UTC, as MySQL DATETIME strings.
 */
final class CardUpdateLink {

	public const ACTIVE  = 'active';
	public const EXPIRED = 'expired';
	public const USED    = 'used';
	public const REVOKED = 'revoked';

	/**
	 * Builds the copy.
	 *
	 * @param int         $id                 Row id.
	 * @param string      $token_hash         SHA-256 of the requestID.
	 * @param string      $subscription_id    The sub_… it may update.
	 * @param string      $customer_id        The cus_… that subscription belongs to.
	 * @param string      $email              Where it was (or would be) emailed.
	 * @param string      $issued_by          Who or what issued it (see CardUpdateActor).
	 * @param string      $renewal_invoice_id The failed invoice it was emailed for, or ''.
	 * @param string      $created_at         When issued (UTC).
	 * @param string      $expires_at         When it stops working (UTC).
	 * @param string|null $used_at            When the card was replaced through it (UTC).
	 * @param string|null $revoked_at         When a newer link replaced it (UTC).
	 */
	public function __construct(
		public readonly int $id,
		public readonly string $token_hash,
		public readonly string $subscription_id,
		public readonly string $customer_id,
		public readonly string $email,
		public readonly string $issued_by,
		public readonly string $renewal_invoice_id,
		public readonly string $created_at,
		public readonly string $expires_at,
		public readonly ?string $used_at,
		public readonly ?string $revoked_at
	) {
	}

	/**
	 * Builds a link from a database row.
	 *
	 * @param array<mixed> $row Column => value.
	 */
	public static function from_row( array $row ): self {
		$text     = static fn ( string $column ): string => isset( $row[ $column ] ) && is_scalar( $row[ $column ] ) ? (string) $row[ $column ] : '';
		$nullable = static fn ( string $column ): ?string => isset( $row[ $column ] ) && is_scalar( $row[ $column ] ) && '' !== (string) $row[ $column ] ? (string) $row[ $column ] : null;
		return new self(
			(int) $text( 'id' ),
			$text( 'token_hash' ),
			$text( 'subscription_id' ),
			$text( 'customer_id' ),
			$text( 'email' ),
			$text( 'issued_by' ),
			$text( 'renewal_invoice_id' ),
			$text( 'created_at' ),
			$text( 'expires_at' ),
			$nullable( 'used_at' ),
			$nullable( 'revoked_at' )
		);
	}

	/**
	 * Status: active, expired, used or revoked. A used link stays "used" after it expires.
	 *
	 * @param int|null $now Unix time (tests pass their own).
	 */
	public function status( ?int $now = null ): string {
		if ( null !== $this->used_at ) {
			return self::USED;
		}
		if ( null !== $this->revoked_at ) {
			return self::REVOKED;
		}
		return $this->expires_timestamp() <= ( $now ?? time() ) ? self::EXPIRED : self::ACTIVE;
	}

	/**
	 * Whether the link may still replace the card.
	 *
	 * @param int|null $now Unix time.
	 */
	public function is_active( ?int $now = null ): bool {
		return self::ACTIVE === $this->status( $now );
	}

	/**
	 * When it stops working, as Unix time.
	 */
	public function expires_timestamp(): int {
		$time = strtotime( $this->expires_at . ' UTC' );
		return false === $time ? 0 : $time;
	}
}
