<?php
/**
 * One payout's page lists the donations whose gifts it holds, each once and in the payout's
 * order, read together: a payout of a thousand gifts costs a few queries, not one per gift.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Admin;

use DonationWidget\Admin\Donations\DonationsPage;
use DonationWidget\Admin\Payouts\PayoutsPage;
use DonationWidget\Books\Payouts\BalanceTransactionRepository;
use DonationWidget\Books\Payouts\PayoutParts;
use DonationWidget\Books\Payouts\PayoutRepository;
use DonationWidget\Database\Schema;

final class PayoutPageDonationsTest extends AdminTestCase {

	public function test_a_payouts_page_lists_its_gifts_donations_once_each_in_few_queries(): void {
		$this->log_in_as( 'administrator' );
		$payout       = 'po_' . wp_generate_password( 14, false );
		$transactions = $this->service( BalanceTransactionRepository::class );
		$gifts        = array();
		$lines        = array();
		for ( $i = 0; $i < 30; $i++ ) {
			$gifts[] = $this->insert_donation( array( 'total_cents' => 1000 + $i ) );
			$lines[] = array( 'charge', 1000 + $i, 47, end( $gifts ), sprintf( '2026-11-10 01:%02d:00', $i ) );
		}
		// A refund of the first gift is not a gift; money not from the site has no donation.
		$lines[] = array( 'refund', -500, 0, $gifts[0], '2026-11-29 01:00:00' );
		$lines[] = array( 'charge', 700, 30, 0, '2026-11-29 02:00:00' );
		$deposit = 0;
		foreach ( $lines as list( $type, $amount, $fee, $donation_id, $at ) ) {
			$deposit += $amount - $fee;
			$transactions->save( 'stripe', $this->line( $payout, $type, $amount, $fee, $donation_id, $at ) );
		}
		$transactions->save( 'stripe', $this->line( $payout, 'payout', -$deposit, 0, 0, '2026-11-30 01:00:00' ) );
		$this->service( PayoutRepository::class )->save( 'stripe', $payout, $deposit, 'AUD', 'paid', '2026-12-02', '2026-11-30 01:00:00' );
		$this->service( PayoutRepository::class )->explain( 'stripe', $payout, PayoutParts::of( $transactions->of_payout( $payout ) ), $deposit );

		$table   = Schema::table( 'donations' );
		$reads   = 0;
		$counter = static function ( $query ) use ( &$reads, $table ) {
			if ( str_contains( (string) $query, "FROM {$table}" ) ) {
				++$reads;
			}
			return $query;
		};
		$_GET    = array( 'payout' => $payout );
		add_filter( 'query', $counter );
		ob_start();
		$this->service( PayoutsPage::class )->render();
		$html = (string) ob_get_clean();
		remove_filter( 'query', $counter );

		$this->assertStringContainsString( 'Adds up.', $html );
		$this->assertSame( 1, preg_match( '#<table class="widefat striped donation-widget-payout-donations">.*?</table>#s', $html, $table_html ) );
		preg_match_all( '#<tr><td><a href="[^"]*donation=(\d+)[^"]*">#', $table_html[0], $listed );
		$this->assertSame( $gifts, array_map( 'intval', $listed[1] ), 'every gift once, in the payout\'s order, without the refund or the money not from the site' );
		$this->assertStringContainsString( esc_url( DonationsPage::detail_url( $gifts[29] ) ), $table_html[0] );
		$this->assertLessThanOrEqual( 2, $reads, 'the donations are read together, not one query per gift' );
	}

	/**
	 * A balance transaction row of a payout.
	 *
	 * @param string $payout      Payout id.
	 * @param string $type        Provider type.
	 * @param int    $amount      Gross cents.
	 * @param int    $fee         Fee cents.
	 * @param int    $donation_id Donation, 0 for none.
	 * @param string $at          UTC datetime.
	 * @return array<string, string|int>
	 */
	private function line( string $payout, string $type, int $amount, int $fee, int $donation_id, string $at ): array {
		return array(
			'transaction_id'      => 'txn_' . wp_generate_password( 14, false ),
			'payout_id'           => $payout,
			'type'                => $type,
			'reporting_category'  => $type,
			'amount_cents'        => $amount,
			'fee_cents'           => $fee,
			'net_cents'           => $amount - $fee,
			'currency'            => 'AUD',
			'source_id'           => '',
			'donation_id'         => $donation_id,
			'description'         => '',
			'provider_created_at' => $at,
		);
	}
}
