<?php
/**
 * The one definition of what a gift, or a period of gifts, came to.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Donations;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Gross, provider fees, refunds, disputes lost, net and kept, in cents, for one gift or the sum of
 * many. Every screen, total and file that shows one of these figures builds it here (from a
 * Donation, a row, a deposit's parts, or through the SQL expressions for sums kept on write), so
 * the reports, the dashboard, the donation screen, the payouts, the statements and the exports
 * cannot disagree.
 *
 * - gross: the gift's total (amount and cover), money received only (RECEIVED statuses).
 * - fees: everything the provider took: the payment's fee (once reported) and every dispute's
 *   fee (the card provider's A$25, kept even when the dispute is won).
 * - refunded: what went back to the donor. A gift marked partly refunded whose amount was never
 *   recorded (refunds made before schema 13) counts as refunded in full: the books claim no money
 *   they cannot show was kept.
 * - disputes lost: what the donor's bank took back, counted at most up to what refunds left.
 * - kept = gross − refunded − disputes lost (never below zero): what the donor gave and the
 *   charity kept, what a tax statement lists.
 * - net = kept − fees: what reaches the bank. It lives in Donations because the donation record
 *   carries every fact these come from; Books writes those facts.
 */
final class GiftFigures {

	/**
	 * Statuses whose money was received: only their figures count.
	 */
	public const RECEIVED = array( DonationStatus::SUCCEEDED, DonationStatus::PARTIALLY_REFUNDED, DonationStatus::REFUNDED );

	/**
	 * Statuses of a gift still given (a donor who made one gave): a partly refunded gift too.
	 */
	public const GIVEN = array( DonationStatus::SUCCEEDED, DonationStatus::PARTIALLY_REFUNDED );

	/**
	 * Holds figures (use the named constructors).
	 *
	 * @param int $gross_cents        Gross received.
	 * @param int $fee_cents          Provider fees, dispute fees included.
	 * @param int $refunded_cents     Refunded.
	 * @param int $dispute_lost_cents Lost to disputes.
	 * @param int $gifts              How many gifts they sum.
	 */
	public function __construct(
		public readonly int $gross_cents = 0,
		public readonly int $fee_cents = 0,
		public readonly int $refunded_cents = 0,
		public readonly int $dispute_lost_cents = 0,
		public readonly int $gifts = 0
	) {
	}

	/**
	 * A donation's figures, in its status or as if in another (a status change moving totals).
	 *
	 * @param Donation $donation The donation.
	 * @param string   $status   The status to count it in ('' for its own).
	 */
	public static function of( Donation $donation, string $status = '' ): self {
		return self::of_values(
			'' === $status ? $donation->status() : $status,
			$donation->total_cents(),
			$donation->refunded_cents(),
			$donation->dispute_lost_cents(),
			(int) $donation->fee_cents() + $donation->dispute_fee_cents()
		);
	}

	/**
	 * A donations row's figures (status and total_cents needed; refunded_cents,
	 * dispute_lost_cents, fee_cents and dispute_fee_cents read when present).
	 *
	 * @param array<string, mixed> $row The row.
	 */
	public static function of_row( array $row ): self {
		$cents = static fn ( string $column ): int => is_numeric( $row[ $column ] ?? null ) ? (int) $row[ $column ] : 0;
		return self::of_values( is_string( $row['status'] ?? null ) ? $row['status'] : '', $cents( 'total_cents' ), $cents( 'refunded_cents' ), $cents( 'dispute_lost_cents' ), $cents( 'fee_cents' ) + $cents( 'dispute_fee_cents' ) );
	}

	/**
	 * The figures of a deposit's parts, each signed as it adds to the deposit (Books\Payouts
	 * PayoutParts, the export's lines): gifts positive, fees, refunds and disputes negative (a
	 * won dispute's reversal gives back what its withdrawal took).
	 *
	 * @param int $gross_cents   Gifts.
	 * @param int $fee_cents     Fees (negative).
	 * @param int $refund_cents  Refunds (negative).
	 * @param int $dispute_cents Disputes and their reversals.
	 * @param int $gifts         How many gifts.
	 */
	public static function of_deposit_parts( int $gross_cents, int $fee_cents, int $refund_cents, int $dispute_cents, int $gifts = 0 ): self {
		return new self( $gross_cents, -$fee_cents, -$refund_cents, -$dispute_cents, $gifts );
	}

	/**
	 * The figures of one gift from its stored values.
	 *
	 * @param string $status   Its status.
	 * @param int    $total    Total in cents.
	 * @param int    $refunded Refunded, as recorded.
	 * @param int    $lost     Lost to disputes, as recorded.
	 * @param int    $fees     Payment fee and dispute fees.
	 */
	private static function of_values( string $status, int $total, int $refunded, int $lost, int $fees ): self {
		if ( ! in_array( $status, self::RECEIVED, true ) ) {
			return new self();
		}
		$refunded = DonationStatus::PARTIALLY_REFUNDED === $status && 0 === $refunded ? $total : min( max( 0, $refunded ), $total );
		$lost     = min( max( 0, $lost ), $total - $refunded );
		return new self( $total, $fees, $refunded, $lost, 1 );
	}

	/**
	 * These figures and others added.
	 *
	 * @param self $other More figures.
	 */
	public function plus( self $other ): self {
		return new self( $this->gross_cents + $other->gross_cents, $this->fee_cents + $other->fee_cents, $this->refunded_cents + $other->refunded_cents, $this->dispute_lost_cents + $other->dispute_lost_cents, $this->gifts + $other->gifts );
	}

	/**
	 * The sum of many figures.
	 *
	 * @param self[] $figures Figures.
	 */
	public static function sum( array $figures ): self {
		$total = new self();
		foreach ( $figures as $one ) {
			$total = $total->plus( $one );
		}
		return $total;
	}

	/**
	 * What the charity kept of the gifts: gross less refunds and lost disputes.
	 */
	public function kept_cents(): int {
		return $this->gross_cents - $this->refunded_cents - $this->dispute_lost_cents;
	}

	/**
	 * What reaches the bank: kept less every fee (may be below zero: a lost dispute's fee).
	 */
	public function net_cents(): int {
		return $this->kept_cents() - $this->fee_cents;
	}

	/**
	 * The figures by name, as the reports' answer and the tests read them.
	 *
	 * @return array{gross_cents: int, fee_cents: int, refunded_cents: int, dispute_lost_cents: int, net_cents: int, kept_cents: int}
	 */
	public function to_array(): array {
		return array(
			'gross_cents'        => $this->gross_cents,
			'fee_cents'          => $this->fee_cents,
			'refunded_cents'     => $this->refunded_cents,
			'dispute_lost_cents' => $this->dispute_lost_cents,
			'net_cents'          => $this->net_cents(),
			'kept_cents'         => $this->kept_cents(),
		);
	}

	/**
	 * SQL of a donations row's refunded figure (for sums kept on write and their re-derivation),
	 * as of_row() counts it, for a received row. Fixed column names only.
	 *
	 * @param string $alias The table's alias ('' for none).
	 */
	public static function refunded_sql( string $alias = '' ): string {
		$c = self::columns( $alias );
		return "(CASE WHEN {$c['status']} = '" . DonationStatus::PARTIALLY_REFUNDED . "' AND {$c['refunded_cents']} = 0 THEN CAST({$c['total_cents']} AS SIGNED) ELSE CAST(LEAST({$c['refunded_cents']}, {$c['total_cents']}) AS SIGNED) END)";
	}

	/**
	 * SQL of a row's disputes-lost figure, as of_row() counts it, for a received row.
	 *
	 * @param string $alias The table's alias ('' for none).
	 */
	public static function dispute_lost_sql( string $alias = '' ): string {
		$c = self::columns( $alias );
		return "CAST(LEAST({$c['dispute_lost_cents']}, GREATEST(0, CAST({$c['total_cents']} AS SIGNED) - " . self::refunded_sql( $alias ) . ')) AS SIGNED)';
	}

	/**
	 * SQL of a row's kept figure, as of_row() counts it, for a received row.
	 *
	 * @param string $alias The table's alias ('' for none).
	 */
	public static function kept_sql( string $alias = '' ): string {
		$c = self::columns( $alias );
		return "(CAST({$c['total_cents']} AS SIGNED) - " . self::refunded_sql( $alias ) . ' - ' . self::dispute_lost_sql( $alias ) . ')';
	}

	/**
	 * SQL of a row's fees (payment fee, 0 while unknown, and dispute fees).
	 *
	 * @param string $alias The table's alias ('' for none).
	 */
	public static function fee_sql( string $alias = '' ): string {
		$c = self::columns( $alias );
		return "(CAST(COALESCE({$c['fee_cents']}, 0) AS SIGNED) + CAST({$c['dispute_fee_cents']} AS SIGNED))";
	}

	/**
	 * Column references with an alias.
	 *
	 * @param string $alias The alias ('' for none).
	 * @return array<string, string>
	 */
	private static function columns( string $alias ): array {
		$prefix  = '' === $alias ? '' : preg_replace( '/[^A-Za-z0-9_]/', '', $alias ) . '.';
		$columns = array();
		foreach ( array( 'status', 'total_cents', 'refunded_cents', 'dispute_lost_cents', 'fee_cents', 'dispute_fee_cents' ) as $column ) {
			$columns[ $column ] = $prefix . $column;
		}
		return $columns;
	}
}
