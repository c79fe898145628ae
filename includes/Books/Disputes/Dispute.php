<?php
/**
 * One chargeback, as the disputes table keeps it.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books\Disputes;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * A row of the disputes table (or a provider's dispute read into one by its gateway). Dates are UTC MySQL
 * datetimes ('' when none).
 */
final class Dispute {

	/**
	 * The provider's statuses of a dispute still open (the charity may still answer or wait).
	 */
	public const OPEN = array( 'warning_needs_response', 'warning_under_review', 'needs_response', 'under_review', 'appeal_needs_response', 'appeal_under_review' );

	public const WON  = 'won';
	public const LOST = 'lost';

	/**
	 * Holds the row.
	 *
	 * @param string $provider_dispute_id The dp_… id.
	 * @param int    $donation_id         The disputed donation (0: not of this site).
	 * @param string $charge_id           The disputed charge.
	 * @param int    $amount_cents        The amount the cardholder's bank took back.
	 * @param int    $fee_cents           The dispute fee the provider charged.
	 * @param string $currency            Upper-case currency.
	 * @param string $reason              The provider's reason, such as fraudulent.
	 * @param string $status              The provider's status, such as needs_response.
	 * @param string $evidence_due_at     When evidence is due (UTC), or ''.
	 * @param string $created_at          When it was raised (UTC).
	 */
	public function __construct(
		public readonly string $provider_dispute_id,
		public readonly int $donation_id,
		public readonly string $charge_id,
		public readonly int $amount_cents,
		public readonly int $fee_cents,
		public readonly string $currency,
		public readonly string $reason,
		public readonly string $status,
		public readonly string $evidence_due_at,
		public readonly string $created_at
	) {
	}

	/**
	 * A row read from the table.
	 *
	 * @param array<string, mixed> $row The row.
	 */
	public static function from_row( array $row ): self {
		$text = static fn ( string $key ): string => is_scalar( $row[ $key ] ?? null ) ? (string) $row[ $key ] : '';
		return new self(
			$text( 'provider_dispute_id' ),
			(int) $text( 'donation_id' ),
			$text( 'charge_id' ),
			(int) $text( 'amount_cents' ),
			(int) $text( 'fee_cents' ),
			$text( 'currency' ),
			$text( 'reason' ),
			$text( 'status' ),
			$text( 'evidence_due_at' ),
			$text( 'created_at' )
		);
	}

	/**
	 * Whether it is still open.
	 */
	public function is_open(): bool {
		return in_array( $this->status, self::OPEN, true );
	}

	/**
	 * The outcome once closed: won or lost ('' while open). An inquiry closed without a chargeback
	 * (warning_closed) cost the charity nothing: won.
	 */
	public function outcome(): string {
		if ( self::LOST === $this->status ) {
			return self::LOST;
		}
		return in_array( $this->status, array( self::WON, 'warning_closed' ), true ) ? self::WON : '';
	}

	/**
	 * What the donation lost to it: the amount, once lost.
	 */
	public function lost_cents(): int {
		return self::LOST === $this->outcome() ? $this->amount_cents : 0;
	}
}
