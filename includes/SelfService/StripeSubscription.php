<?php
/**
 * A 4-weekly donation as Stripe has it now.
 *
 * @package DonationWidget
 */

namespace DonationWidget\SelfService;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\CardUpdate\CardDetails;

/**
 * What the manage page shows and the changes need: the next charge, a pause, the card, the item.
 */
final class StripeSubscription {

	/**
	 * Holds what Stripe answered.
	 *
	 * @param string           $id          sub_… id.
	 * @param string           $status      Stripe's status (active, trialing, past_due …).
	 * @param int              $next_charge Unix time of the next charge that will be taken (0: unknown).
	 * @param int              $period_end  Unix time the current period ends (the next invoice).
	 * @param int              $paused_until While paused: the first donation Stripe will take after the pause (no donation before it, the same as next_charge); 0 when not paused or paused with no end.
	 * @param CardDetails|null $card        The card charged.
	 * @param string           $item_id     Its si_… item.
	 * @param string           $product_id  The item's prod_… product.
	 * @param bool             $paused      Whether collection is paused (Stripe's pause_collection).
	 */
	public function __construct(
		public readonly string $id,
		public readonly string $status,
		public readonly int $next_charge,
		public readonly int $period_end,
		public readonly int $paused_until,
		public readonly ?CardDetails $card,
		public readonly string $item_id,
		public readonly string $product_id,
		public readonly bool $paused = false
	) {
	}
}
