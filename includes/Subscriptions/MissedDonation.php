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
 * new card stays the default, so the provider's own retries will use it).
 */
final class MissedDonation {

	public const RECOVERED = 'recovered';
	public const FAILED    = 'failed';

	/**
	 * Holds the outcome.
	 *
	 * @param string $outcome  RECOVERED or FAILED.
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
}
