<?php
/**
 * One 4-weekly donation as staff see it.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Subscriptions;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donations\DonationStatus;
use DonationWidget\Donations\SubscriptionRepository;

/**
 * A subscriptions row with its donor (from the first donation) and what its payments say:
 * when it was last paid, whether the latest collection failed (past due), and when the next
 * payment is due (the last successful payment + 28 days).
 */
final class SubscriptionSummary {

	public const ACTIVE     = 'active';
	public const PAST_DUE   = 'past_due';
	public const CANCELLED  = 'cancelled';
	public const INCOMPLETE = 'incomplete';

	/**
	 * Days between two payments of a 4-weekly donation.
	 */
	public const INTERVAL_DAYS = 28;

	/**
	 * Builds the summary.
	 *
	 * @param array<string, string> $row Columns of SubscriptionQuery's SELECT.
	 */
	private function __construct( private readonly array $row ) {
	}

	/**
	 * Builds a summary from a database row.
	 *
	 * @param array<mixed> $row Column => value.
	 */
	public static function from_row( array $row ): self {
		$clean = array();
		foreach ( $row as $column => $value ) {
			if ( is_string( $column ) ) {
				$clean[ $column ] = is_scalar( $value ) ? (string) $value : '';
			}
		}
		return new self( $clean );
	}

	/**
	 * Status => label, for filters.
	 *
	 * @return array<string, string>
	 */
	public static function statuses(): array {
		return array(
			self::ACTIVE     => __( 'Active', 'donation-widget' ),
			self::PAST_DUE   => __( 'Past due', 'donation-widget' ),
			self::CANCELLED  => __( 'Cancelled', 'donation-widget' ),
			self::INCOMPLETE => __( 'Incomplete', 'donation-widget' ),
		);
	}

	/**
	 * One column ('' when absent).
	 *
	 * @param string $column Column name.
	 */
	public function value( string $column ): string {
		return $this->row[ $column ] ?? '';
	}

	/**
	 * The sub_… id.
	 */
	public function id(): string {
		return $this->value( 'subscription_id' );
	}

	/**
	 * Amount collected every 4 weeks, in cents.
	 */
	public function amount_cents(): int {
		return (int) $this->value( 'amount_cents' );
	}

	/**
	 * The donation that started it.
	 */
	public function first_donation_id(): int {
		return (int) $this->value( 'donation_id' );
	}

	/**
	 * The donor's name, or their organisation's.
	 */
	public function donor_name(): string {
		$name = trim( $this->value( 'first_name' ) . ' ' . $this->value( 'last_name' ) );
		return '' !== $name ? $name : $this->value( 'organisation_name' );
	}

	/**
	 * ACTIVE, PAST_DUE (collecting, but its latest payment failed), CANCELLED or INCOMPLETE.
	 */
	public function status(): string {
		$stored = $this->value( 'status' );
		if ( SubscriptionRepository::CANCELLED === $stored ) {
			return self::CANCELLED;
		}
		if ( SubscriptionRepository::ACTIVE === $stored ) {
			return DonationStatus::FAILED === $this->value( 'latest_status' ) ? self::PAST_DUE : self::ACTIVE;
		}
		return self::INCOMPLETE;
	}

	/**
	 * The status's label.
	 */
	public function status_label(): string {
		return self::statuses()[ $this->status() ] ?? $this->status();
	}

	/**
	 * Whether the provider still collects it.
	 */
	public function is_running(): bool {
		return in_array( $this->status(), array( self::ACTIVE, self::PAST_DUE ), true );
	}

	/**
	 * When the next payment is due (UTC, MySQL format): the last successful payment + 28 days;
	 * '' when it no longer runs or was never paid.
	 */
	public function next_payment_at(): string {
		$last = $this->value( 'last_paid_at' );
		if ( ! $this->is_running() || '' === $last ) {
			return '';
		}
		$time = strtotime( $last . ' UTC' );
		return false === $time ? '' : gmdate( 'Y-m-d H:i:s', $time + self::INTERVAL_DAYS * DAY_IN_SECONDS );
	}

	/**
	 * How many payments (successful or not) are recorded for it.
	 */
	public function payment_count(): int {
		return (int) $this->value( 'payments' );
	}
}
