<?php
/**
 * The Payouts screen: a payout that does not add up says so on its page, PayPal's nets per
 * capture and what waits in the PayPal balance per month, and who may see it.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Admin;

use DonationWidget\Admin\Donations\DonationsPage;
use DonationWidget\Admin\Payouts\PayoutsPage;
use DonationWidget\Books\Payouts\BalanceTransactionRepository;
use DonationWidget\Books\Payouts\PayoutParts;
use DonationWidget\Books\Payouts\PayoutRepository;
use DonationWidget\Books\Payouts\HeldBalance;

final class PayoutsScreenTest extends AdminTestCase {

	/**
	 * The screen's output for a query.
	 *
	 * @param array<string, string> $get The query.
	 */
	private function screen( array $get = array() ): string {
		$_GET = $get;
		ob_start();
		$this->service( PayoutsPage::class )->render();
		return (string) ob_get_clean();
	}

	/**
	 * A stored payout made of a gift and its fee, whose deposit is $deposit cents.
	 *
	 * @param int $deposit Cents.
	 * @return string Its id.
	 */
	private function payout_of_one_gift( int $deposit ): string {
		$id       = 'po_' . wp_generate_password( 14, false );
		$donation = $this->insert_donation();
		$this->service( PayoutRepository::class )->save( 'stripe', $id, $deposit, 'AUD', 'paid', '2026-11-20', '2026-11-19 02:00:00' );
		$rows = array(
			array( 'charge', 5250, 119, $donation ),
			array( 'payout', -$deposit, 0, 0 ),
		);
		foreach ( $rows as list( $type, $amount, $fee, $donation_id ) ) {
			$this->service( BalanceTransactionRepository::class )->save(
				'stripe',
				array(
					'transaction_id'      => 'txn_' . wp_generate_password( 14, false ),
					'payout_id'           => $id,
					'type'                => $type,
					'reporting_category'  => $type,
					'amount_cents'        => $amount,
					'fee_cents'           => $fee,
					'net_cents'           => $amount - $fee,
					'currency'            => 'AUD',
					'source_id'           => '',
					'donation_id'         => $donation_id,
					'description'         => '',
					'provider_created_at' => '2026-11-17 01:00:00',
				)
			);
		}
		$parts = PayoutParts::of( $this->service( BalanceTransactionRepository::class )->of_payout( $id ) );
		$this->service( PayoutRepository::class )->explain( 'stripe', $id, $parts, $deposit );
		return $id;
	}

	public function test_a_payout_that_does_not_add_up_says_by_how_much_on_its_page_and_in_the_list(): void {
		$this->log_in_as( 'administrator' );
		$short = $this->payout_of_one_gift( 5000 );
		$exact = $this->payout_of_one_gift( 5131 );

		$page = $this->screen( array( 'payout' => $short ) );

		$this->assertStringContainsString( 'Payout of $50.00 on 20 November 2026', $page );
		$this->assertStringContainsString( '<strong>Does not add up.</strong>', $page );
		$this->assertStringContainsString( 'come to $51.31, but $50.00 was deposited: -$1.31 is not explained.', $page );
		$this->assertMatchesRegularExpression( '#<th scope="row">Gifts \(gross\)</th><td class="num">\$52\.50</td>#', $page );
		$this->assertMatchesRegularExpression( '#<th scope="row">Fees</th><td class="num">-\$1\.19</td>#', $page );
		$this->assertMatchesRegularExpression( '#<th scope="row">Not explained</th><td class="num"><strong>-\$1\.31</strong></td>#', $page );

		$this->assertStringContainsString( '<strong>Adds up.</strong>', $this->screen( array( 'payout' => $exact ) ) );
		$this->assertStringNotContainsString( 'Not explained', $this->screen( array( 'payout' => $exact ) ) );

		$list = $this->screen();
		$this->assertStringContainsString( 'Does not add up (-$1.31 not explained)', $list );
		$this->assertStringContainsString( esc_url( PayoutsPage::detail_url( $exact ) ), $list );
		$this->assertStringContainsString( 'This site has not recorded a payout with this ID.', $this->screen( array( 'payout' => 'po_unknown' ) ) );
	}

	public function test_paypal_shows_each_captures_net_and_per_month_what_waits_in_the_balance(): void {
		$this->log_in_as( 'administrator' );
		$paypal = array(
			'provider'          => 'paypal',
			'method'            => 'paypal',
			'payment_intent_id' => '',
		);
		$first  = $this->insert_donation(
			$paypal + array(
				'provider_reference' => 'CAPTURE-ONE',
				'total_cents'        => 5000,
				'fee_cents'          => 215,
				'net_cents'          => 4785,
				'created_at'         => '2026-10-10 01:00:00',
			)
		);
		$this->insert_donation(
			$paypal + array(
				'provider_reference' => 'CAPTURE-TWO',
				'total_cents'        => 2000,
				'fee_cents'          => 110,
				'net_cents'          => 1890,
				'refunded_cents'     => 500,
				'status'             => 'partially_refunded',
				'created_at'         => '2026-10-20 01:00:00',
			)
		);
		$this->insert_donation(
			$paypal + array(
				'provider_reference' => 'CAPTURE-THREE',
				'total_cents'        => 3000,
				'created_at'         => '2026-11-02 01:00:00',
			)
		);
		$this->insert_donation(
			$paypal + array(
				'provider_reference' => 'CAPTURE-FAILED',
				'status'             => 'failed',
				'total_cents'        => 9900,
				'fee_cents'          => 0,
				'net_cents'          => 0,
				'created_at'         => '2026-10-11 01:00:00',
			)
		);
		$this->insert_donation(
			array(
				'total_cents' => 7000,
				'fee_cents'   => 149,
				'net_cents'   => 6851,
				'created_at'  => '2026-10-12 01:00:00',
			)
		);

		$months = $this->service( HeldBalance::class )->months( 'paypal', '2026-09-30 14:00:00', '2026-11-30 13:00:00' );

		$this->assertSame(
			array(
				array(
					'month'          => '2026-11',
					'captures'       => 1,
					'gross_cents'    => 3000,
					'fee_cents'      => 0,
					'refunded_cents' => 0,
					'waiting_cents'  => 0,
					'fee_unknown'    => 1,
				),
				array(
					'month'          => '2026-10',
					'captures'       => 2,
					'gross_cents'    => 7000,
					'fee_cents'      => 325,
					'refunded_cents' => 500,
					'waiting_cents'  => 4785 + 1890 - 500,
					'fee_unknown'    => 0,
				),
			),
			$months,
			'Stripe gifts and failed captures never reach the PayPal balance.'
		);

		$screen = $this->screen(
			array(
				'paypal_from' => '2026-10-01',
				'paypal_to'   => '2026-11-30',
			)
		);
		$this->assertMatchesRegularExpression( '#<th scope="row">October 2026</th><td class="num">2</td><td class="num">\$70\.00</td><td class="num">-\$3\.25</td><td class="num">-\$5\.00</td><td class="num">\$61\.75</td>#', $screen );
		$this->assertStringContainsString( '$0.00 (1 capture&#039;s fee not known yet)', $screen );
		$this->assertMatchesRegularExpression( '#<code>CAPTURE-ONE</code></td><td class="num">\$50\.00</td><td class="num">-\$2\.15</td><td class="num">\$47\.85</td>#', $screen );
		$this->assertMatchesRegularExpression( '#<code>CAPTURE-THREE</code></td><td class="num">\$30\.00</td><td class="num">Not known yet</td><td class="num">Not known yet</td>#', $screen );
		$this->assertStringContainsString( esc_url( DonationsPage::detail_url( $first ) ), $screen );
	}

	public function test_only_those_who_see_the_donations_see_payouts(): void {
		$this->log_in_as( 'editor' );

		$result = $this->run_stoppable( fn () => $this->service( PayoutsPage::class )->render() );

		$this->assertDied( 403, $result );
		$this->assertStringNotContainsString( 'Payouts', $result['output'] );
	}
}
