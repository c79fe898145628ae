<?php
/**
 * Where a gift came from: a provider's payment, or a record made here.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Donations;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * A donation's provider column names the gateway that took it; gifts no provider took carry one
 * of these instead. They have no payment at a provider, so reconciliation, payouts, fees and the
 * export's deposit lines leave them out, while totals, Reports, donors and statements count them.
 */
final class GiftOrigin {

	/**
	 * Cash, a cheque or a bank transfer staff recorded (receipted in the same sequence).
	 */
	public const OFFLINE = 'offline';

	/**
	 * A gift brought in from the charity's previous system (never receipted again).
	 */
	public const IMPORTED = 'import';

	/**
	 * The provider values of gifts recorded here rather than taken by a gateway.
	 */
	public const RECORDED_HERE = array( self::OFFLINE, self::IMPORTED );

	/**
	 * Whether a provider value is a gateway's (a payment some provider holds).
	 *
	 * @param string $provider A donation's provider column.
	 */
	public static function is_provider_payment( string $provider ): bool {
		return ! in_array( $provider, self::RECORDED_HERE, true );
	}
}
