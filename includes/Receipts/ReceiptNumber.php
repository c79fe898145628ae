<?php
/**
 * The number printed on a receipt.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Receipts;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donations\Donation;

/**
 * A prefix and the donation's receipt sequence number, zero-padded to eight digits. The number is
 * given only when the money is received (DonationRepository::give_receipt_number()), in order and
 * without gaps; a number once sent is kept in the receipt log, so a later change of prefix does
 * not renumber old receipts.
 */
final class ReceiptNumber {

	private const DIGITS = 8;

	/**
	 * The receipt number of a donation, such as REC-00000042.
	 *
	 * @param int    $sequence The donation's receipt sequence number (Donation::receipt_seq()).
	 * @param string $prefix   Prefix from the settings.
	 */
	public static function format( int $sequence, string $prefix ): string {
		return $prefix . str_pad( (string) $sequence, self::DIGITS, '0', STR_PAD_LEFT );
	}

	/**
	 * The number to show for a donation read with ReceiptLog::sent_number_column(): the one sent,
	 * else its sequence number, else '' (money not received has no receipt number).
	 *
	 * @param Donation $donation The donation.
	 * @param string   $prefix   Prefix from the settings.
	 */
	public static function shown( Donation $donation, string $prefix ): string {
		$sent = $donation->value( ReceiptLog::SENT_NUMBER );
		if ( '' !== $sent ) {
			return $sent;
		}
		return $donation->receipt_seq() > 0 ? self::format( $donation->receipt_seq(), $prefix ) : '';
	}
}
