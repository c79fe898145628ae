<?php
/**
 * MYOB AccountRight's Receive Money import.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books\Export;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * One Receive Money transaction per deposit, into the deposit account the admin set: a row per
 * allocation line (the same header cells repeated, as MYOB's import files have them) and a blank
 * row ending each transaction. The allocation lines (gifts positive; fees, refunds and
 * chargebacks negative) add up to the deposit, so the one bank line it makes matches the bank's.
 * Amounts are tax inclusive (Inclusive = X): the provider's fees include their GST.
 */
final class MyobReceiveMoney implements AccountingFormat {

	/**
	 * Builds the format.
	 *
	 * @param AccountCodes $codes The deposit account.
	 */
	public function __construct( private readonly AccountCodes $codes ) {
	}

	/**
	 * The format's name.
	 */
	public function name(): string {
		return 'myob';
	}

	/**
	 * The header row.
	 *
	 * @return list<string>
	 */
	public function header(): array {
		return array( 'Deposit Account No.', 'Date', 'Co./Last Name', 'Memo', 'Inclusive', 'Allocation Account No.', 'Amount', 'Tax Code', 'Allocation Memo' );
	}

	/**
	 * The allocation rows of each deposit, a blank row after each.
	 *
	 * @param array $lines Lines, grouped by deposit.
	 * @phpstan-param list<StatementLine> $lines
	 * @return list<list<string>>
	 */
	public function rows( array $lines ): array {
		$rows    = array();
		$deposit = null;
		foreach ( $lines as $line ) {
			if ( null !== $deposit && $deposit !== $line->payout_id ) {
				$rows[] = array();
			}
			$deposit = $line->payout_id;
			$rows[]  = array(
				$this->codes->deposit_account(),
				$line->day_month_year(),
				$line->provider,
				/* translators: 1: the provider's name, 2: its payout id. */
				sprintf( __( '%1$s payout %2$s', 'donation-widget' ), $line->provider, $line->payout_id ),
				'X',
				$line->account,
				$line->decimal(),
				AccountCodes::myob_tax( $line->tax ),
				implode( ' · ', array_filter( array( $line->description, $line->payee, $line->reference ) ) ),
			);
		}
		if ( null !== $deposit ) {
			$rows[] = array();
		}
		return $rows;
	}
}
