<?php
/**
 * One line of an accounting export.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books\Export;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donations\Money;

/**
 * A signed amount (money into the deposit positive, out of it negative) with what it was and the
 * account it is coded to. Each format (Xero, MYOB) writes it in its own columns.
 */
final class StatementLine {

	public const GIFT    = 'gift';
	public const FEE     = 'fee';
	public const REFUND  = 'refund';
	public const DISPUTE = 'dispute';
	public const OTHER   = 'other';

	/**
	 * Describes the line.
	 *
	 * @param string $kind         One of the constants above.
	 * @param string $payout_id    The deposit (po_…) it belongs to.
	 * @param string $date         Y-m-d: the deposit's arrival date.
	 * @param int    $amount_cents Signed cents.
	 * @param string $payee        Donor (or the provider) as the treasurer reads it.
	 * @param string $description  What it was.
	 * @param string $reference    The provider's id of it, to find it again at the provider.
	 * @param string $account      Account code ('' when the admin set none or it is not this site's).
	 * @param string $tax          Tax choice key (bas_excluded, gst_on_expenses, …), '' for none.
	 * @param string $provider     The provider's name (its gateway's label) that made the deposit.
	 * @param string $deposit_account The account the deposit is received into, when not the provider's clearing account ('' for it): offline gifts are banked directly.
	 * @param string $memo         The deposit's memo, when not "<provider> payout <id>" ('' for that).
	 */
	public function __construct(
		public readonly string $kind,
		public readonly string $payout_id,
		public readonly string $date,
		public readonly int $amount_cents,
		public readonly string $payee,
		public readonly string $description,
		public readonly string $reference,
		public readonly string $account,
		public readonly string $tax,
		public readonly string $provider = '',
		public readonly string $deposit_account = '',
		public readonly string $memo = ''
	) {
	}

	/**
	 * The amount as a plain signed number with two decimals, such as -12.30: built from the
	 * integer cents, never through a float.
	 */
	public function decimal(): string {
		return Money::dollars( $this->amount_cents );
	}

	/**
	 * The date as Australians write it (DD/MM/YYYY), as both packages read it here.
	 */
	public function day_month_year(): string {
		$parts = explode( '-', $this->date );
		return 3 === count( $parts ) ? $parts[2] . '/' . $parts[1] . '/' . $parts[0] : $this->date;
	}
}
