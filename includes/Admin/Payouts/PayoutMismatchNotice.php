<?php
/**
 * The loud notice of a payout that does not add up.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Payouts;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Admin\Donations\DonationsCapability;
use DonationWidget\Books\Payouts\PayoutRepository;
use DonationWidget\Receipts\DonationFormat;

/**
 * On every admin screen, for those who see the donations: each payout whose parts do not
 * come to the deposit, until it does (a treasurer must not reconcile a deposit nobody can explain).
 */
final class PayoutMismatchNotice {

	/**
	 * Builds the notice.
	 *
	 * @param PayoutRepository $payouts Payout rows.
	 * @param ProviderLabels   $labels  The providers' names.
	 */
	public function __construct( private readonly PayoutRepository $payouts, private readonly ProviderLabels $labels ) {
	}

	/**
	 * Prints the notice (admin_notices) when a payout does not add up.
	 */
	public function print_notice(): void {
		if ( ! DonationsCapability::current_user_can() ) {
			return;
		}
		$mismatched = $this->payouts->mismatched();
		if ( array() === $mismatched ) {
			return;
		}
		$items = array();
		foreach ( $mismatched as $row ) {
			$items[] = sprintf(
				'<li><a href="%s">%s</a></li>',
				esc_url( PayoutsPage::detail_url( $row['payout_id'] ) ),
				esc_html(
					sprintf(
						/* translators: 1: the deposit, 2: its arrival date, 3: the amount not explained. */
						__( 'Payout of %1$s on %2$s: %3$s not explained', 'donation-widget' ),
						DonationFormat::money( (int) $row['amount_cents'] ),
						DonationFormat::date( $row['arrival_date'] . ' 12:00:00' ),
						DonationFormat::money( (int) $row['difference_cents'] )
					)
				)
			);
		}
		printf(
			'<div class="notice notice-error donation-widget-payout-notice"><p><strong>%s</strong> %s</p><ul>%s</ul></div>',
			esc_html__( 'Donation Widget:', 'donation-widget' ),
			esc_html(
				sprintf(
					/* translators: 1: number of payouts, 2: the provider's name. */
					_n( '%1$d %2$s payout does not add up to its bank deposit. Check it before reconciling your books.', '%1$d %2$s payouts do not add up to their bank deposits. Check them before reconciling your books.', count( $mismatched ), 'donation-widget' ),
					count( $mismatched ),
					$this->labels->paying_out()
				)
			),
			implode( '', $items ) // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- each item is escaped above.
		);
	}
}
