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
 * A row of the disputes table (or a Stripe dispute read into one). Dates are UTC MySQL
 * datetimes ('' when none).
 */
final class Dispute {

	/**
	 * Stripe's statuses of a dispute still open (the charity may still answer or wait).
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
	 * @param int    $fee_cents           The dispute fee Stripe charged.
	 * @param string $currency            Upper-case currency.
	 * @param string $reason              Stripe's reason, such as fraudulent.
	 * @param string $status              Stripe's status, such as needs_response.
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
	 * A Stripe dispute object, for a donation.
	 *
	 * @param array<mixed> $dispute     The dispute (GET /v1/disputes/{id}).
	 * @param int          $donation_id The disputed donation, 0 when not of this site.
	 */
	public static function of_stripe( array $dispute, int $donation_id ): self {
		$text    = static fn ( array $data, string $key ): string => is_string( $data[ $key ] ?? null ) ? $data[ $key ] : '';
		$fee     = 0;
		$details = is_array( $dispute['evidence_details'] ?? null ) ? $dispute['evidence_details'] : array();
		foreach ( is_array( $dispute['balance_transactions'] ?? null ) ? $dispute['balance_transactions'] : array() as $transaction ) {
			if ( is_array( $transaction ) && is_int( $transaction['fee'] ?? null ) ) {
				$fee += $transaction['fee'];
			}
		}
		$charge  = $dispute['charge'] ?? '';
		$created = is_int( $dispute['created'] ?? null ) ? $dispute['created'] : time();
		return new self(
			$text( $dispute, 'id' ),
			$donation_id,
			is_array( $charge ) ? $text( $charge, 'id' ) : ( is_string( $charge ) ? $charge : '' ),
			is_int( $dispute['amount'] ?? null ) ? max( 0, $dispute['amount'] ) : 0,
			max( 0, $fee ),
			strtoupper( $text( $dispute, 'currency' ) ),
			$text( $dispute, 'reason' ),
			$text( $dispute, 'status' ),
			is_int( $details['due_by'] ?? null ) ? gmdate( 'Y-m-d H:i:s', $details['due_by'] ) : '',
			gmdate( 'Y-m-d H:i:s', $created )
		);
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
