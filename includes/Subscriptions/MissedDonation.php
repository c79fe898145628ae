<?php
/**
 * What happened to a past-due subscription's unpaid donation after the card was replaced.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Subscriptions;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Recovered: every open invoice was paid with the new card at once. Failed: one was not (the
 * new card stays the default, so the provider's own retries will use it). Unknown: the provider
 * did not answer whether it paid one (its answer was lost, or it was still working): the
 * reconciliation pass looks again (RecurringPayments::recheck_missed()).
 */
final class MissedDonation {

	public const RECOVERED = 'recovered';
	public const FAILED    = 'failed';
	public const UNKNOWN   = 'unknown';

	/**
	 * Holds the outcome.
	 *
	 * @param string $outcome  RECOVERED, FAILED or UNKNOWN.
	 * @param array  $invoices The in_… ids tried, in order.
	 * @phpstan-param list<string> $invoices
	 * @param string $reason   Why the last one failed ('' when recovered).
	 */
	public function __construct( public readonly string $outcome, public readonly array $invoices, public readonly string $reason = '' ) {
	}

	/**
	 * Whether the money came in.
	 */
	public function recovered(): bool {
		return self::RECOVERED === $this->outcome;
	}

	/**
	 * What the update-card widget is told (docs/widget-contract.md#7-the-calls-it-makes call 9:
	 * "recovered", "failed" or null): nothing when the provider has not said, so the donor is never
	 * told a missed donation failed when it may have been paid.
	 */
	public function answer(): ?string {
		return self::UNKNOWN === $this->outcome ? null : $this->outcome;
	}
}
