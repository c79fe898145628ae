<?php
/**
 * A 4-weekly donation as its provider has it now.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Subscriptions;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * What the manage page shows and the changes need: the next charge, a pause, the card.
 */
final class RecurringSubscription {

	/**
	 * Holds what the provider answered.
	 *
	 * @param string                $id            The provider's subscription id.
	 * @param string                $status        The provider's status (active, past_due …).
	 * @param int                   $next_charge   Unix time of the next charge that will be taken (0: unknown).
	 * @param int                   $period_end    Unix time the current period ends (the next invoice).
	 * @param int                   $paused_until  While paused: the first donation the provider will take after the pause (no donation before it, the same as next_charge); 0 when not paused or paused with no end.
	 * @param CardDetails|null      $card          The card charged.
	 * @param bool                  $paused        Whether collection is paused.
	 * @param array<string, string> $provider_refs What the provider needs to change it again (its own ids); the domain never reads it.
	 */
	public function __construct(
		public readonly string $id,
		public readonly string $status,
		public readonly int $next_charge,
		public readonly int $period_end,
		public readonly int $paused_until,
		public readonly ?CardDetails $card,
		public readonly bool $paused = false,
		public readonly array $provider_refs = array()
	) {
	}
}
