<?php
/**
 * The number printed on a receipt.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Receipts;

/**
 * A prefix and the donation's row id, zero-padded to eight digits: unique because the id is,
 * stable because the id never changes (and a number once sent is kept in the receipt log, so a
 * later change of prefix does not renumber old receipts).
 */
final class ReceiptNumber {

	private const DIGITS = 8;

	/**
	 * The receipt number of a donation, such as REC-00000042.
	 *
	 * @param int    $donation_id Donation row id.
	 * @param string $prefix      Prefix from the settings.
	 */
	public static function format( int $donation_id, string $prefix ): string {
		return $prefix . str_pad( (string) $donation_id, self::DIGITS, '0', STR_PAD_LEFT );
	}
}
