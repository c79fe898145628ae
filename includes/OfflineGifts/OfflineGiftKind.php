<?php
/**
 * How an offline gift arrived: cash, a cheque or a bank transfer.
 *
 * @package DonationWidget
 */

namespace DonationWidget\OfflineGifts;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * The method values an offline gift's donation row carries, and their names (the Reports'
 * "by payment method", the receipt, the Donations list).
 */
final class OfflineGiftKind {

	public const CASH          = 'cash';
	public const CHEQUE        = 'cheque';
	public const BANK_TRANSFER = 'bank_transfer';

	/**
	 * Method => name, in the form's order.
	 *
	 * @return array<string, string>
	 */
	public static function labels(): array {
		return array(
			self::CHEQUE        => __( 'Cheque', 'donation-widget' ),
			self::BANK_TRANSFER => __( 'Bank transfer', 'donation-widget' ),
			self::CASH          => __( 'Cash', 'donation-widget' ),
		);
	}

	/**
	 * Whether a method value is an offline gift's.
	 *
	 * @param string $method Stored method.
	 */
	public static function is_offline( string $method ): bool {
		return isset( self::labels()[ $method ] );
	}

	/**
	 * The donation_widget_payment_method_name filter: names the offline methods, unless a
	 * gateway already named the method.
	 *
	 * @param mixed $name   The name so far ('' for none).
	 * @param mixed $method The stored method.
	 * @return mixed
	 */
	public static function payment_method_name( mixed $name, mixed $method ): mixed {
		if ( ( is_string( $name ) && '' !== $name ) || ! is_string( $method ) ) {
			return $name;
		}
		return self::labels()[ $method ] ?? $name;
	}

	/**
	 * "Offline gift (cheque 123)": how a gift recorded here reads in lists and on its screen.
	 *
	 * @param string $method    Stored method.
	 * @param string $reference Cheque number or bank reference ('' for none).
	 */
	public static function describe( string $method, string $reference ): string {
		$kind = mb_strtolower( self::labels()[ $method ] ?? $method );
		$what = '' === $reference ? $kind : $kind . ' ' . $reference;
		/* translators: %s: how it was paid and its reference, such as "cheque 123" or "cash". */
		return sprintf( __( 'Offline gift (%s)', 'donation-widget' ), $what );
	}
}
