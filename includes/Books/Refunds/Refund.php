<?php
/**
 * One refund of a donation, as the books keep it.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books\Refunds;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * A row of the refunds table: asked for here (requested_by > 0) or made in the provider's
 * dashboard (requested_by 0), and what the provider says became of it.
 */
final class Refund {

	/** Claimed here, the provider's answer not yet recorded. */
	public const REQUESTED = 'requested';

	/** The provider said no when asked: nothing was refunded. */
	public const REFUSED = 'refused';

	/**
	 * Builds the refund from its row.
	 *
	 * @param array<string, mixed> $row The row.
	 */
	public function __construct( private readonly array $row ) {
	}

	/**
	 * Row id.
	 */
	public function id(): int {
		return (int) $this->row['id'];
	}

	/**
	 * The donation refunded.
	 */
	public function donation_id(): int {
		return (int) $this->row['donation_id'];
	}

	/**
	 * The provider's refund id ('' until the provider answered).
	 */
	public function provider_refund_id(): string {
		return (string) ( $this->row['provider_refund_id'] ?? '' );
	}

	/**
	 * How much, in cents.
	 */
	public function amount_cents(): int {
		return (int) $this->row['amount_cents'];
	}

	/**
	 * The admin's reason ('' for a refund made at the provider).
	 */
	public function reason(): string {
		return (string) $this->row['reason'];
	}

	/**
	 * Its status: requested, refused, or a ProviderRefund status.
	 */
	public function status(): string {
		return (string) $this->row['status'];
	}

	/**
	 * Why it failed or was refused, in the provider's words.
	 */
	public function failure(): string {
		return (string) $this->row['failure'];
	}

	/**
	 * The user who asked for it (0: made at the provider).
	 */
	public function requested_by(): int {
		return (int) $this->row['requested_by'];
	}

	/**
	 * When it was first recorded (UTC).
	 */
	public function created_at(): string {
		return (string) $this->row['created_at'];
	}
}
